/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The disturbance of a run, from /proc/stat snapshots and CPU frequencies. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "disturb.h"
#include "lib/cpulist.h"

/* Below this a share prints as 0.0 % and is not named. */
#define DISTURB_NAMED_SHARE 0.0005

static void disturb_why(struct disturb *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Does d->why end in a cut: nothing more can be said after it. */
static int disturb_cut(const struct disturb *d)
{
	size_t len = strlen(d->why);

	return len >= 3 && strcmp(d->why + len - 3, "...") == 0;
}

/*
 * Append one part to d->why, after "; " when it is not the first; what
 * does not fit is cut between words (result_note_fit()).
 */
static void disturb_why(struct disturb *d, const char *fmt, ...)
{
	char buf[3 * sizeof(d->why)];
	size_t len = strlen(d->why);
	va_list ap;

	if (disturb_cut(d))
		return;
	snprintf(buf, sizeof(buf), "%s%s", d->why, len ? "; " : "");
	len = strlen(buf);
	va_start(ap, fmt);
	vsnprintf(buf + len, sizeof(buf) - len, fmt, ap);
	va_end(ap);
	result_note_fit(d->why, sizeof(d->why), buf);
}

/* "CPU 0" or "CPUs 0-3,8" into @buf. */
static void disturb_cpulist(const cpu_set_t *set, char *buf, size_t size)
{
	int len = snprintf(buf, size, "CPU%s ", CPU_COUNT(set) > 1 ? "s" : "");

	if (len > 0 && (size_t)len < size)
		cpulist_format(set, buf + len, size - (size_t)len);
}

static int disturb_backwards(const struct procstat_cpu *a,
			     const struct procstat_cpu *b)
{
	return b->user < a->user || b->nice < a->nice ||
	       b->system < a->system || b->idle < a->idle ||
	       b->iowait < a->iowait || b->irq < a->irq ||
	       b->softirq < a->softirq || b->steal < a->steal;
}

/* Name what took the CPUs of a disturbed run in d->why. */
static void disturb_name(const cpu_set_t *cpus_used, struct disturb *d)
{
	int steal = d->steal_share >= DISTURB_NAMED_SHARE;
	int other = d->other_share >= DISTURB_NAMED_SHARE;
	char cpus[48];

	disturb_cpulist(cpus_used, cpus, sizeof(cpus));
	if (steal && other)
		disturb_why(d, "steal %.1f%%, other tasks %.1f%% of %s",
			    100 * d->steal_share, 100 * d->other_share, cpus);
	else if (other)
		disturb_why(d, "other tasks took %.1f%% of %s",
			    100 * d->other_share, cpus);
	else
		disturb_why(d, "steal %.1f%% of %s", 100 * d->steal_share,
			    cpus);
}

/*
 * Add what CPU @c did between the snapshots to the ticks of @steal, @irq
 * and @busy: 0, or -1 with the reason they cannot be known in d->why.
 */
static int disturb_cpu(const struct procstat *before,
		       const struct procstat *after, int c, uint64_t *steal,
		       uint64_t *irq, uint64_t *busy, struct disturb *d)
{
	const struct procstat_cpu *a, *b;

	if (c >= PROCSTAT_MAX_CPUS) {
		disturb_why(d, "CPU %d is not tracked: shares unknown", c);
		return -1;
	}
	a = &before->cpu[c];
	b = &after->cpu[c];
	if (!a->present || !b->present) {
		disturb_why(d, "CPU %d was offline: shares unknown", c);
		return -1;
	}
	if (disturb_backwards(a, b)) {
		disturb_why(d, "CPU %d counters went backwards: shares unknown",
			    c);
		return -1;
	}
	*steal += b->steal - a->steal;
	*irq += (b->irq - a->irq) + (b->softirq - a->softirq);
	*busy += (b->user - a->user) + (b->nice - a->nice) +
		 (b->system - a->system);
	return 0;
}

/*
 * Sum the counters of the CPUs used into the shares, or say in d->why
 * why they cannot be known.
 */
static void disturb_shares(const struct procstat *before,
			   const struct procstat *after,
			   const cpu_set_t *cpus_used,
			   double participants_cpu_s, double elapsed_s, long hz,
			   struct disturb *d)
{
	uint64_t steal = 0, irq = 0, busy = 0;
	double capacity_s, tick_s, taken_s;
	int ncpu = CPU_COUNT(cpus_used);

	if (!ncpu || !(elapsed_s > 0) || hz <= 0) {
		disturb_why(d, "no CPUs or time to compare: shares unknown");
		return;
	}
	for (int c = 0; c < CPU_SETSIZE; c++) {
		if (CPU_ISSET(c, cpus_used) &&
		    disturb_cpu(before, after, c, &steal, &irq, &busy, d) < 0)
			return;
	}

	tick_s = 1.0 / (double)hz;
	capacity_s = elapsed_s * ncpu;
	d->steal_share = (double)steal * tick_s / capacity_s;
	d->irq_share = (double)irq * tick_s / capacity_s;
	taken_s = (double)steal * tick_s;
	if (participants_cpu_s >= 0) {
		double other_s = (double)busy * tick_s - participants_cpu_s;

		/* rusage is exact, the ticks are not: never below zero. */
		d->other_share = other_s > 0 ? other_s / capacity_s : 0;
		taken_s += d->other_share * capacity_s;
	}
	if (taken_s - DISTURB_SLACK_TICKS * ncpu * tick_s >
	    DISTURB_MAX_SHARE * capacity_s) {
		d->disturbed = 1;
		disturb_name(cpus_used, d);
	}
}

/* The CPU whose frequency moved most, relative to where it started. */
static void disturb_freq(const cpu_set_t *cpus_used, const long *khz_before,
			 const long *khz_after, struct disturb *d)
{
	long from = 0, to = 0;
	int cpu = -1;
	size_t i = 0;

	if (!khz_before || !khz_after)
		return;
	for (int c = 0; c < CPU_SETSIZE; c++) {
		double change;

		if (!CPU_ISSET(c, cpus_used))
			continue;
		if (khz_before[i] > 0 && khz_after[i] > 0) {
			change = (double)(khz_after[i] - khz_before[i]) /
				 (double)khz_before[i];
			if (cpu < 0 || fabs(change) > fabs(d->freq_change)) {
				d->freq_change = change;
				from = khz_before[i];
				to = khz_after[i];
				cpu = c;
			}
		}
		i++;
	}
	if (cpu < 0 || !(fabs(d->freq_change) > DISTURB_MAX_FREQ))
		return;
	d->disturbed = 1;
	disturb_why(d, "CPU %d clock %+.1f%% (%ld to %ld MHz)", cpu,
		    100 * d->freq_change, from / 1000, to / 1000);
}

void disturb_compute(const struct procstat *before,
		     const struct procstat *after, const cpu_set_t *cpus_used,
		     double participants_cpu_s, double elapsed_s, long hz,
		     const long *khz_before, const long *khz_after,
		     struct disturb *d)
{
	memset(d, 0, sizeof(*d));
	d->steal_share = d->irq_share = d->other_share = NAN;
	d->freq_change = NAN;
	disturb_shares(before, after, cpus_used, participants_cpu_s, elapsed_s,
		       hz, d);
	disturb_freq(cpus_used, khz_before, khz_after, d);
}

void disturb_add(struct disturb *d, const char *fmt, ...)
{
	char buf[3 * sizeof(d->why)];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	d->disturbed = 1;
	/* First: the report shows the start of it. */
	snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s",
		 d->why[0] ? "; " : "", d->why);
	result_note_fit(d->why, sizeof(d->why), buf);
}
