/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tests of CONFIG_HZ measured where no configuration says it: the counters
 * read from /proc texts as the kernel writes them, the rate judged from
 * interrupt times with other timers' interrupts mixed in, and one live
 * measurement.
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "facts/tick.h"

static const char x86[] =
	"           CPU0       CPU1       \n"
	"  0:         43          0   IO-APIC   2-edge      timer\n"
	"  4:          0        733   IO-APIC   4-edge      ttyS0\n"
	"NMI:          0          0   Non-maskable interrupts\n"
	"LOC:      79768      79754   Local timer interrupts\n"
	"SPU:          0          0   Spurious interrupts\n";

static const char arm64[] =
	"           CPU0       CPU1       CPU2       CPU3       \n"
	" 10:     120311      98127     101822      97002     GICv3  27 "
	"Level     arch_timer\n"
	" 12:          0          0          0          0     GICv3  33 "
	"Level     uart-pl011\n"
	"IPI0:      2012       3021       1022        987       Rescheduling "
	"interrupts\n";

/* Offline CPUs have no column: CPU2's is the second. */
static const char offline[] = "           CPU0       CPU2       \n"
			      "LOC:        100        200   Local timer "
			      "interrupts\n";

static void test_count(void)
{
	CHECK_EQ_INT(tick_count(x86, 0), 79768);
	CHECK_EQ_INT(tick_count(x86, 1), 79754);
	CHECK_EQ_INT(tick_count(x86, 2), -1);
	CHECK_EQ_INT(tick_count(arm64, 0), 120311);
	CHECK_EQ_INT(tick_count(arm64, 3), 97002);
	CHECK_EQ_INT(tick_count(offline, 2), 200);
	CHECK_EQ_INT(tick_count(offline, 1), -1);
	CHECK_EQ_INT(tick_count("", 0), -1);
	CHECK_EQ_INT(tick_count("           CPU0\n  0:  1  IO-APIC timer\n", 0),
		     -1);
	CHECK_EQ_INT(tick_count("           CPU0   CPU1\nLOC:   5\n", 1), -1);
}

static void test_jiffies(void)
{
	CHECK_EQ_INT(tick_jiffies("version 15\ntimestamp 4295138012\n"
				  "cpu0 0 0 0 0 0 0 1 2 3\n"),
		     4295138012LL);
	CHECK_EQ_INT(tick_jiffies("Timer List Version: v0.9\n"
				  "HRTIMER_MAX_CLOCK_BASES: 8\n"
				  "now at 5521480101 nsecs\n\n"
				  "Tick Device: mode:     1\n"
				  "  next_event:     5524000000 nsecs\n"
				  "jiffies: 4294893678\n"),
		     4294893678LL);
	CHECK_EQ_INT(tick_jiffies("version 15\ncpu0 1 2 3\n"), -1);
	CHECK_EQ_INT(tick_jiffies("timestamp x\n"), -1);
	CHECK_EQ_INT(tick_jiffies(""), -1);

	CHECK_EQ_INT(tick_rate_hz(250.0), 250);
	CHECK_EQ_INT(tick_rate_hz(241.0), 250);
	CHECK_EQ_INT(tick_rate_hz(1012.0), 1000);
	CHECK_EQ_INT(tick_rate_hz(99.0), 100);
	CHECK_EQ_INT(tick_rate_hz(295.0), 300);
	CHECK_EQ_INT(tick_rate_hz(275.0), 0); /* between 250 and 300 */
	CHECK_EQ_INT(tick_rate_hz(500.0), 0);
	CHECK_EQ_INT(tick_rate_hz(0.0), 0);
}

/* A deterministic stream of numbers in [0, 1). */
static double next_random(unsigned long long *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(*s >> 11) / 9007199254740992.0;
}

/*
 * Interrupt times over @span seconds: a tick of @hz seen late by up to
 * @jitter of a period, and @extra other interrupts per second at random.
 */
static unsigned int make_times(double *t, unsigned int max, int hz, double span,
			       double jitter, double extra,
			       unsigned long long seed)
{
	unsigned int n = 0, ticks = (unsigned int)(span * hz);
	unsigned int others = (unsigned int)(span * extra);

	for (unsigned int i = 0; i < ticks && n < max; i++)
		t[n++] = 0.0013 + (double)i / hz +
			 jitter / hz * next_random(&seed);
	for (unsigned int i = 0; i < others && n < max; i++)
		t[n++] = span * next_random(&seed);
	/* Sorted, as they are read. */
	for (unsigned int i = 1; i < n; i++)
		for (unsigned int j = i; j > 0 && t[j - 1] > t[j]; j--) {
			double x = t[j];

			t[j] = t[j - 1];
			t[j - 1] = x;
		}
	return n;
}

static void test_hz(void)
{
	static const int rates[] = { 100, 250, 300, 1000 };
	double t[2048];
	unsigned int n;

	for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++) {
		for (unsigned long long seed = 1; seed <= 20; seed++) {
			/* Alone, late by up to 5 %, among other timers. */
			n = make_times(t, 2048, rates[i], 0.12, 0, 0, seed);
			CHECK_EQ_INT(tick_hz(t, n), rates[i]);
			n = make_times(t, 2048, rates[i], 0.12, 0.05, 0, seed);
			CHECK_EQ_INT(tick_hz(t, n), rates[i]);
			n = make_times(t, 2048, rates[i], 0.12, 0.05,
				       rates[i] * 0.2, seed);
			if (tick_hz(t, n) != rates[i])
				fprintf(stderr, "hz %d seed %llu\n", rates[i],
					seed);
			CHECK_EQ_INT(tick_hz(t, n), rates[i]);
		}
	}
	/* A tickless CPU: other timers only, at random. */
	for (unsigned long long seed = 1; seed <= 20; seed++) {
		n = make_times(t, 2048, 0, 0.12, 0, 200, seed);
		CHECK_EQ_INT(tick_hz(t, n), 0);
	}
	/* Too short a span to judge, or nothing. */
	n = make_times(t, 2048, 100, 0.05, 0, 0, 1);
	CHECK_EQ_INT(tick_hz(t, n), 0);
	CHECK_EQ_INT(tick_hz(t, 0), 0);
	CHECK_EQ_INT(tick_hz(t, 1), 0);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void test_measure(void)
{
	char root[] = "/tmp/ctxbench-tick-XXXXXX", path[256], out[32];
	double start;
	FILE *f;

	/* A fixture's counters never move: nothing is made up, in time. */
	CHECK(mkdtemp(root) != NULL);
	snprintf(path, sizeof(path), "%s/proc", root);
	CHECK(mkdir(path, 0700) == 0);
	snprintf(path, sizeof(path), "%s/proc/interrupts", root);
	CHECK((f = fopen(path, "w")) != NULL);
	if (f) {
		CHECK(fputs(x86, f) >= 0);
		CHECK(fclose(f) == 0);
	}
	start = now_s();
	tick_measure(root, out, sizeof(out));
	CHECK_STR(out, "");
	CHECK(now_s() - start < 1.0);
	CHECK(remove(path) == 0);
	snprintf(path, sizeof(path), "%s/proc", root);
	CHECK(rmdir(path) == 0);
	CHECK(rmdir(root) == 0);

	/* This kernel's jiffies, where it shows them, tell its tick. */
	if (access("/proc/schedstat", R_OK) == 0 ||
	    access("/proc/timer_list", R_OK) == 0) {
		tick_measure("", out, sizeof(out));
		CHECK(strstr(out, " (jiffies)") != NULL);
		CHECK(atoi(out) == 100 || atoi(out) == 250 ||
		      atoi(out) == 300 || atoi(out) == 1000);
	} else {
		printf("live: no jiffies readable here, not checked\n");
	}
}

int main(void)
{
	test_count();
	test_jiffies();
	test_hz();
	test_measure();
	return check_summary();
}
