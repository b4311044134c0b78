/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the /proc/stat reader, the disturbance of a run computed
 * from fixture snapshot pairs, and the tests for odd samples (Tukey's
 * fences, two clusters).
 */
#include <errno.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "lib/util.h"
#include "run/disturb.h"
#include "run/procstat.h"
#include "lib/stats.h"

#ifndef TEST_DIR
#error "TEST_DIR must name the tests/ directory"
#endif

#define FIX TEST_DIR "/fixtures/procstat/"
#define HZ 100

/* A NAN expectation means "unknown". */
#define CHECK_SHARE(a, b)                               \
	do {                                            \
		double check_exp = (b);                 \
		if (isnan(check_exp))                   \
			CHECK(isnan(a));                \
		else                                    \
			CHECK_NEAR(a, check_exp, 1e-9); \
	} while (0)

/* The columns kept of one CPU, as /proc/stat prints them; "-" if absent. */
static const char *columns(const struct procstat_cpu *c, char *buf, size_t size)
{
	if (!c->present)
		return "-";
	snprintf(buf, size, "%llu %llu %llu %llu %llu %llu %llu %llu",
		 (unsigned long long)c->user, (unsigned long long)c->nice,
		 (unsigned long long)c->system, (unsigned long long)c->idle,
		 (unsigned long long)c->iowait, (unsigned long long)c->irq,
		 (unsigned long long)c->softirq, (unsigned long long)c->steal);
	return buf;
}

static void test_parse(void)
{
	static const struct {
		const char *text;
		int ret;
		unsigned int ncpu_max;
		int cpu; /* whose columns are checked */
		const char *want;
		long procs_running;
	} cases[] = {
		/* A current kernel: ten columns, the guest ones not kept. */
		{ "cpu  30 2 20 400 5 0 3 1 7 0\n"
		  "cpu0 10 1 10 200 2 0 2 1 7 0\n"
		  "cpu1 20 1 10 200 3 0 1 0 0 0\n"
		  "intr 100 0 1\nctxt 5000\nbtime 1\nprocesses 9\n"
		  "procs_running 3\nprocs_blocked 0\nsoftirq 4 0 4\n",
		  0, 2, 1, "20 1 10 200 3 0 1 0", 3 },
		/* 2.6.0 to 2.6.10: seven columns, no steal. */
		{ "cpu  1 2 3 4 5 6 7\ncpu0 1 2 3 4 5 6 7\nprocs_running 1\n",
		  0, 1, 0, "1 2 3 4 5 6 7 0", 1 },
		/* 2.4: four columns, no procs_running; no newline at the end. */
		{ "cpu  9 8 7 6\ncpu0 9 8 7 6\nctxt 1", 0, 1, 0,
		  "9 8 7 6 0 0 0 0", -1 },
		/* Offline CPUs leave holes; the highest sets ncpu_max. */
		{ "cpu  2 0 0 2\ncpu0 1 0 0 1\ncpu3 1 0 0 1\n", 0, 4, 2, "-",
		  -1 },
		/* A CPU past PROCSTAT_MAX_CPUS is read but not kept. */
		{ "cpu  2 0 0 2\ncpu0 1 0 0 1\ncpu300 1 0 0 1\n", 0, 1, 0,
		  "1 0 0 1 0 0 0 0", -1 },
		/* Counters near 2^64 are kept whole. */
		{ "cpu0 18446744073709551615 0 0 1\n", 0, 1, 0,
		  "18446744073709551615 0 0 1 0 0 0 0", -1 },
		/* Not a cpu line: skipped. */
		{ "cpux 9 9 9 9\ncpu0 1 2 3 4\n", 0, 1, 0, "1 2 3 4 0 0 0 0",
		  -1 },
		{ "cpu0 1 2 3\n", -EINVAL, 0, 0, NULL, -1 },
		{ "cpu0 1 2 x 4\n", -EINVAL, 0, 0, NULL, -1 },
		{ "cpu0 1 2 3 -4\n", -EINVAL, 0, 0, NULL, -1 },
		{ "cpu0 1 2 3 99999999999999999999\n", -EINVAL, 0, 0, NULL,
		  -1 },
		{ "intr 1\nctxt 2\n", -EINVAL, 0, 0, NULL, -1 },
		{ "", -EINVAL, 0, 0, NULL, -1 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct procstat ps;
		char buf[256];
		int ret = procstat_parse(cases[i].text, &ps);

		CHECK_EQ_INT(ret, cases[i].ret);
		if (ret < 0)
			continue;
		CHECK_EQ_INT(ps.ncpu_max, cases[i].ncpu_max);
		CHECK_EQ_INT(ps.procs_running, cases[i].procs_running);
		CHECK_STR(columns(&ps.cpu[cases[i].cpu], buf, sizeof(buf)),
			  cases[i].want);
	}
}

static void test_read(void)
{
	struct procstat ps;

	CHECK_EQ_INT(procstat_read(FIX "idle/before", &ps), 0);
	CHECK_EQ_INT(ps.ncpu_max, 2);
	CHECK(ps.all.present && ps.all.user == 183412 + 171230);
	CHECK(ps.cpu[0].user == 183412 && ps.cpu[0].nice == 12);
	CHECK(ps.cpu[0].system == 95321 && ps.cpu[0].idle == 4512876);
	CHECK(ps.cpu[0].iowait == 2013 && ps.cpu[0].softirq == 1544);
	CHECK(ps.cpu[1].idle == 4530021 && ps.cpu[1].steal == 0);
	CHECK(!ps.cpu[2].present);
	CHECK_EQ_INT(ps.procs_running, 1);

	CHECK_EQ_INT(procstat_read(FIX "steal/after", &ps), 0);
	CHECK(ps.cpu[0].steal == 41255 && ps.cpu[1].steal == 40902);

	CHECK_EQ_INT(procstat_read(FIX "hog/after", &ps), 0);
	CHECK_EQ_INT(ps.procs_running, 2);

	/* 2.4: four columns, no procs_running. */
	CHECK_EQ_INT(procstat_read(FIX "old/after", &ps), 0);
	CHECK_EQ_INT(ps.ncpu_max, 1);
	CHECK(ps.cpu[0].user == 4905 && ps.cpu[0].idle == 3899);
	CHECK(ps.cpu[0].iowait == 0 && ps.cpu[0].steal == 0);
	CHECK_EQ_INT(ps.procs_running, -1);

	CHECK_EQ_INT(procstat_read(FIX "nonexistent", &ps), -ENOENT);
}

/* Task @tid's state once it is @want, or as it is after a second. */
static int task_state_within(pid_t tid, int want)
{
	struct procstat_task t = { 0 };

	for (int i = 0; i < 1000; i++) {
		if (procstat_task_read("", tid, &t) == 0 && t.state == want)
			break;
		usleep(1000);
	}
	return t.state;
}

/* A task's state and CPU time from /proc/TID/stat, whatever its name. */
static void test_task(void)
{
	static const char tail[] = " 4999 4999 4999 0 -1 4194560 120 0 0 0 "
				   "1234 567 0 0 -2 0 1 0 4242 0";
	static const struct {
		const char *name;
		int ret, state;
	} cases[] = {
		{ "5004 (ctxbench) R", 0, 'R' },
		{ "17 (a) b) S", 0, 'S' }, /* ") " inside the name */
		{ "17 (sp ace) T", 0, 'T' },
		{ "17 ()) D", 0, 'D' },
		{ "17 (x)R", -EINVAL, 0 },
		{ "17 x R", -EINVAL, 0 },
		{ "17 (x) 9", -EINVAL, 0 },
	};
	struct procstat_task t, u;
	char text[256];
	volatile unsigned long spin;
	pid_t kid;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(text, sizeof(text), "%s%s", cases[i].name, tail);
		t.state = 0;
		t.cpu_ticks = 0;
		CHECK_EQ_INT(procstat_task_parse(text, &t), cases[i].ret);
		CHECK_EQ_INT(t.state, cases[i].state);
		CHECK(t.cpu_ticks == (cases[i].ret ? 0 : 1234 + 567));
	}
	CHECK_EQ_INT(procstat_task_parse("17 (x) R 1 1 1 0 -1 0 0 0 0 0 5", &t),
		     -EINVAL); /* cut before stime */
	CHECK_EQ_INT(procstat_task_parse("", &t), -EINVAL);
	/* Live tasks: this one runs, and its CPU time grows; a child asleep,
	 * then stopped, then gone. */
	CHECK_EQ_INT(procstat_task_read("", (int)getpid(), &t), 0);
	CHECK_EQ_INT(t.state, 'R');
	for (spin = 0; spin < 400000000; spin++)
		if (spin % 1000000 == 0 &&
		    procstat_task_read("", (int)getpid(), &u) == 0 &&
		    u.cpu_ticks > t.cpu_ticks)
			break;
	CHECK(u.cpu_ticks > t.cpu_ticks);
	kid = fork();
	if (kid == 0) {
		pause();
		_exit(0);
	}
	CHECK(kid > 0);
	if (kid <= 0)
		return;
	CHECK_EQ_INT(task_state_within(kid, 'S'), 'S');
	kill(kid, SIGSTOP);
	CHECK_EQ_INT(task_state_within(kid, 'T'), 'T');
	kill(kid, SIGKILL);
	waitpid(kid, NULL, 0);
	CHECK_EQ_INT(procstat_task_read("", kid, &t), -ENOENT);
}

static void test_sys(void)
{
	long khz = 0;
	long long n = 0;

	CHECK_EQ_INT(procstat_freq_read(FIX "clock/before", 0, &khz), 0);
	CHECK_EQ_INT(khz, 3000000);
	CHECK_EQ_INT(procstat_freq_read(FIX "clock/after", 0, &khz), 0);
	CHECK_EQ_INT(khz, 2700000);
	CHECK_EQ_INT(procstat_freq_read(FIX "clock/after", 1, &khz), 0);
	CHECK_EQ_INT(khz, 2950000);
	khz = 7;
	CHECK_EQ_INT(procstat_freq_read(FIX "clock/after", 2, &khz), -1);
	CHECK_EQ_INT(khz, 7);
	/* Some drivers print "<unknown>". */
	CHECK_EQ_INT(procstat_freq_read(FIX "hog/before", 1, &khz), -1);
	CHECK_EQ_INT(procstat_freq_read(FIX "idle/before", 0, &khz), -1);
	CHECK_EQ_INT(procstat_freq_read(FIX "clock/before", -1, &khz), -1);

	CHECK_EQ_INT(procstat_throttle_read(FIX "clock/before", 0, &n), 0);
	CHECK_EQ_INT(n, 12);
	CHECK_EQ_INT(procstat_throttle_read(FIX "clock/after", 0, &n), 0);
	CHECK_EQ_INT(n, 16);
	CHECK_EQ_INT(procstat_throttle_read(FIX "clock/after", 1, &n), -1);
	CHECK_EQ_INT(procstat_throttle_read(FIX "hog/after", 0, &n), -1);
}

/* Read the pair FIX@name/{before,after}; 0 or -1. */
static int read_pair(const char *name, struct procstat *a, struct procstat *b)
{
	char path[4096];

	snprintf(path, sizeof(path), FIX "%s/before", name);
	if (procstat_read(path, a) < 0)
		return -1;
	snprintf(path, sizeof(path), FIX "%s/after", name);
	return procstat_read(path, b) < 0 ? -1 : 0;
}

/* A CPU set from a list "0,1" ("" empty). */
static void set_of(const char *list, cpu_set_t *set)
{
	char *end;

	CPU_ZERO(set);
	while (*list) {
		CPU_SET((int)strtol(list, &end, 10), set);
		list = *end ? end + 1 : end;
	}
}

/*
 * Judge the fixture pair @pair over the CPUs of the list @cpus, with the
 * frequencies @before and @after: 0, or -1 when the pair is unreadable.
 */
static int judge(const char *pair, const char *cpus, double participants_s,
		 double elapsed_s, const long *before, const long *after,
		 struct disturb *d)
{
	static struct procstat a, b; /* large, and the tests take turns */
	cpu_set_t set;

	if (read_pair(pair, &a, &b) < 0) {
		CHECK(!"fixture pair unreadable");
		return -1;
	}
	set_of(cpus, &set);
	disturb_compute(&a, &b, &set, participants_s, elapsed_s, HZ, before,
			after, d);
	return 0;
}

static void test_disturb(void)
{
	static const struct {
		const char *pair, *cpus;
		double participants_s, elapsed_s;
		double steal, irq, other;
		int disturbed;
		const char *why;
	} cases[] = {
		/* The ring alone on cpu0; rusage 0.02 s under the ticks. */
		{ "idle", "0", 4.97, 5, 0, 0, 0.004, 0, "" },
		/* Both CPUs: capacity 10 s, cpu1 idle but for 0.03 s. */
		{ "idle", "0,1", 4.97, 5, 0, 0, 0.005, 0, "" },
		/* rusage above the ticks: other tasks 0, never negative. */
		{ "idle", "0", 5.02, 5, 0, 0, 0, 0, "" },
		/* The participants' time unknown: other tasks unknown. */
		{ "idle", "0", -1, 5, 0, 0, NAN, 0, "" },
		/* A CPU hog took half of cpu0. */
		{ "hog", "0", 2.5, 5, 0, 0, 0.5, 1,
		  "other tasks took 50.0% of CPU 0" },
		{ "hog", "0,1", 2.5, 5, 0, 0.001, 0.252, 1,
		  "other tasks took 25.2% of CPUs 0-1" },
		/* The hypervisor took 5 % of both vCPUs. */
		{ "steal", "0,1", 9.46, 5, 0.05, 0.004, 0, 1,
		  "steal 5.0% of CPUs 0-1" },
		{ "steal", "0,1", 9.3, 5, 0.05, 0.004, 0.016, 1,
		  "steal 5.0%, other tasks 1.6% of CPUs 0-1" },
		{ "steal", "1", 4.73, 5, 0.05, 0.004, 0, 1,
		  "steal 5.0% of CPU 1" },
		/* Steal is judged even when other tasks are unknown. */
		{ "steal", "0", -1, 5, 0.05, 0.004, NAN, 1,
		  "steal 5.0% of CPU 0" },
		/* cpu1 was unplugged and came back: its idle restarted. */
		{ "backwards", "0,1", 4.9, 5, NAN, NAN, NAN, 0,
		  "CPU 1 counters went backwards: shares unknown" },
		{ "backwards", "0", 4.9, 5, 0, 0, 0, 0, "" },
		/* 2.4: no steal, irq or iowait columns. */
		{ "old", "0", 3, 5, 0, 0, 0, 0, "" },
		{ "old", "0", 1, 5, 0, 0, 0.4, 1,
		  "other tasks took 40.0% of CPU 0" },
		{ "old", "0,1", 3, 5, NAN, NAN, NAN, 0,
		  "CPU 1 was offline: shares unknown" },
		{ "idle", "", 4.97, 5, NAN, NAN, NAN, 0,
		  "no CPUs or time to compare: shares unknown" },
		{ "idle", "0", 4.97, 0, NAN, NAN, NAN, 0,
		  "no CPUs or time to compare: shares unknown" },
		{ "idle", "0,300", 4.97, 5, NAN, NAN, NAN, 0,
		  "CPU 300 is not tracked: shares unknown" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct disturb d;

		if (judge(cases[i].pair, cases[i].cpus, cases[i].participants_s,
			  cases[i].elapsed_s, NULL, NULL, &d) < 0)
			continue;
		CHECK_SHARE(d.steal_share, cases[i].steal);
		CHECK_SHARE(d.irq_share, cases[i].irq);
		CHECK_SHARE(d.other_share, cases[i].other);
		CHECK(isnan(d.freq_change));
		CHECK_EQ_INT(d.disturbed, cases[i].disturbed);
		CHECK_STR(d.why, cases[i].why);
	}
}

/*
 * Is @why @full, or a start of it cut where a word ends and marked with
 * " ..."?  Never a word cut in two.
 */
static int cut_between_words(const char *why, const char *full)
{
	size_t n = strlen(why);

	if (strcmp(why, full) == 0)
		return 1;
	if (n < 4 || strcmp(why + n - 4, " ...") != 0)
		return 0;
	n -= 4;
	return strncmp(why, full, n) == 0 && (full[n] == ' ' || !full[n]);
}

/*
 * Several notes at once: a stall, a quota and other tasks are more than
 * the buffer holds.  What does not fit is left off after a whole note,
 * never inside a word ("a CPU quo"), and the cut says so.
 */
static void test_disturb_notes(void)
{
	static const char full[] =
		"the token stood still for 0.08 s; a CPU quota throttled it 12 times, 0.30 s; other tasks took 48.0% of CPUs 0-1; CPU 1 clock -12.0% (3000 to 2640 MHz)";
	struct disturb d;
	char cut[40];

	memset(&d, 0, sizeof(d));
	snprintf(d.why, sizeof(d.why), "%s",
		 "other tasks took 48.0% of CPUs 0-1");
	disturb_add(&d, "a CPU quota throttled it %d times, %.2f s", 12, 0.3);
	disturb_add(&d, "the token stood still for %.2f s", 0.08);
	CHECK_EQ_INT(d.disturbed, 1);
	CHECK_STR(
		d.why,
		"the token stood still for 0.08 s; a CPU quota throttled it 12 times, 0.30 s; ...");
	CHECK(cut_between_words(d.why, full));

	/* Notes appended by the snapshots, then one put before them. */
	memset(&d, 0, sizeof(d));
	CHECK_EQ_INT(judge("hog", "0,1", 2.5, 5, NULL, NULL, &d), 0);
	for (int i = 0; i < 4; i++)
		disturb_add(&d, "a CPU quota throttled it %d times, %.2f s",
			    1000 + i, 0.25);
	CHECK(strlen(d.why) < sizeof(d.why));
	CHECK(cut_between_words(
		d.why,
		"a CPU quota throttled it 1003 times, 0.25 s; a CPU quota throttled it 1002 times, 0.25 s; a CPU quota throttled it 1001 times, 0.25 s"));

	/* One note longer than the room: cut after its last whole word. */
	result_note_fit(cut, sizeof(cut), full);
	CHECK_STR(cut, "the token stood still for 0.08 s; ...");
	result_note_fit(cut, 30, full);
	CHECK_STR(cut, "the token stood still for ...");
	result_note_fit(cut, sizeof(cut), "short");
	CHECK_STR(cut, "short");
	result_note_fit(cut, 8, "unbroken-word");
	CHECK_STR(cut, "unbr...");
}

/*
 * Where the threshold lies: 2 % of the capacity beyond 3 ticks per CPU.
 * One CPU busy for the whole run, the participants' share of it varied.
 */
static void test_threshold(void)
{
	static const struct {
		double elapsed_s, participants_s;
		int disturbed;
	} cases[] = {
		/* 1 s: 3 ticks are 3 %, so the line is at 5 %. */
		{ 1, 0.96, 0 },
		{ 1, 0.951, 0 },
		{ 1, 0.94, 1 },
		/* 30 s: the line is at 2.1 %. */
		{ 30, 29.40, 0 },
		{ 30, 29.35, 1 },
	};
	struct procstat *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
	cpu_set_t set;

	if (!a || !b) {
		CHECK(!"out of memory");
		goto out;
	}
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	a->cpu[0].present = b->cpu[0].present = 1;
	a->ncpu_max = b->ncpu_max = 1;
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct disturb d;

		b->cpu[0].user = (uint64_t)(cases[i].elapsed_s * HZ + 0.5);
		disturb_compute(a, b, &set, cases[i].participants_s,
				cases[i].elapsed_s, HZ, NULL, NULL, &d);
		CHECK_EQ_INT(d.disturbed, cases[i].disturbed);
		CHECK_NEAR(d.other_share,
			   1 - cases[i].participants_s / cases[i].elapsed_s,
			   1e-9);
	}
out:
	free(a);
	free(b);
}

/* Frequencies from the fixture trees @name/{before,after}, per CPU used. */
static void read_freqs(const char *name, const cpu_set_t *set, long *before,
		       long *after)
{
	char path[4096];
	size_t i = 0;

	for (int c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, set))
			continue;
		before[i] = after[i] = 0;
		snprintf(path, sizeof(path), FIX "%s/before", name);
		procstat_freq_read(path, c, &before[i]);
		snprintf(path, sizeof(path), FIX "%s/after", name);
		procstat_freq_read(path, c, &after[i]);
		i++;
	}
}

static void test_freq(void)
{
	static const struct {
		const char *pair, *freqs, *cpus;
		double participants_s, change;
		int disturbed;
		const char *why;
	} cases[] = {
		/* cpu0 slowed from 3.0 to 2.7 GHz, cpu1 by 1.7 %. */
		{ "idle", "clock", "0,1", 4.97, -0.1, 1,
		  "CPU 0 clock -10.0% (3000 to 2700 MHz)" },
		{ "idle", "clock", "1", 4.97, -0.05 / 3, 0, "" },
		{ "hog", "clock", "0", 2.5, -0.1, 1,
		  "other tasks took 50.0% of CPU 0; "
		  "CPU 0 clock -10.0% (3000 to 2700 MHz)" },
		/* Steady at 2.1 GHz; cpu1 says "<unknown>" and is left out. */
		{ "idle", "hog", "0,1", 4.97, 0, 0, "" },
		/* No cpufreq at all. */
		{ "idle", "idle", "0,1", 4.97, NAN, 0, "" },
	};
	static const long from[] = { 2000000, 2000000 };
	static const long up[] = { 2200000, 2000000 };
	static const long near[] = { 2090000, 1950000 };
	struct disturb d;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		long before[4], after[4];
		cpu_set_t set;

		set_of(cases[i].cpus, &set);
		read_freqs(cases[i].freqs, &set, before, after);
		if (judge(cases[i].pair, cases[i].cpus, cases[i].participants_s,
			  5, before, after, &d) < 0)
			continue;
		CHECK_SHARE(d.freq_change, cases[i].change);
		CHECK_EQ_INT(d.disturbed, cases[i].disturbed);
		CHECK_STR(d.why, cases[i].why);
	}

	/* Rising counts too; below 5 % does not. */
	if (judge("idle", "0,1", 4.97, 5, from, up, &d) < 0)
		return;
	CHECK_NEAR(d.freq_change, 0.1, 1e-12);
	CHECK_EQ_INT(d.disturbed, 1);
	CHECK_STR(d.why, "CPU 0 clock +10.0% (2000 to 2200 MHz)");
	judge("idle", "0,1", 4.97, 5, from, near, &d);
	CHECK_NEAR(d.freq_change, 0.045, 1e-12);
	CHECK_EQ_INT(d.disturbed, 0);
	/* One side missing: unknown. */
	judge("idle", "0,1", 4.97, 5, from, NULL, &d);
	CHECK(isnan(d.freq_change));
}

static void test_quantile(void)
{
	static const double x[] = { 1, 2, 3, 4 };
	static const double one[] = { 7 };

	/* R: quantile(1:4, c(0, .25, .5, .75, 1)) */
	CHECK_NEAR(stats_quantile(x, 4, 0), 1, 0);
	CHECK_NEAR(stats_quantile(x, 4, 0.25), 1.75, 1e-12);
	CHECK_NEAR(stats_quantile(x, 4, 0.5), 2.5, 1e-12);
	CHECK_NEAR(stats_quantile(x, 4, 0.75), 3.25, 1e-12);
	CHECK_NEAR(stats_quantile(x, 4, 1), 4, 0);
	CHECK_NEAR(stats_quantile(one, 1, 0.25), 7, 0);
	CHECK(isnan(stats_quantile(x, 0, 0.5)));
}

static void test_tukey(void)
{
	static const struct {
		double x[8];
		size_t n;
		int count;
		unsigned char outlier[8];
	} cases[] = {
		/* No outliers. */
		{ { 10, 11, 12, 13, 14 }, 5, 0, { 0 } },
		/* One high: Q1 11.25, Q3 13.75, upper fence 17.5. */
		{ { 12, 40, 10, 14, 11, 13 }, 6, 1, { 0, 1, 0, 0, 0, 0 } },
		/* One low. */
		{ { 100, 101, 99, 100, 102, 20 }, 6, 1, { 0, 0, 0, 0, 0, 1 } },
		/* Both: Q1 50.5, Q3 53.5, fences 46 and 58. */
		{ { 1, 50, 51, 52, 53, 54, 100 },
		  7,
		  2,
		  { 1, 0, 0, 0, 0, 0, 1 } },
		/* On the fence is inside: Q1 2, Q3 4, upper fence 7. */
		{ { 1, 2, 3, 4, 7 }, 5, 0, { 0 } },
		{ { 1, 2, 3, 4, 7.001 }, 5, 1, { 0, 0, 0, 0, 1 } },
		/* Identical values: no spread, nothing odd. */
		{ { 5, 5, 5, 5, 5 }, 5, 0, { 0 } },
		/* Too few to judge. */
		{ { 1, 2, 100 }, 3, 0, { 0 } },
		{ { 0 }, 0, 0, { 0 } },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		unsigned char out[8];

		memset(out, 0xff, sizeof(out));
		CHECK_EQ_INT(stats_tukey(cases[i].x, cases[i].n, out),
			     cases[i].count);
		for (size_t k = 0; k < cases[i].n; k++)
			CHECK_EQ_INT(out[k], cases[i].outlier[k]);
		CHECK_EQ_INT(stats_tukey(cases[i].x, cases[i].n, NULL),
			     cases[i].count);
	}
}

static void test_two_clusters(void)
{
	static const struct {
		double x[8];
		size_t n;
		int two;
		double lo, hi;
		size_t n_lo;
	} cases[] = {
		/* An unpinned ring that shared a CPU in half of its runs. */
		{ { 70000, 70000, 70000, 140000, 140000, 140000 },
		  6,
		  1,
		  70000,
		  140000,
		  3 },
		{ { 70100, 139000, 69800, 141000, 70300, 140500 },
		  6,
		  1,
		  210200.0 / 3,
		  420500.0 / 3,
		  3 },
		/* Two of eight on the slow side still count. */
		{ { 69900, 140000, 70100, 139800, 140200, 140100, 139900,
		    140000 },
		  8,
		  1,
		  70000,
		  140000,
		  2 },
		/* Unimodal noise: the outputs are the mean of all. */
		{ { 100, 103, 97, 101, 99, 104, 96, 100 }, 8, 0, 100, 100, 8 },
		/* Evenly spread: no gap stands out. */
		{ { 60, 70, 80, 90, 100, 110, 120 }, 7, 0, 90, 90, 7 },
		/* Separated but only 5 % apart. */
		{ { 100, 100, 100, 105, 105, 105 }, 6, 0, 102.5, 102.5, 6 },
		/* One outlier is Tukey's business, not a cluster. */
		{ { 100, 100, 101, 99, 100, 200 },
		  6,
		  0,
		  700.0 / 6,
		  700.0 / 6,
		  6 },
		{ { 5, 5, 5, 5 }, 4, 0, 5, 5, 4 },
		/* Too few. */
		{ { 1, 100, 101 }, 3, 0, 202.0 / 3, 202.0 / 3, 3 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		double lo = -1, hi = -1;
		size_t n_lo = 99;

		CHECK_EQ_INT(stats_two_clusters(cases[i].x, cases[i].n, &lo,
						&hi, &n_lo),
			     cases[i].two);
		CHECK_NEAR(lo, cases[i].lo, 1e-9);
		CHECK_NEAR(hi, cases[i].hi, 1e-9);
		CHECK_EQ_INT(n_lo, cases[i].n_lo);
		CHECK_EQ_INT(stats_two_clusters(cases[i].x, cases[i].n, NULL,
						NULL, NULL),
			     cases[i].two);
	}
}

int main(void)
{
	test_parse();
	test_read();
	test_task();
	test_sys();
	test_disturb();
	test_disturb_notes();
	test_threshold();
	test_freq();
	test_quantile();
	test_tukey();
	test_two_clusters();
	return check_summary();
}
