/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Whether something else took the CPUs of a run: steal by the hypervisor,
 * other tasks, interrupts, a clock that moved.  Computed from two
 * procstat snapshots taken around the run; pure, so tests feed fixtures.
 */
#ifndef CTXBENCH_DISTURB_H
#define CTXBENCH_DISTURB_H

#include <sched.h>

#include "run/procstat.h"

/*
 * The thresholds, written here once; the README quotes them.
 *
 * The capacity of a run is its elapsed time times the number of CPUs it
 * used.  A run is disturbed when the hypervisor's steal plus the time
 * other tasks ran on those CPUs exceeds DISTURB_MAX_SHARE of the
 * capacity, or when the frequency of one of those CPUs changed by more
 * than DISTURB_MAX_FREQ of its value at the start.
 *
 * /proc/stat truncates each counter to whole ticks, so the difference of
 * two snapshots can read up to one tick high in each of the counters that
 * enter the sum (user, system, steal).  DISTURB_SLACK_TICKS per CPU used
 * is therefore subtracted before the share is compared: a 1 s run on one
 * CPU at 100 ticks per second is disturbed above 5 %, a 5 s run above
 * 2.6 %, a 30 s run above 2.1 %.  The shares reported are not reduced.
 */
#define DISTURB_MAX_SHARE 0.02 /* 2 % of the capacity */
#define DISTURB_MAX_FREQ 0.05 /* 5 % of the starting frequency */
#define DISTURB_SLACK_TICKS 3 /* per CPU used */

/*
 * Each share is a fraction of the capacity, never negative; NAN when it
 * cannot be known: a CPU used was offline in a snapshot or past
 * PROCSTAT_MAX_CPUS, a counter went backwards (CPU hotplug), no CPU or
 * no time was given, or (other_share only) the participants' CPU time
 * was not given.
 */
struct disturb {
	double steal_share; /* steal: the hypervisor ran someone else */
	double irq_share; /* irq + softirq */
	/* user + nice + system less the participants' own CPU time */
	double other_share;
	/*
	 * The largest relative change of one CPU's frequency, signed
	 * ((end - start) / start); NAN when no CPU's frequency is known at
	 * both ends.
	 */
	double freq_change;
	int disturbed; /* 1 when a threshold above was passed */
	/*
	 * Why, for the report: "steal 3.1% of CPU 0", "other tasks took
	 * 48.0% of CPUs 0-1", "CPU 2 clock -12.0% (3000 to 2640 MHz)",
	 * "CPU 1 counters went backwards: shares unknown", parts joined by
	 * "; ".  Empty when the run was not disturbed and all was known.
	 */
	char why[96];
};

/*
 * Judge a run from the snapshots @before and @after over the CPUs in
 * @cpus_used.  @participants_cpu_s is the user + system time of all the
 * participants (negative: unknown); it comes from their rusage, which
 * covers their whole life, so take @before before the first of them
 * starts and @after once the last is reaped.  @elapsed_s is the time
 * between the snapshots, @hz the tick of /proc/stat
 * (sysconf(_SC_CLK_TCK)).
 *
 * @khz_before and @khz_after hold one frequency per CPU of @cpus_used,
 * in increasing CPU order, 0 or less where unknown (procstat_freq_read()
 * failed); either may be NULL.  An idle CPU runs slow, so read them once
 * the participants are running and again before they stop, not around
 * the snapshots.
 */
void disturb_compute(const struct procstat *before,
		     const struct procstat *after, const cpu_set_t *cpus_used,
		     double participants_cpu_s, double elapsed_s, long hz,
		     const long *khz_before, const long *khz_after,
		     struct disturb *d);

/*
 * @src into @dst of @size bytes: whole when it fits; else cut where a
 * word ends, after its last whole note ("; ") if one fits, and marked
 * with " ..." ("a; b; ..."), never inside a word.  A single word longer
 * than the room is cut between characters, with "...".
 */
void disturb_fit(char *dst, size_t size, const char *src);

/*
 * Mark @d disturbed by something the snapshots do not see (a stall, a CPU
 * quota), and say it before what @d->why says already.
 */
void disturb_add(struct disturb *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
