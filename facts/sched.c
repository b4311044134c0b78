/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The scheduler's facts: the fair class, sched_ext, proxy execution, core
 * scheduling.
 *
 * Each fact says where it was read: debugfs (root's, when mounted), sysfs,
 * a prctl, the kernel configuration, else the release, whose version says
 * what the kernel of that release had.  What none of them tells is
 * "unknown", with why.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "kwords.h"
#include "sched.h"
#include "lib/fs.h"

#ifndef PR_SCHED_CORE
#define PR_SCHED_CORE 62
#define PR_SCHED_CORE_GET 0
#endif

#define SCHED_DEBUGFS "/sys/kernel/debug/sched"
#define SCHED_EXT "/sys/kernel/sched_ext"

/*
 * Is @release before version @v (major, minor, patch)?  1 or 0, its
 * major and minor into @ver; -1 when it does not start with a version
 * ("6.8.0-45-generic": 6.8.0).
 */
static int sched_before(const char *release, const int v[3], char *ver,
			size_t size)
{
	int a, b, c = 0;

	if (sscanf(release, "%d.%d.%d", &a, &b, &c) < 2)
		return -1;
	snprintf(ver, size, "%d.%d", a, b);
	if (a != v[0])
		return a < v[0];
	return b != v[1] ? b < v[1] : c < v[2];
}

/* The releases that brought what the facts say. */
static const int sched_cfs[3] = { 2, 6, 23 }, sched_eevdf[3] = { 6, 6, 0 };
static const int sched_core_v[3] = { 5, 14, 0 },
		 sched_proxy_v[3] = { 6, 17, 0 };

/* @ns, a count of nanoseconds alone, as milliseconds into @ms: 0 or -1. */
static int sched_ms(const char *ns, char *ms, size_t size)
{
	char *end;
	unsigned long long v;

	if (ns[0] < '0' || ns[0] > '9')
		return -1;
	errno = 0;
	v = strtoull(ns, &end, 10);
	if (errno || *end)
		return -1;
	snprintf(ms, size, "%g", (double)v / 1e6);
	return 0;
}

void sched_fair(const char *base_slice_ns, const char *min_gran_ns,
		const char *where, const char *release, char *out, size_t size)
{
	char ms[32], ver[24];
	int before;

	if (sched_ms(base_slice_ns, ms, sizeof(ms)) == 0) {
		snprintf(out, size, "EEVDF, base slice %s ms (%s)", ms,
			 "sched/base_slice_ns");
		return;
	}
	if (sched_ms(min_gran_ns, ms, sizeof(ms)) == 0) {
		snprintf(out, size, "CFS, min granularity %s ms (%s)", ms,
			 where);
		return;
	}
	before = sched_before(release, sched_eevdf, ver, sizeof(ver));
	if (before == 0)
		snprintf(out, size, "EEVDF (release %s: EEVDF from 6.6)", ver);
	else if (before == 1 &&
		 sched_before(release, sched_cfs, ver, sizeof(ver)))
		snprintf(out, size, "neither (release %s: CFS from 2.6.23)",
			 ver);
	else if (before == 1)
		snprintf(out, size, "CFS (release %s: EEVDF from 6.6)", ver);
	else
		snprintf(out, size, "unknown (no sched debugfs, no release)");
}

int sched_said(const char *words, const char *yes, const char *no)
{
	size_t n = strcspn(words, " ,");
	char first[32];

	if (!n || n >= sizeof(first))
		return -1;
	snprintf(first, sizeof(first), "%.*s", (int)n, words);
	if (strcmp(first, yes) == 0)
		return 1;
	return kwords_has(no, first) ? 0 : -1;
}

int sched_fair_eevdf(const char *fair)
{
	return sched_said(fair, "EEVDF", "CFS neither");
}

/* The scheduler of an enabled or changing state: its name, its tasks. */
static void sched_ext_on(const struct sched_ext_files *x, const char *seq,
			 char *out, size_t size)
{
	const char *name = x->ops[0] ? x->ops : "a BPF scheduler";

	if (strcmp(x->state, "enabled") != 0)
		snprintf(out, size, "%.64s, %.16s (%s)", name, x->state, seq);
	else if (strcmp(x->switch_all, "1") == 0)
		snprintf(out, size, "%.64s, all tasks (enabled; %s)", name,
			 seq);
	else if (strcmp(x->switch_all, "0") == 0)
		snprintf(out, size, "%.64s, SCHED_EXT tasks only (enabled; %s)",
			 name, seq);
	else
		snprintf(out, size, "%.64s (enabled; %s)", name, seq);
}

void sched_ext_words(const struct sched_ext_files *x, char *out, size_t size)
{
	char seq[48] = "enable_seq unknown";

	if (x->enable_seq[0])
		snprintf(seq, sizeof(seq), "enable_seq %.24s", x->enable_seq);
	if (!x->sys_kernel)
		snprintf(out, size, "unknown (no /sys/kernel)");
	else if (!x->dir)
		snprintf(out, size,
			 "none (no /sys/kernel/sched_ext: not built in)");
	else if (!x->state[0])
		snprintf(out, size, "unknown (sched_ext/state unreadable)");
	else if (strcmp(x->state, "disabled") == 0)
		snprintf(out, size, "none (disabled; %s)", seq);
	else
		sched_ext_on(x, seq, out, size);
}

int sched_ext_all(const char *words, char *name, size_t size)
{
	const char *all = strstr(words, ", all tasks (enabled;");

	name[0] = '\0';
	if (!words[0] || strncmp(words, "unknown ", 8) == 0)
		return -1;
	if (!all || strncmp(words, "none (", 6) == 0)
		return 0;
	snprintf(name, size, "%.*s", (int)(all - words), words);
	return 1;
}

/* kstrtobool(@s): 1, 0, or -1 when it is no bool. */
static int sched_bool(const char *s)
{
	if (strchr("yY1", s[0]) && s[0])
		return 1;
	if (strchr("nN0", s[0]) && s[0])
		return 0;
	if ((s[0] == 'o' || s[0] == 'O') && (s[1] == 'n' || s[1] == 'N'))
		return 1;
	if ((s[0] == 'o' || s[0] == 'O') && (s[1] == 'f' || s[1] == 'F'))
		return 0;
	return -1;
}

void sched_proxy(const char *features, enum kconfig_bool config,
		 const char *cmdline, const char *release, char *out,
		 size_t size)
{
	char param[32], ver[24];
	int given =
		kwords_param(cmdline, "sched_proxy_exec", param, sizeof(param));
	/* A bare sched_proxy_exec turns it on, as "=1" does. */
	int on = !given || !param[0] || sched_bool(param) != 0;

	if (kwords_has(features, "PROXY_EXEC"))
		snprintf(out, size, "on (sched/features)");
	else if (kwords_has(features, "NO_PROXY_EXEC"))
		snprintf(out, size, "off (sched/features)");
	else if (config == KCONFIG_NO)
		snprintf(out, size, "no (kernel config)");
	else if (config == KCONFIG_YES && given)
		snprintf(out, size, "%s (sched_proxy_exec%s%.16s)",
			 on ? "on" : "off", param[0] ? "=" : "", param);
	else if (config == KCONFIG_YES)
		snprintf(out, size, "on (kernel config)");
	else if (sched_before(release, sched_proxy_v, ver, sizeof(ver)) == 1)
		snprintf(out, size, "no (release %s: from 6.17)", ver);
	else if (given)
		snprintf(out, size,
			 "unknown (sched_proxy_exec given; no kernel config)");
	else
		snprintf(out, size,
			 "unknown (no sched/features or kernel config)");
}

void sched_core(int err, unsigned long long cookie, enum kconfig_bool config,
		const char *release, char *out, size_t size)
{
	char ver[24];

	if (err == 0)
		snprintf(out, size, "%s (prctl)",
			 cookie ? "yes, ctxbench has a cookie" : "yes");
	else if (err == ENODEV) /* built in, and no SMT to share */
		snprintf(out, size, "yes, no SMT (prctl: ENODEV)");
	else if (err == EINVAL) /* no such prctl: not built in */
		snprintf(out, size, "no (prctl: EINVAL)");
	else if (config != KCONFIG_UNKNOWN)
		snprintf(out, size, "%s (kernel config)",
			 config == KCONFIG_YES ? "yes" : "no");
	else if (sched_before(release, sched_core_v, ver, sizeof(ver)) == 1)
		snprintf(out, size, "no (release %s: from 5.14)", ver);
	else if (err > 0)
		snprintf(out, size, "unknown (prctl: %.32s)", strerror(err));
	else
		snprintf(out, size, "unknown (no prctl or kernel config)");
}

/* What PR_SCHED_CORE_GET of ctxbench itself gives: 0 or an errno. */
static int sched_core_get(unsigned long long *cookie)
{
	*cookie = 0;
	/* pid 0 is the caller; PIDTYPE_PID, 0, is one task. */
	if (prctl(PR_SCHED_CORE, PR_SCHED_CORE_GET, 0, 0,
		  (unsigned long)cookie) == 0)
		return 0;
	return errno;
}

/* sched_ext's files under @root into @out. */
static void sched_ext_read(const char *root, char *out, size_t size)
{
	char state[32], ops[136], seq[32], all[8];
	struct sched_ext_files x = { 0, 0, state, ops, seq, all };

	x.sys_kernel = fs_is_dir(root, "/sys/kernel");
	x.dir = fs_is_dir(root, SCHED_EXT);
	fs_read_line(root, SCHED_EXT "/state", state, sizeof(state));
	fs_read_line(root, SCHED_EXT "/root/ops", ops, sizeof(ops));
	fs_read_line(root, SCHED_EXT "/enable_seq", seq, sizeof(seq));
	fs_read_line(root, SCHED_EXT "/switch_all", all, sizeof(all));
	sched_ext_words(&x, out, size);
}

void sched_read(const char *root, const struct kconfig *config,
		struct result_info *in)
{
	char slice[32], gran[32], features[1024];
	const char *where = "sched/min_granularity_ns";
	unsigned long long cookie = 0;
	int err = -1;

	fs_read_line(root, SCHED_DEBUGFS "/base_slice_ns", slice,
		     sizeof(slice));
	/* CFS: debugfs from 5.13, a sysctl before. */
	if (fs_read_line(root, SCHED_DEBUGFS "/min_granularity_ns", gran,
			 sizeof(gran)) < 0 &&
	    fs_read_line(root, "/proc/sys/kernel/sched_min_granularity_ns",
			 gran, sizeof(gran)) == 0)
		where = "sysctl";
	sched_fair(slice, gran, where, in->kernel, in->fair_sched,
		   sizeof(in->fair_sched));
	sched_ext_read(root, in->sched_ext, sizeof(in->sched_ext));
	fs_read_line(root, SCHED_DEBUGFS "/features", features,
		     sizeof(features));
	sched_proxy(features, config->proxy_exec, in->boot_cmdline, in->kernel,
		    in->proxy_exec, sizeof(in->proxy_exec));
	/* The prctl is the running kernel's, not a fixture tree's. */
	if (!root[0])
		err = sched_core_get(&cookie);
	sched_core(err, cookie, config->sched_core, in->kernel, in->core_sched,
		   sizeof(in->core_sched));
}
