/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The facts of the Run information block, read from /proc and /sys. */
#ifndef CTXBENCH_SYSINFO_H
#define CTXBENCH_SYSINFO_H

#include <sched.h>
#include <stddef.h>
#include <time.h>

#include "model/results.h"

/* The compiler that built ctxbench, as the report names it. */
#if defined(__clang__)
#define SYSINFO_COMPILER __VERSION__ /* "Clang 16.0.6" */
#elif defined(__GNUC__)
#define SYSINFO_COMPILER "gcc " __VERSION__
#elif defined(__VERSION__)
#define SYSINFO_COMPILER __VERSION__
#else
#define SYSINFO_COMPILER ""
#endif

/*
 * Fill the machine facts of @in from the /proc and /sys found under @root
 * ("" for the running system; tests pass a fixture tree), and the
 * compiler.  What cannot be read is left empty (the report says
 * "unknown"), never guessed.  The label, the note, the parameters of the
 * run, the allowed CPUs and the date are the caller's.
 */
void sysinfo_read(const char *root, struct result_info *in);

/*
 * The preemption model into @out, and where it was read: the model in
 * parentheses of @debugfs (/sys/kernel/debug/sched/preempt, "none
 * voluntary (full)"), "rt (lazy; sched/preempt)" on a PREEMPT_RT kernel,
 * whose list has no none or voluntary; else the PREEMPT words of the
 * kernel version string
 * @version, with a dynamic kernel's boot model from "preempt=" in
 * @cmdline or from @config, the model the kernel configuration chose
 * ("none", "voluntary", "full", "lazy", "rt" or "").  Empty when none of
 * them tells.
 */
void sysinfo_preempt(const char *debugfs, const char *version,
		     const char *cmdline, const char *config, char *out,
		     size_t size);

/*
 * One line of at most 56 characters on the @n vulnerabilities of @v (file
 * name: its state): how many are vulnerable (and which, as many as fit),
 * mitigated, not affected, or in another state.  Empty when @n is 0.
 */
void sysinfo_mitigations(const struct result_kv *v, unsigned int n, char *out,
			 size_t size);

/*
 * A summary of the halt-polling parameters @v ("module.param": value):
 * the poll windows, haltpoll's guest_halt_poll_ns and kvm's halt_poll_ns,
 * or every parameter when neither is there.  Empty when @n is 0.
 */
void sysinfo_halt_poll(const struct result_kv *v, unsigned int n, char *out,
		       size_t size);

/*
 * Where the run may go and when it starts, into @in: the @allowed CPUs,
 * the CPU quota of the cgroup under @root, and @now as the date.
 */
void sysinfo_where(const char *root, const cpu_set_t *allowed, time_t now,
		   struct result_info *in);

/* The time now, epoch seconds with their fraction, for start_s, end_s. */
double sysinfo_now(void);

/* @t as UTC ISO 8601, "2024-05-01T12:00:00Z"; empty if it cannot be. */
void sysinfo_date(time_t t, char *buf, size_t size);

#endif
