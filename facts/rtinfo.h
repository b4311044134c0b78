/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The facts of the Run information that decide real-time behaviour: RT
 * throttling, CPU isolation and threaded interrupts.
 */
#ifndef CTXBENCH_RTINFO_H
#define CTXBENCH_RTINFO_H

#include <stddef.h>

#include "model/results.h"

/*
 * Read kernel.sched_rt_runtime_us and sched_rt_period_us under @root and
 * fill @in's RT facts from them and from @in's boot command line and
 * preemption model (read before).  What cannot be read stays empty.
 */
void rtinfo_read(const char *root, struct result_info *in);

/*
 * RT throttling from the two sysctls as read (empty: unknown): "on:
 * 950000 of 1000000 us (95%)", "off (sched_rt_runtime_us -1)"; empty
 * when the runtime is unknown.
 */
void rtinfo_throttling(const char *runtime_us, const char *period_us, char *out,
		       size_t size);

/*
 * The isolcpus= and nohz_full= words of @cmdline, "isolcpus=2-3
 * nohz_full=2-3", or "none"; empty when @cmdline is.
 */
void rtinfo_isolation(const char *cmdline, char *out, size_t size);

/*
 * Whether interrupt handlers run in threads: "yes (threadirqs)", "yes
 * (forced: PREEMPT_RT)" (@preempt, the model, says rt), or "no"; empty
 * when @cmdline is.
 */
void rtinfo_irqs(const char *cmdline, const char *preempt, char *out,
		 size_t size);

#endif
