/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CONFIG_HZ measured where no kernel configuration says it.
 *
 * CONFIG_HZ where no kernel configuration can be read (a minimal
 * userspace, a kernel without /boot/config-*): a CPU that is busy takes
 * one timer interrupt per tick, so the rate at which its count in
 * /proc/interrupts moves while ctxbench spins is the tick rate.  Other
 * timers add interrupts now and then; the median interval ignores them.
 */
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tick.h"
#include "lib/clock.h"
#include "lib/fs.h"
#include "lib/util.h"

/* The column of CPU @cpu in the header line of /proc/interrupts, or -1. */
static int tick_column(const char *text, int cpu)
{
	char want[16];
	const char *p = text, *eol = strchr(text, '\n');
	int col = 0;

	snprintf(want, sizeof(want), "CPU%d", cpu);
	if (!eol)
		return -1;
	while (p < eol) {
		size_t len;

		p += strspn(p, " \t");
		len = strcspn(p, " \t\n");
		if (!len)
			break;
		if (len == strlen(want) && strncmp(p, want, len) == 0)
			return col;
		col++;
		p += len;
	}
	return -1;
}

/* Is this line (up to @eol) the per-CPU timer's? */
static int tick_timer_line(const char *line, const char *eol)
{
	const char *p = line + strspn(line, " \t");
	size_t n = (size_t)(eol - p);

	if (n >= 4 && strncmp(p, "LOC:", 4) == 0)
		return 1;
	/* arm64: "11:  1234  1234  GICv3  27 Level  arch_timer" */
	return n >= 10 && strncmp(eol - 10, "arch_timer", 10) == 0;
}

long long tick_count(const char *text, int cpu)
{
	int col = tick_column(text, cpu);
	const char *line = strchr(text, '\n');

	if (col < 0 || !line)
		return -1;
	for (line++; *line;) {
		const char *eol = strchr(line, '\n');
		const char *p;
		long long v = -1;

		if (!eol)
			eol = line + strlen(line);
		if (tick_timer_line(line, eol) && (p = strchr(line, ':')) &&
		    p < eol) {
			p++;
			for (int i = 0; i <= col; i++) {
				char *end;

				v = strtoll(p, &end, 10);
				if (end == p || end > eol)
					return -1;
				p = end;
			}
			return v;
		}
		line = *eol ? eol + 1 : eol;
	}
	return -1;
}

static int tick_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * Does a tick of @hz explain the interrupts at @t[0..n-1]?  Ticks come
 * at one phase of every period, so nearly every period of the span has
 * an interrupt within a tenth of a period of that phase; other timers'
 * interrupts fall anywhere.  A multiple of the true rate fails, as most
 * of its periods have none; a fraction of it fails, as the true ticks
 * fall at several phases of its period.
 */
static int tick_fits(const double *t, unsigned int n, int hz)
{
	double period = 1.0 / hz, span = t[n - 1] - t[0], *ph;
	unsigned int periods = (unsigned int)(span / period) + 1;
	unsigned int best = 0, hits = 0, start = 0, j = 0;
	long long seen = LLONG_MIN;

	if (span < TICK_PERIODS * period || !(ph = malloc(n * sizeof(*ph))))
		return 0;
	for (unsigned int i = 0; i < n; i++) {
		double x = (t[i] - t[0]) / period;

		ph[i] = x - (double)(long long)x;
	}
	qsort(ph, n, sizeof(*ph), tick_cmp);
	/* The phase window of 0.2 with the most interrupts in it. */
	for (unsigned int i = 0; i < n; i++) {
		if (j < i)
			j = i;
		while (j < i + n && ph[j % n] + (j >= n) - ph[i] <= 0.2)
			j++;
		if (j - i > best) {
			best = j - i;
			start = i;
		}
	}
	/* How many periods have one there, and how many ticks are off it. */
	for (unsigned int i = 0; i < n; i++) {
		double x = (t[i] - t[0]) / period - ph[start];
		long long k = (long long)(x + 1) - 1; /* floor, x > -1 */

		if (x - (double)k <= 0.2 && k != seen) {
			hits++;
			seen = k;
		}
	}
	free(ph);
	/* Nearly every period, and most interrupts: the rest are timers. */
	return hits >= 0.85 * periods && hits <= periods + 1 && best >= 0.6 * n;
}

long long tick_jiffies(const char *text)
{
	static const char *const keys[] = { "timestamp ", "jiffies: " };

	for (const char *line = text; *line;) {
		for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
			size_t len = strlen(keys[k]);
			char *end;
			long long v;

			if (strncmp(line + strspn(line, " "), keys[k], len))
				continue;
			v = strtoll(line + strspn(line, " ") + len, &end, 10);
			if (end > line && (*end == '\n' || !*end) && v >= 0)
				return v;
		}
		line += strcspn(line, "\n");
		line += *line == '\n';
	}
	return -1;
}

int tick_rate_hz(double rate)
{
	static const int choices[] = { 1000, 300, 250, 100 };

	for (size_t i = 0; i < ARRAY_SIZE(choices); i++)
		if (rate > choices[i] * 0.92 && rate < choices[i] * 1.08)
			return choices[i];
	return 0;
}

int tick_hz(const double *t, unsigned int n)
{
	static const int choices[] = { 1000, 300, 250, 100 };

	if (n < 2)
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(choices); i++)
		if (tick_fits(t, n, choices[i]))
			return choices[i];
	return 0;
}

/*
 * The whole of @root@file into *@buf (of *@cap), grown until it fits:
 * /proc/interrupts and /proc/timer_list grow with the CPUs.  0 or -1.
 */
static int tick_read(const char *root, const char *file, char **buf,
		     size_t *cap)
{
	for (;;) {
		size_t want = *buf ? *cap * 2 : 8192;
		char *tmp;
		ssize_t n;

		if (*buf) {
			n = fs_read_all(root, file, *buf, *cap);
			if (n < 0)
				return -1;
			if ((size_t)n < *cap - 1)
				return 0;
		}
		/* None yet, or full: there may be more. */
		tmp = realloc(*buf, want);
		if (!tmp)
			return -1;
		*buf = tmp;
		*cap = want;
	}
}

/* Sleep until CLOCK_MONOTONIC reads @t seconds (or later). */
static void tick_sleep_until(double t)
{
	struct timespec ts = { .tv_sec = (time_t)t };

	ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) ==
	       EINTR)
		;
}

/*
 * The tick rate from a jiffies counter in @file: from one change of it to
 * the first change TICK_JIFFIES_S later.  It spins only at the two
 * changes, which it must see as they happen, and sleeps between them: a
 * run that starts a hundred times costs no CPU there.  After the sleep a
 * change counts only when the read before it saw the value of before.  0
 * when the rate fits no choice (ctxbench was not running at one of the
 * changes), -1 when there is no such counter.
 */
static int tick_by_jiffies(const char *root, const char *file, char **buf,
			   size_t *cap)
{
	double start = clock_now_s(), t0 = 0, now;
	long long j0 = -1, last = -1, v;
	int slept = 0;

	do {
		if (tick_read(root, file, buf, cap) < 0 ||
		    (v = tick_jiffies(*buf)) < 0)
			return -1;
		now = clock_now_s();
		if (last >= 0 && v != last) {
			if (j0 < 0) {
				j0 = v;
				t0 = now;
			} else if (now - t0 >= TICK_JIFFIES_S) {
				return tick_rate_hz((double)(v - j0) /
						    (now - t0));
			}
		}
		last = v;
		if (j0 >= 0 && !slept) {
			tick_sleep_until(t0 + TICK_JIFFIES_S);
			slept = 1;
			/* What the sleep saw change is not an edge. */
			if (tick_read(root, file, buf, cap) < 0 ||
			    (last = tick_jiffies(*buf)) < 0)
				return -1;
			now = clock_now_s();
		}
	} while (now - start < 2 * TICK_JIFFIES_S + 0.02);
	return 0;
}

/* The tick rate from the timer interrupts of this CPU; 0 if unclear. */
static int tick_by_interrupts(const char *root, char **buf, size_t *cap)
{
	/* 8 KB of times: on the heap, not on a small stack. */
	double *t = malloc(TICK_EDGES * sizeof(*t)), start, now;
	long long last = -1, v;
	cpu_set_t old, one;
	unsigned int n = 0;
	int cpu = sched_getcpu(), hz = 0;

	if (!t || cpu < 0 || sched_getaffinity(0, sizeof(old), &old) < 0)
		goto out;
	/* Stay on one CPU: its own count is the one that moves. */
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one) < 0)
		goto out;
	start = now = clock_now_s();
	do {
		if (tick_read(root, "/proc/interrupts", buf, cap) < 0 ||
		    (v = tick_count(*buf, cpu)) < 0)
			break;
		now = clock_now_s();
		/* From the first change on, each change is an interrupt. */
		if (last >= 0 && v != last)
			t[n++] = now;
		last = v;
	} while (now - start < TICK_SPAN_S && n < TICK_EDGES);
	sched_setaffinity(0, sizeof(old), &old);
	hz = tick_hz(t, n);
out:
	free(t);
	return hz;
}

void tick_measure(const char *root, char *out, size_t size)
{
	char *buf = NULL;
	size_t cap = 0;
	int hz;

	out[0] = '\0';
	/*
	 * Schedstats show jiffies to all, the timer list to root; a busy
	 * machine may keep ctxbench off the CPU at a change: try again.
	 */
	for (int i = 0; i < TICK_TRIES * 2; i++) {
		hz = tick_by_jiffies(
			root, i % 2 ? "/proc/timer_list" : "/proc/schedstat",
			&buf, &cap);
		if (hz > 0) {
			snprintf(out, size, "%d (jiffies)", hz);
			free(buf);
			return;
		}
	}
	hz = 0;
	for (int i = 0; i < TICK_TRIES && !hz; i++)
		hz = tick_by_interrupts(root, &buf, &cap);
	if (hz > 0)
		snprintf(out, size, "%d (timer interrupts)", hz);
	free(buf);
}
