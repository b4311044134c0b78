/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The facts of the Run information block: the CPU, the host, the kernel.
 *
 * Run information: the CPU, the host, the kernel and how it was built and
 * booted, what the CPUs do when idle or boosted, and whether the machine
 * is virtual, read from /proc and /sys under a root that tests replace by
 * a fixture tree.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup.h"
#include "cores.h"
#include "emulation.h"
#include "kconfig.h"
#include "kwords.h"
#include "rtinfo.h"
#include "sched.h"
#include "sysinfo.h"
#include "tick.h"
#include "tsc.h"
#include "lib/cpulist.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "lib/util.h"

#define SYSINFO_CPU "/sys/devices/system/cpu"
#define SYSINFO_NAME_MAX 64 /* longer file names are nobody's we read */
/* A file in one of our directories (under 96 bytes): a name and a file. */
#define SYSINFO_FILE_MAX (96 + 2 * SYSINFO_NAME_MAX)
#define SYSINFO_MITIGATIONS_W 56 /* the widest summary of mitigations */

/*
 * The system's text is anybody's (a host name may hold anything): what
 * the Run information prints and saves is one line of printable UTF-8,
 * the rest written \xNN (text_clean()), on both sides alike.
 */
static int sysinfo_line(const char *root, const char *path, char *buf,
			size_t size)
{
	int rc = fs_read_line(root, path, buf, size);

	text_clean(buf, size);
	return rc;
}

static int sysinfo_keyed(const char *root, const char *path,
			 const char *const *keys, char *buf, size_t size)
{
	int rc = fs_read_keyed(root, path, keys, buf, size);

	if (rc == 0)
		text_clean(buf, size);
	return rc;
}

static int sysinfo_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The directory @root@path opened, or NULL. */
static DIR *sysinfo_opendir(const char *root, const char *path)
{
	char *dir;
	DIR *d;

	if (asprintf(&dir, "%s%s", root, path) < 0)
		return NULL;
	d = opendir(dir);
	free(dir);
	return d;
}

/*
 * The names in the directory @root@path that start with @prefix, sorted,
 * in *@names (free() it); their count, or -1 when the directory cannot be
 * read.
 */
static int sysinfo_names(const char *root, const char *path, const char *prefix,
			 char (**names)[SYSINFO_NAME_MAX])
{
	struct dirent *e;
	int n = 0, cap = 0;
	DIR *d = sysinfo_opendir(root, path);

	*names = NULL;
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' ||
		    strncmp(e->d_name, prefix, strlen(prefix)) != 0 ||
		    strlen(e->d_name) >= SYSINFO_NAME_MAX)
			continue;
		if (n == cap) {
			void *tmp =
				realloc(*names, (size_t)(cap ? cap * 2 : 32) *
							sizeof(**names));

			if (!tmp)
				break; /* what was read so far */
			*names = tmp;
			cap = cap ? cap * 2 : 32;
		}
		snprintf((*names)[n++], SYSINFO_NAME_MAX, "%.*s",
			 SYSINFO_NAME_MAX - 1, e->d_name);
	}
	closedir(d);
	if (n)
		qsort(*names, (size_t)n, sizeof(**names), sysinfo_cmp);
	return n;
}

static int sysinfo_dir_exists(const char *root, const char *path)
{
	DIR *d = sysinfo_opendir(root, path);

	if (d)
		closedir(d);
	return d != NULL;
}

/* Add @value to the comma list @list unless it is there or empty. */
static void sysinfo_add_distinct(char *list, size_t size, const char *value)
{
	size_t vlen = strlen(value), len = strlen(list);

	if (!vlen)
		return;
	for (const char *p = list; *p;) {
		size_t n = strcspn(p, ",");

		if (n == vlen && strncmp(p, value, n) == 0)
			return;
		p += n + (p[n] == ',');
	}
	snprintf(list + len, size - len, "%s%s", len ? "," : "", value);
}

static int sysinfo_model_ok(const char *model)
{
	return strcmp(model, "none") == 0 || strcmp(model, "voluntary") == 0 ||
	       strcmp(model, "full") == 0 || strcmp(model, "lazy") == 0;
}

/* Does the kernel version @version say PREEMPT_RT? */
static int sysinfo_version_rt(const char *version)
{
	/* init/Makefile: the last of PREEMPT, PREEMPT_DYNAMIC, PREEMPT_RT. */
	return kwords_has(version, "PREEMPT_RT") ||
	       (kwords_has(version, "PREEMPT") && kwords_has(version, "RT"));
}

/*
 * The model in parentheses of sched/preempt's @debugfs into @out: 1, or
 * 0 when it names none.  A PREEMPT_RT kernel lists neither none nor
 * voluntary there (sched_dynamic_show()), only full and lazy, which it
 * runs on top of RT.
 */
static int sysinfo_preempt_debugfs(const char *debugfs, const char *version,
				   char *out, size_t size)
{
	const char *lp = strchr(debugfs, '(');
	const char *rp = lp ? strchr(lp, ')') : NULL;

	if (!lp || !rp || rp <= lp + 1)
		return 0;
	if (sysinfo_version_rt(version) ||
	    (!strstr(debugfs, "none") && !strstr(debugfs, "voluntary")))
		snprintf(out, size, "rt (%.*s; sched/preempt)",
			 (int)(rp - lp - 1), lp + 1);
	else
		snprintf(out, size, "%.*s (sched/preempt)", (int)(rp - lp - 1),
			 lp + 1);
	return 1;
}

void sysinfo_preempt(const char *debugfs, const char *version,
		     const char *cmdline, const char *config, char *out,
		     size_t size)
{
	char boot[16];

	if (sysinfo_preempt_debugfs(debugfs, version, out, size))
		return;
	if (sysinfo_version_rt(version)) {
		snprintf(out, size, "rt (kernel version)");
	} else if (kwords_has(version, "PREEMPT_DYNAMIC")) {
		/* The model chosen at boot; root may change it since. */
		if (kwords_param(cmdline, "preempt", boot, sizeof(boot)) &&
		    sysinfo_model_ok(boot))
			snprintf(out, size, "%s at boot (dynamic; preempt=%s)",
				 boot, boot);
		else if (sysinfo_model_ok(config))
			snprintf(out, size,
				 "%s at boot (dynamic; kernel config)", config);
		else
			snprintf(out, size, "dynamic (kernel version)");
	} else if (kwords_has(version, "PREEMPT_LAZY")) {
		snprintf(out, size, "lazy (kernel version)");
	} else if (kwords_has(version, "PREEMPT")) {
		snprintf(out, size, "full (kernel version)");
	} else if (version[0]) {
		/* A configuration that says otherwise is not this kernel's. */
		if (strcmp(config, "none") == 0 ||
		    strcmp(config, "voluntary") == 0)
			snprintf(out, size, "%s (kernel config)", config);
		else
			snprintf(out, size,
				 "none or voluntary (kernel version)");
	} else if (config[0]) {
		snprintf(out, size, "%s (kernel config)", config);
	} else {
		out[0] = '\0';
	}
}

enum sysinfo_vuln { VULN_VULNERABLE, VULN_MITIGATED, VULN_NOT, VULN_UNKNOWN };

/* How the kernel's words for a vulnerability's state read. */
static enum sysinfo_vuln sysinfo_vuln_state(const char *state)
{
	if (strncmp(state, "KVM: ", 5) == 0) /* itlb_multihit */
		state += 5;
	if (strncmp(state, "Not affected", 12) == 0)
		return VULN_NOT;
	if (strncmp(state, "Vulnerable", 10) == 0 ||
	    strncmp(state, "Processor vulnerable", 20) == 0)
		return VULN_VULNERABLE;
	if (strncmp(state, "Mitigation", 10) == 0)
		return VULN_MITIGATED;
	return VULN_UNKNOWN; /* "Unknown: Dependent on hypervisor status" */
}

static void sysinfo_append(char *out, size_t size, size_t *len, const char *fmt,
			   ...) __attribute__((format(printf, 4, 5)));

/*
 * Append to the string @out of @size at *@len; *@len counts what did not
 * fit too, so that a caller can tell.
 */
static void sysinfo_append(char *out, size_t size, size_t *len, const char *fmt,
			   ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	if (*len < size)
		n = vsnprintf(out + *len, size - *len, fmt, ap);
	else
		n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		*len += (size_t)n;
}

/*
 * The summary with the first @names vulnerable ones named, and the count
 * of those not affected unless @skip_not; its length, whole.
 */
static size_t sysinfo_vuln_line(const struct result_kv *v, unsigned int n,
				const unsigned int *count, unsigned int names,
				int skip_not, char *out, size_t size)
{
	static const char *const word[] = { "vulnerable", "mitigated",
					    "not affected", "unknown" };
	size_t len = 0;

	out[0] = '\0';
	for (int k = VULN_VULNERABLE; k <= VULN_UNKNOWN; k++) {
		unsigned int shown = 0;

		if (!count[k] || (k == VULN_NOT && skip_not))
			continue;
		sysinfo_append(out, size, &len, "%s%u %s", len ? ", " : "",
			       count[k], word[k]);
		for (unsigned int i = 0;
		     k == VULN_VULNERABLE && i < n && shown < names; i++)
			if (sysinfo_vuln_state(v[i].value) == VULN_VULNERABLE)
				sysinfo_append(out, size, &len, "%s%s",
					       shown++ ? "," : " (", v[i].key);
		if (shown && shown < count[k])
			sysinfo_append(out, size, &len, " +%u",
				       count[k] - shown);
		if (shown)
			sysinfo_append(out, size, &len, ")");
	}
	return len;
}

void sysinfo_mitigations(const struct result_kv *v, unsigned int n, char *out,
			 size_t size)
{
	unsigned int count[4] = { 0 };
	char line[512];

	out[0] = '\0';
	if (!n)
		return;
	for (unsigned int i = 0; i < n; i++)
		count[sysinfo_vuln_state(v[i].value)]++;
	/*
	 * Which ones are vulnerable matters most, then how many are not
	 * affected (the rest, when left out): as many names as fit.
	 */
	for (unsigned int names = count[VULN_VULNERABLE] + 1; names-- > 0;) {
		for (int skip_not = 0; skip_not < 2; skip_not++) {
			if (sysinfo_vuln_line(v, n, count, names, skip_not,
					      line, sizeof(line)) <=
			    SYSINFO_MITIGATIONS_W) {
				snprintf(out, size, "%s", line);
				return;
			}
		}
	}
}

void sysinfo_halt_poll(const struct result_kv *v, unsigned int n, char *out,
		       size_t size)
{
	static const char *const windows[] = { "haltpoll.guest_halt_poll_ns",
					       "kvm.halt_poll_ns", NULL };
	size_t len = 0;

	out[0] = '\0';
	for (const char *const *w = windows; *w; w++)
		for (unsigned int i = 0; i < n; i++)
			if (strcmp(v[i].key, *w) == 0)
				sysinfo_append(out, size, &len, "%s%s=%s",
					       len ? ", " : "",
					       strchr(*w, '.') + 1, v[i].value);
	if (len)
		return;
	for (unsigned int i = 0; i < n; i++)
		sysinfo_append(out, size, &len, "%s%s=%s", i ? ", " : "",
			       v[i].key, v[i].value);
}

double sysinfo_now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts) < 0)
		return 0;
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void sysinfo_date(time_t t, char *buf, size_t size)
{
	struct tm tm;

	if (!size)
		return;
	if (!gmtime_r(&t, &tm) ||
	    !strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm))
		buf[0] = '\0';
}

/* Every file of @path (@prefix...) as "@module.file": value into @in. */
static void sysinfo_params(const char *root, const char *path,
			   const char *module, const char *prefix,
			   struct result_info *in)
{
	char(*names)[SYSINFO_NAME_MAX];
	int n = sysinfo_names(root, path, prefix, &names);

	for (int i = 0; i < n && in->nhalt_poll < RESULT_MAX_HALT_POLL; i++) {
		struct result_kv *kv = &in->halt_poll_params[in->nhalt_poll];
		char file[SYSINFO_FILE_MAX];

		snprintf(file, sizeof(file), "%s/%s", path, names[i]);
		if (sysinfo_line(root, file, kv->value, sizeof(kv->value)) < 0)
			continue; /* a parameter only root may read */
		snprintf(kv->key, sizeof(kv->key), "%s.%s", module, names[i]);
		text_clean(kv->key, sizeof(kv->key));
		in->nhalt_poll++;
	}
	free(names);
}

static void sysinfo_halt_polling(const char *root, struct result_info *in)
{
	in->nhalt_poll = 0;
	sysinfo_params(root, "/sys/module/haltpoll/parameters", "haltpoll", "",
		       in);
	sysinfo_params(root, "/sys/module/cpuidle_haltpoll/parameters",
		       "cpuidle_haltpoll", "", in);
	sysinfo_params(root, "/sys/module/kvm/parameters", "kvm",
		       "halt_poll_ns", in);
	sysinfo_halt_poll(in->halt_poll_params, in->nhalt_poll, in->halt_poll,
			  sizeof(in->halt_poll));
	/* The modules are readable, and none of them polls. */
	if (!in->nhalt_poll && sysinfo_dir_exists(root, "/sys/module"))
		snprintf(in->halt_poll, sizeof(in->halt_poll), "none");
}

static void sysinfo_vulnerabilities(const char *root, struct result_info *in)
{
	static const char dir[] = SYSINFO_CPU "/vulnerabilities";
	char(*names)[SYSINFO_NAME_MAX];
	int n = sysinfo_names(root, dir, "", &names);

	in->nvulns = 0;
	for (int i = 0; i < n && in->nvulns < RESULT_MAX_VULNS; i++) {
		struct result_kv *kv = &in->vulns[in->nvulns];
		char file[SYSINFO_FILE_MAX];

		snprintf(file, sizeof(file), "%s/%s", dir, names[i]);
		if (sysinfo_line(root, file, kv->value, sizeof(kv->value)) < 0)
			continue;
		snprintf(kv->key, sizeof(kv->key), "%s", names[i]);
		text_clean(kv->key, sizeof(kv->key));
		in->nvulns++;
	}
	free(names);
	sysinfo_mitigations(in->vulns, in->nvulns, in->mitigations,
			    sizeof(in->mitigations));
}

/* "on" or "off" for a file holding 1 or 0 (@on_is is what means on). */
static const char *sysinfo_onoff(const char *v, const char *on_is)
{
	if (strcmp(v, "0") != 0 && strcmp(v, "1") != 0)
		return NULL;
	return strcmp(v, on_is) == 0 ? "on" : "off";
}

/* The cpufreq driver and governor of every policy, and turbo / boost. */
static void sysinfo_cpufreq(const char *root, struct result_info *in)
{
	static const char dir[] = SYSINFO_CPU "/cpufreq";
	char(*names)[SYSINFO_NAME_MAX];
	char buf[256], boost[16] = "";
	const char *state;
	int n = sysinfo_names(root, dir, "policy", &names);

	in->cpufreq_driver[0] = in->cpufreq_governor[0] = in->boost[0] = '\0';
	for (int i = 0; i < n; i++) {
		char file[SYSINFO_FILE_MAX];

		snprintf(file, sizeof(file), "%s/%s/scaling_driver", dir,
			 names[i]);
		if (sysinfo_line(root, file, buf, sizeof(buf)) == 0)
			sysinfo_add_distinct(in->cpufreq_driver,
					     sizeof(in->cpufreq_driver), buf);
		snprintf(file, sizeof(file), "%s/%s/scaling_governor", dir,
			 names[i]);
		if (sysinfo_line(root, file, buf, sizeof(buf)) == 0)
			sysinfo_add_distinct(in->cpufreq_governor,
					     sizeof(in->cpufreq_governor), buf);
		snprintf(file, sizeof(file), "%s/%s/boost", dir, names[i]);
		if (sysinfo_line(root, file, buf, sizeof(buf)) == 0)
			sysinfo_add_distinct(boost, sizeof(boost), buf);
	}
	free(names);
	if (n == 0) { /* cpufreq is there, and drives no CPU */
		snprintf(in->cpufreq_driver, sizeof(in->cpufreq_driver),
			 "none");
		snprintf(in->cpufreq_governor, sizeof(in->cpufreq_governor),
			 "none");
	}

	if (sysinfo_line(root, SYSINFO_CPU "/intel_pstate/no_turbo", buf,
			 sizeof(buf)) == 0 &&
	    (state = sysinfo_onoff(buf, "0")))
		snprintf(in->boost, sizeof(in->boost),
			 "%s (intel_pstate no_turbo=%.1s)", state, buf);
	else if (sysinfo_line(root, SYSINFO_CPU "/cpufreq/boost", buf,
			      sizeof(buf)) == 0 &&
		 (state = sysinfo_onoff(buf, "1")))
		snprintf(in->boost, sizeof(in->boost),
			 "%s (cpufreq boost=%.1s)", state, buf);
	else if ((state = sysinfo_onoff(boost, "1")))
		snprintf(in->boost, sizeof(in->boost),
			 "%s (cpufreq policy boost=%.1s)", state, boost);
	else if (strcmp(boost, "0,1") == 0 || strcmp(boost, "1,0") == 0)
		snprintf(in->boost, sizeof(in->boost),
			 "mixed (cpufreq policy boost)");
}

/* SMT control and whether siblings are online: "on, active". */
static void sysinfo_smt(const char *root, struct result_info *in)
{
	char control[32], active[8];
	const char *a = "";

	sysinfo_line(root, SYSINFO_CPU "/smt/control", control,
		     sizeof(control));
	sysinfo_line(root, SYSINFO_CPU "/smt/active", active, sizeof(active));
	if (strcmp(active, "1") == 0)
		a = "active";
	else if (strcmp(active, "0") == 0)
		a = "inactive";
	snprintf(in->smt, sizeof(in->smt), "%s%s%s", control,
		 control[0] && a[0] ? ", " : "", a);
}

/*
 * Virtual when the CPU says a hypervisor runs it (x86's "hypervisor"
 * flag) or the kernel found one (/sys/hypervisor/type); not virtual when
 * the CPU flags say nothing of one; else unknown.  The machine as the
 * firmware names it (DMI), on its own line.
 */
static void sysinfo_virt(const char *root, const char *flags,
			 struct result_info *in)
{
	char type[32], vendor[96], product[96], sig[16] = "";
	int flag = flags ? kwords_has(flags, "hypervisor") : -1;
	/* The CPU's own word is the running system's, not a fixture's. */
	int has_sig = root[0] ? -1 : emulation_signature(sig, sizeof(sig));

	sysinfo_line(root, "/sys/hypervisor/type", type, sizeof(type));
	if (flag == 1 || type[0])
		snprintf(in->virt, sizeof(in->virt), "yes (%s%s%s)",
			 flag == 1 ? "hypervisor flag" : "",
			 flag == 1 && type[0] ? ", " : "", type);
	else if (flag == 0)
		snprintf(in->virt, sizeof(in->virt), "no (no hypervisor flag)");
	else
		in->virt[0] = '\0';

	sysinfo_line(root, "/sys/class/dmi/id/sys_vendor", vendor,
		     sizeof(vendor));
	sysinfo_line(root, "/sys/class/dmi/id/product_name", product,
		     sizeof(product));
	snprintf(in->machine, sizeof(in->machine), "%s%s%s", vendor,
		 vendor[0] && product[0] ? " " : "", product);
	emulation_classify(has_sig, sig, in->cpu_type, in->emulated,
			   sizeof(in->emulated));
}

/*
 * The machine and its boot: the CPU's model and clock, the host's name,
 * the kernel's release, which boot (invocations of one boot are not
 * replicates of it) and the CPUs online.
 */
static void sysinfo_machine(const char *root, struct result_info *in)
{
	static const char *const model[] = { "model name", "cpu model",
					     "Processor", "cpu", NULL };
	static const char *const mhz[] = { "cpu MHz", "clock", NULL };

	in->cpu_type[0] = in->cpu_mhz[0] = '\0';
	sysinfo_keyed(root, "/proc/cpuinfo", model, in->cpu_type,
		      sizeof(in->cpu_type));
	sysinfo_keyed(root, "/proc/cpuinfo", mhz, in->cpu_mhz,
		      sizeof(in->cpu_mhz));
	sysinfo_line(root, "/proc/sys/kernel/hostname", in->hostname,
		     sizeof(in->hostname));
	sysinfo_line(root, "/proc/sys/kernel/osrelease", in->kernel,
		     sizeof(in->kernel));
	/* Which boot: invocations of one boot are not replicates of it. */
	sysinfo_line(root, "/proc/sys/kernel/random/boot_id", in->boot_id,
		     sizeof(in->boot_id));
	in->ncpu = 0;
	if (sysinfo_line(root, SYSINFO_CPU "/online", in->cpus_online,
			 sizeof(in->cpus_online)) == 0) {
		int n = cpulist_count(in->cpus_online);

		in->ncpu = n > 0 ? n : 0;
		if (n <= 0)
			in->cpus_online[0] = '\0';
	}
}

/*
 * The running kernel's build and preemption: its version and command
 * line, CONFIG_HZ (measured where no configuration is readable) and the
 * preemption model, from what debugfs, the version, the command line and
 * the configuration each say.
 */
static void sysinfo_kernel(const char *root, struct result_info *in,
			   struct kconfig *config)
{
	char debugfs[128];

	sysinfo_line(root, "/proc/sys/kernel/version", in->kernel_version,
		     sizeof(in->kernel_version));
	sysinfo_line(root, "/proc/cmdline", in->boot_cmdline,
		     sizeof(in->boot_cmdline));
	kconfig_read(root, in->kernel, config);
	snprintf(in->config_hz, sizeof(in->config_hz), "%s", config->hz);
	/* No configuration to read: measure the running kernel's tick. */
	if (!in->config_hz[0] && !root[0])
		tick_measure(root, in->config_hz, sizeof(in->config_hz));
	/* Readable by root only; its older name before 5.13. */
	if (sysinfo_line(root, "/sys/kernel/debug/sched/preempt", debugfs,
			 sizeof(debugfs)) < 0)
		sysinfo_line(root, "/sys/kernel/debug/sched_preempt", debugfs,
			     sizeof(debugfs));
	sysinfo_preempt(debugfs, in->kernel_version, in->boot_cmdline,
			config->model, in->preempt, sizeof(in->preempt));
}

void sysinfo_read(const char *root, struct result_info *in)
{
	struct kconfig config;
	char *flags; /* of /proc/cpuinfo, read once: reading it is slow */
	int cpuinfo = kwords_cpu_flags(root, &flags);

	sysinfo_machine(root, in);
	sysinfo_kernel(root, in, &config);
	sched_read(root, &config, in);
	rtinfo_read(root, in);
	sysinfo_vulnerabilities(root, in);

	sysinfo_cpufreq(root, in);
	sysinfo_line(root, SYSINFO_CPU "/cpuidle/current_driver",
		     in->cpuidle_driver, sizeof(in->cpuidle_driver));
	if (sysinfo_line(root, SYSINFO_CPU "/cpuidle/current_governor",
			 in->cpuidle_governor,
			 sizeof(in->cpuidle_governor)) < 0)
		sysinfo_line(root, SYSINFO_CPU "/cpuidle/current_governor_ro",
			     in->cpuidle_governor,
			     sizeof(in->cpuidle_governor));
	sysinfo_halt_polling(root, in);
	sysinfo_smt(root, in);
	cores_read(root, in);
	sysinfo_virt(root, flags, in);
	sysinfo_line(root,
		     "/sys/devices/system/clocksource/clocksource0/"
		     "current_clocksource",
		     in->clocksource, sizeof(in->clocksource));
	tsc_read(root, cpuinfo, flags, in);
	free(flags);
	snprintf(in->compiler, sizeof(in->compiler), "%s", SYSINFO_COMPILER);
}

void sysinfo_where(const char *root, const cpu_set_t *allowed, time_t now,
		   struct result_info *in)
{
	cpulist_format(allowed, in->cpus_allowed, sizeof(in->cpus_allowed));
	cgroup_quota(root, in->cpu_quota, sizeof(in->cpu_quota));
	sysinfo_date(now, in->date, sizeof(in->date));
	in->start_s = sysinfo_now();
}
