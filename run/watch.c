/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Snapshots around a run: /proc/stat, frequencies, throttling, our usage. */
#include <string.h>
#include <unistd.h>

#include "watch.h"
#include "lib/clock.h"

/* Thermal throttle events of the CPUs of @set, summed; -1 unknown. */
static long long watch_throttle(const cpu_set_t *set)
{
	long long sum = 0, v;
	int any = 0;

	for (int c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, set) || procstat_throttle_read("", c, &v) < 0)
			continue;
		sum += v;
		any = 1;
	}
	return any ? sum : -1;
}

void watch_start(struct watch *w, const cpu_set_t *cpus)
{
	w->cpus = *cpus;
	w->throttle = watch_throttle(&w->cpus);
	cgroup_throttle_read("", &w->quota);
	getrusage(RUSAGE_SELF, &w->self_before);
	if (procstat_read("", &w->before) < 0)
		memset(&w->before, 0, sizeof(w->before));
	w->t_before = clock_now_s();
}

void watch_freqs(struct watch *w, int end)
{
	unsigned int n = 0;

	for (int c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, &w->cpus))
			continue;
		if (procstat_freq_read("", c, &w->khz[end][n]) < 0)
			w->khz[end][n] = 0;
		n++;
	}
}

void watch_narrow(struct watch *w, const cpu_set_t *seen)
{
	unsigned int from = 0, to = 0;
	cpu_set_t keep;

	CPU_ZERO(&keep);
	for (int c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, &w->cpus))
			continue;
		if (CPU_ISSET(c, seen)) {
			/* Its frequencies move down with it, in order. */
			CPU_SET(c, &keep);
			w->khz[0][to] = w->khz[0][from];
			w->khz[1][to] = w->khz[1][from];
			to++;
		}
		from++;
	}
	if (CPU_COUNT(&keep))
		w->cpus = keep;
}

void watch_end(struct watch *w, double participants_cpu_s, struct disturb *d,
	       long procs_running[2], long long *throttle)
{
	struct cgroup_throttle q;
	struct rusage self;
	double elapsed;
	long long t;

	if (procstat_read("", &w->after) < 0)
		memset(&w->after, 0, sizeof(w->after));
	elapsed = clock_now_s() - w->t_before;
	getrusage(RUSAGE_SELF, &self);
	/* The runner's own time is ours too, not a disturbance. */
	participants_cpu_s += clock_cpu_s(&self) - clock_cpu_s(&w->self_before);
	disturb_compute(&w->before, &w->after, &w->cpus, participants_cpu_s,
			elapsed, sysconf(_SC_CLK_TCK), w->khz[0], w->khz[1], d);
	/* A CPU quota that throttled the run took its CPUs as surely. */
	if (w->quota.periods >= 0 && cgroup_throttle_read("", &q) == 0 &&
	    q.periods > w->quota.periods)
		disturb_add(d, "a CPU quota throttled it %lld times, %.2f s",
			    q.periods - w->quota.periods,
			    q.seconds - w->quota.seconds);
	procs_running[0] = w->before.procs_running;
	procs_running[1] = w->after.procs_running;
	t = watch_throttle(&w->cpus);
	*throttle = t < 0 || w->throttle < 0 ? -1 : t - w->throttle;
}
