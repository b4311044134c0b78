/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The scheduler's facts of the Run information: the fair class (EEVDF or
 * CFS), a BPF scheduler of sched_ext, proxy execution, core scheduling.
 * Each is what the kernel says where it says it, else "unknown (why)".
 */
#ifndef CTXBENCH_SCHED_FACTS_H
#define CTXBENCH_SCHED_FACTS_H

#include <stddef.h>

#include "kconfig.h"
#include "model/results.h"

/*
 * The scheduler's facts of @in, read under @root (the running system's
 * when ""), from the configuration @config and what @in holds already:
 * the release, the boot command line.
 */
void sched_read(const char *root, const struct kconfig *config,
		struct result_info *in);

/*
 * The fair class into @out: "EEVDF, base slice 3 ms
 * (sched/base_slice_ns)" from debugfs' @base_slice_ns (6.6 on), "CFS, min
 * granularity 3 ms (@where)" from @min_gran_ns (debugfs' or the sysctl
 * before 5.13); else from the kernel @release, "EEVDF (release 6.18:
 * EEVDF from 6.6)"; "unknown (...)" when none of them tells.
 */
void sched_fair(const char *base_slice_ns, const char *min_gran_ns,
		const char *where, const char *release, char *out, size_t size);

/* Is the fair class of @fair (sched_fair()'s words) EEVDF?  1, 0, -1. */
int sched_fair_eevdf(const char *fair);

/* /sys/kernel/sched_ext as read: "" where a file could not be. */
struct sched_ext_files {
	int sys_kernel; /* /sys/kernel is there (sysfs is readable) */
	int dir; /* /sys/kernel/sched_ext is there (built in) */
	const char *state, *ops, *enable_seq, *switch_all;
};

/*
 * sched_ext's state into @out: "simple, all tasks (enabled; enable_seq
 * 3)", the BPF scheduler's name first (its ops), and which tasks it runs
 * (switch_all: all of them, else only those of policy SCHED_EXT); "none
 * (disabled; enable_seq 2)"; "none (no /sys/kernel/sched_ext: not built
 * in)"; "unknown (...)".
 */
void sched_ext_words(const struct sched_ext_files *x, char *out, size_t size);

/*
 * Does @words (sched_ext_words()'s) say a BPF scheduler runs every task
 * of the classes it takes (SCHED_NORMAL, BATCH, IDLE)?  1 with its name
 * in @name, 0 when it does not, -1 when unknown.
 */
int sched_ext_all(const char *words, char *name, size_t size);

/*
 * Proxy execution (6.17) into @out: "on (sched/features)" or "off" from
 * debugfs' @features where they name PROXY_EXEC; "no (kernel config)"
 * when @config lacks CONFIG_SCHED_PROXY_EXEC; built in, "on" unless
 * "sched_proxy_exec=" of @cmdline turns it off; "no (release 6.8: from
 * 6.17)" before it; else "unknown (...)".
 */
void sched_proxy(const char *features, enum kconfig_bool config,
		 const char *cmdline, const char *release, char *out,
		 size_t size);

/*
 * Core scheduling (CONFIG_SCHED_CORE, 5.14) into @out, from @err what
 * prctl(PR_SCHED_CORE, PR_SCHED_CORE_GET) gave (0, an errno, or -1 when
 * not asked: a fixture's tree) and its @cookie: "yes (prctl)", "no
 * (prctl: EINVAL)" (no such prctl); else from @config or @release;
 * "unknown (...)" when none of them tells.
 */
void sched_core(int err, unsigned long long cookie, enum kconfig_bool config,
		const char *release, char *out, size_t size);

/*
 * Does a fact of @words ("yes (...)", "on (...)") say yes?  1 when its
 * first word is @yes, 0 when it is one of the blank-separated @no, -1
 * else (unknown).
 */
int sched_said(const char *words, const char *yes, const char *no);

#endif
