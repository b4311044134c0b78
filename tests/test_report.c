/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Golden tests of the text report, from fixed results, and of the Run
 * information read from a fixture /proc and /sys tree.  Set
 * CTXBENCH_UPDATE_GOLDEN=1 to rewrite the golden files, then review the
 * diff like code.
 */
#include <signal.h>
#include <stdlib.h>

#include "golden.h"
#include "report/formats.h"
#include "report/report.h"
#include "store/store.h"
#include "facts/sysinfo.h"
#include "analysis/textkit.h"
#include "lib/cpulist.h"
#include "render.h"

static void check_width(const char *text, size_t cols);

/*
 * The text report of @r: checked against tests/golden/@name and for its
 * width, and returned for more checks (free it).
 */
static char *check_report(const char *name, const struct results *const *r,
			  unsigned int n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	test_render(f, "text", r, n, 0, NULL, 0);
	fclose(f);
	golden_check(name, buf, len);
	check_width(buf, 80);
	return buf;
}

/* Every line of @text fits in @cols columns. */
static void check_width(const char *text, size_t cols)
{
	const char *line = text;
	unsigned int wide = 0;

	while (*line) {
		size_t n = strcspn(line, "\n");

		if (n > cols) {
			fprintf(stderr, "line too wide (%zu): %.*s\n", n,
				(int)n, line);
			wide++;
		}
		line += n + (line[n] == '\n');
	}
	CHECK_THAT(wide == 0, "%u lines wider than %zu columns", wide, cols);
}

static struct result_sample smp_a[] = { { .loops = 709140, .elapsed_s = 10.0 },
					{ .loops = 710280, .elapsed_s = 10.0 },
					{ .loops = 707030,
					  .elapsed_s = 10.0 } };
static struct result_sample smp_b[] = { { .loops = 318100, .elapsed_s = 10.0 },
					{ .loops = 325080, .elapsed_s = 10.0 },
					{ .loops = 317720,
					  .elapsed_s = 10.0 } };
static struct result_sample smp_spin[] = { { .loops = 30, .elapsed_s = 10.0 },
					   { .loops = 31, .elapsed_s = 10.0 } };
static struct result_sample smp_int[] = { { .loops = 1302120,
					    .elapsed_s = 10.0 } };

static void fill_info(struct result_info *in, const char *label,
		      const char *note)
{
	memset(in, 0, sizeof(*in));
	snprintf(in->label, sizeof(in->label), "%s", label);
	snprintf(in->note, sizeof(in->note), "%s", note);
	snprintf(in->cpu_mhz, sizeof(in->cpu_mhz), "498.014");
	snprintf(in->cpu_type, sizeof(in->cpu_type), "Celeron (Mendocino)");
	snprintf(in->hostname, sizeof(in->hostname), "testbox");
	snprintf(in->kernel, sizeof(in->kernel), "2.4.18-10-bl");
	in->ncpu = 1;
	in->duration_s = 10;
	in->runs = 3;
}

static void test_text(void)
{
	struct result_row rows_a[] = {
		{ .mech = "signal",
		  .procs = 2,
		  .title = "SIGUSR1",
		  .nsamples = 3,
		  .sample = smp_a },
		{ .mech = "sysv-sem",
		  .procs = 2,
		  .title = "semaphore",
		  .status = RESULT_SKIPPED,
		  .reason = "setup: Function not implemented" },
		{ .mech = "spinlock",
		  .procs = 2,
		  .title = "spinlock",
		  .nsamples = 2,
		  .flags = RESULT_DEGENERATE,
		  .sample = smp_spin },
	};
	struct result_row rows_b[] = {
		{ .mech = "signal",
		  .procs = 2,
		  .title = "SIGUSR1",
		  .nsamples = 3,
		  .sample = smp_b },
		{ .mech = "sysv-sem",
		  .procs = 2,
		  .title = "semaphore",
		  .status = RESULT_FAILED,
		  .reason = "child 1 killed by signal 9 (Killed)" },
		{ .mech = "pipe",
		  .procs = 2,
		  .title = "pipe",
		  .status = RESULT_INTERRUPTED,
		  .reason = "signal 2 (Interrupt)",
		  .nsamples = 1,
		  .sample = smp_int },
	};
	struct results a = { .nrows = 3, .row = rows_a };
	struct results b = { .nrows = 3, .row = rows_b, .signo = SIGINT };
	const struct results *one[] = { &a };
	const struct results *two[] = { &a, &b };
	char *buf;

	fill_info(&a.info, "2.4.18-10-bl", "");
	/* Round trips around 14 us with a slow tail, and what they cost. */
	for (uint64_t ns = 13000; ns < 15000; ns += 10)
		hist_add(&rows_a[0].rtt, ns);
	hist_add(&rows_a[0].rtt, 85000);
	rows_a[0].cpu = (struct result_cpu){ .user_s = 1.5,
					     .sys_s = 18.5,
					     .nvcsw = 4200000,
					     .nivcsw = 60000,
					     .loops = 2126450,
					     .seconds = 30 };
	fill_info(&b.info, "2.4.18-10smp-bl-with-a-long-label", "nosmp");
	b.info.ncpu = 0; /* unknown */

	buf = check_report("single.txt", one, 1);
	free(buf);

	buf = check_report("two.txt", two, 2);
	free(buf);
}

/* lat_ctx's table: a row per ring size, a column per working set. */
static void test_rings(void)
{
	static struct result_sample s2[] = {
		{ .loops = 170000, .elapsed_s = 1.0 },
		{ .loops = 171000, .elapsed_s = 1.0 }
	};
	static struct result_sample s4[] = {
		{ .loops = 80000, .elapsed_s = 1.0 },
		{ .loops = 81000, .elapsed_s = 1.0 }
	};
	static struct result_sample s16k[] = { { .loops = 76000,
						 .elapsed_s = 1.0 } };
	struct result_row rows[] = {
		{ .mech = "pipe",
		  .title = "pipe",
		  .placement = "same",
		  .procs = 2,
		  .ws_kb = 0,
		  .hop_work_ns = 500,
		  .nsamples = 2,
		  .sample = s2,
		  .cpus = "0" },
		{ .mech = "pipe",
		  .title = "pipe",
		  .placement = "same",
		  .procs = 2,
		  .ws_kb = 16,
		  .hop_work_ns = 2500,
		  .nsamples = 1,
		  .sample = s16k,
		  .cpus = "0" },
		{ .mech = "pipe",
		  .title = "pipe",
		  .placement = "same",
		  .procs = 4,
		  .ws_kb = 0,
		  .hop_work_ns = 500,
		  .nsamples = 2,
		  .sample = s4,
		  .cpus = "0" },
		/* A hop cheaper than its own work: never a negative time. */
		{ .mech = "pipe",
		  .title = "pipe",
		  .placement = "same",
		  .procs = 4,
		  .ws_kb = 16,
		  .hop_work_ns = 1e6,
		  .nsamples = 1,
		  .sample = s16k,
		  .cpus = "0" },
	};
	struct results r = { .nrows = 4, .row = rows };
	const struct results *one[] = { &r };
	char *buf;

	fill_info(&r.info, "6.1", "");
	buf = check_report("rings.txt", one, 1);
	CHECK(strstr(buf, "-0.") == NULL);
	free(buf);
}

/* Notes under a row: disturbed runs, retries, outliers, two clusters. */
static void test_notes(void)
{
	static struct result_sample outl[] = {
		{ .loops = 70100, .elapsed_s = 1 },
		{ .loops = 70300, .elapsed_s = 1 },
		{ .loops = 69900, .elapsed_s = 1 },
		{ .loops = 70000, .elapsed_s = 1 },
		{ .loops = 35000,
		  .elapsed_s = 1,
		  .disturbed = 1,
		  .other_share = 0.48,
		  .why = "other tasks took 48.0% of CPU 0" },
	};
	static struct result_sample twin[] = {
		{ .loops = 70000, .elapsed_s = 1 },
		{ .loops = 71000, .elapsed_s = 1 },
		{ .loops = 70500, .elapsed_s = 1 },
		{ .loops = 140000, .elapsed_s = 1 },
		{ .loops = 141000, .elapsed_s = 1 },
		{ .loops = 140500, .elapsed_s = 1 },
	};
	struct result_row rows[] = {
		{ .mech = "pipe",
		  .title = "pipe",
		  .placement = "same",
		  .procs = 2,
		  .nsamples = 5,
		  .sample = outl,
		  .discarded = 2,
		  .cpus = "0" },
		{ .mech = "pipe",
		  .title = "pipe",
		  .placement = "any",
		  .procs = 2,
		  .nsamples = 6,
		  .sample = twin,
		  .cpus = "0-1" },
	};
	struct results r = { .nrows = 2, .row = rows };
	const struct results *one[] = { &r };
	char *buf;

	fill_info(&r.info, "6.1", "");
	buf = check_report("notes.txt", one, 1);
	CHECK(strstr(buf, "(disturbed: 1 of 5 runs; run 5: other tasks") !=
	      NULL);
	CHECK(strstr(buf, "(2 disturbed runs discarded and run again)") !=
	      NULL);
	CHECK(strstr(buf, "outside the Tukey fences: run 5 35000") != NULL);
	CHECK(strstr(buf, "(two clusters: 3 runs near 70500, 3 near 140500") !=
	      NULL);
	/*
	 * Low, high and cv of the runs the average is over: the disturbed
	 * run left out of all of them, so the average lies between them.
	 */
	CHECK(strstr(buf, "\n  6.1 same                69900      70300      "
			  "70075   0.2% 0\n") != NULL);
	CHECK(strstr(buf, "35000      70300") == NULL);
	free(buf);
}

/*
 * A disturbed run with several notes, more than the line holds: the
 * note is cut where a word ends and says so ("...), never "a CPU quo)".
 */
static void test_notes_cut(void)
{
	static struct result_sample smp[] = {
		{ .loops = 70100, .elapsed_s = 1 },
		{ .loops = 35000,
		  .elapsed_s = 1,
		  .disturbed = 1,
		  .other_share = 0.48,
		  .why = "the token stood still for 0.08 s; a CPU quota throttled it 12 times, 0.30 s; ..." },
	};
	struct result_row rows[] = {
		{ .mech = "pipe",
		  .title = "pipe",
		  .placement = "same",
		  .procs = 2,
		  .nsamples = 2,
		  .sample = smp,
		  .cpus = "0" },
	};
	struct results r = { .nrows = 1, .row = rows };
	const struct results *one[] = { &r };
	char *buf = NULL, *line;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	fill_info(&r.info, "6.1", "");
	test_render(f, "text", one, 1, 0, NULL, 0);
	fclose(f);
	check_width(buf, 80);
	/* The reason whole, over lines under the note's "(". */
	line = strstr(buf, "(disturbed: 1 of 2 runs; run 2: ");
	CHECK(line != NULL);
	if (line) {
		line[strcspn(line, ")")] = '\0';
		CHECK_STR(
			line,
			"(disturbed: 1 of 2 runs; run 2: the token stood still for 0.08 s; a CPU\n"
			"     quota throttled it 12 times, 0.30 s; ...");
	}
	free(buf);
}

/*
 * Runs on an emulated CPU (qemu's TCG) against one on a real kernel: the
 * emulated rows are marked, the others not, and a legend says why.
 */
static void test_emulated(void)
{
	struct result_row rows[] = {
		{ .mech = "pipe",
		  .title = "pipe",
		  .placement = "any",
		  .procs = 2,
		  .nsamples = 3,
		  .sample = smp_a,
		  .cpus = "0-1" },
	};
	struct results tcg = { .nrows = 1, .row = rows };
	struct results kvm = { .nrows = 1, .row = rows };
	const struct results *both[] = { &tcg, &kvm };
	const char *mark = "    (emulated CPU: the emulator's times, not the "
			   "kernel's)\n";
	char *buf, *at;

	fill_info(&tcg.info, "6.1.0-57-rt-amd64", "");
	snprintf(tcg.info.emulated, sizeof(tcg.info.emulated),
		 "yes (qemu TCG: CPUID TCGTCGTCGTCG)");
	fill_info(&kvm.info, "6.1.0-57-amd64", "");
	snprintf(kvm.info.emulated, sizeof(kvm.info.emulated), "no (KVM)");
	buf = check_report("emulated.txt", both, 2);
	CHECK(strstr(buf, "\nemulated: the CPU was emulated (qemu TCG") !=
	      NULL);
	/*
	 * Under the emulated row (its label is long: key #1), before the
	 * next one; once.
	 */
	at = strstr(buf, "\n  #1 any");
	CHECK(at && strstr(at, mark) &&
	      strstr(at, mark) < strstr(at, "\n  #2 any"));
	CHECK(at && strstr(at, mark) && !strstr(strstr(at, mark) + 1, mark));
	CHECK(strstr(buf, "  Emulated             yes (qemu TCG") != NULL);
	free(buf);

	/* Without an emulated run, neither legend nor mark. */
	buf = check_report("two-kvm.txt", both + 1, 1);
	CHECK(strstr(buf, "emulated") == NULL);
	free(buf);
}

static void test_sysinfo(void)
{
	struct result_info in;

	memset(&in, 0x55, sizeof(in));
	sysinfo_read(TEST_DIR "/fixtures/sys-x86", &in);
	CHECK_STR(in.cpu_type, "Celeron (Mendocino)");
	CHECK_STR(in.cpu_mhz, "498.014");
	CHECK_STR(in.hostname, "testbox");
	CHECK_STR(in.kernel, "2.4.18-10smp-bl");
	CHECK_EQ_INT(in.ncpu, 3);
	/* What the release says of a kernel that says nothing more. */
	CHECK_STR(in.fair_sched, "neither (release 2.4: CFS from 2.6.23)");
	CHECK_STR(in.sched_ext, "unknown (no /sys/kernel)");
	CHECK_STR(in.proxy_exec, "no (release 2.4: from 6.17)");
	CHECK_STR(in.core_sched, "no (release 2.4: from 5.14)");
	CHECK_STR(in.tsc, "none (no x86 flags in /proc/cpuinfo)");
	CHECK_STR(in.core_types, "unknown (no cpu_capacity or hybrid PMU)");

	sysinfo_read(TEST_DIR "/fixtures/nonexistent", &in);
	CHECK_STR(in.cpu_type, "");
	CHECK_STR(in.cpu_mhz, "");
	CHECK_STR(in.hostname, "");
	CHECK_STR(in.kernel, "");
	CHECK_EQ_INT(in.ncpu, 0);

	CHECK_EQ_INT(cpulist_count("0"), 1);
	CHECK_EQ_INT(cpulist_count("0-3,8,10-11\n"), 7);
	CHECK_EQ_INT(cpulist_count("3-1"), -1);
	CHECK_EQ_INT(cpulist_count("a"), -1);
	CHECK_EQ_INT(cpulist_count("1;2"), -1);
}

/*
 * A row's class: in its label unless it is the default, in what makes
 * rows the same, and in the saved run, which reads back as it was; a
 * file without it (older) is of the default class.
 */
static void test_classes(void)
{
	struct result_row rows[3] = {
		{ .mech = "futex",
		  .title = "futex",
		  .placement = "same",
		  .procs = 2,
		  .policy = "other",
		  .status = RESULT_SKIPPED },
		{ .mech = "futex",
		  .title = "futex",
		  .placement = "same",
		  .procs = 2,
		  .policy = "fifo",
		  .prio = 80,
		  .status = RESULT_SKIPPED },
		{ .mech = "futex",
		  .title = "futex",
		  .placement = "same",
		  .procs = 2,
		  .policy = "batch",
		  .nice = -5,
		  .status = RESULT_SKIPPED },
	};
	struct results r = { .nrows = 3, .row = rows }, *back = NULL;
	const struct results *one[] = { &r };
	struct result_row old = rows[0], rt80 = rows[1];
	char label[128], err[256], *json = NULL, *p;
	unsigned int n = 0;
	size_t len = 0;
	FILE *f;

	snprintf(r.info.label, sizeof(r.info.label), "6.1");
	r.info.runs = 1;
	r.info.duration_s = 1;
	text_row_name(label, sizeof(label), &r, 0, &rows[0]);
	CHECK_STR(label, "6.1 same");
	text_row_name(label, sizeof(label), &r, 0, &rows[1]);
	CHECK_STR(label, "6.1 same fifo:80");
	text_row_name(label, sizeof(label), &r, 0, &rows[2]);
	CHECK_STR(label, "6.1 same batch:nice-5");

	old.policy[0] = '\0';
	CHECK(result_row_same(&old, &rows[0]));
	CHECK(!result_row_same(&rows[0], &rows[1]));
	CHECK(!result_row_same(&rows[1], &rows[2]));
	rt80.prio = 81;
	CHECK(!result_row_same(&rt80, &rows[1]));
	snprintf(rt80.policy, sizeof(rt80.policy), "rr");
	rt80.prio = 80;
	CHECK(!result_row_same(&rt80, &rows[1]));
	/* The same but for its rings, its ring size or working set. */
	old = rows[0];
	old.rings = 4;
	old.procs = 8;
	CHECK(!result_row_same(&old, &rows[0]));
	CHECK(!result_row_same_but(&old, &rows[0], RESULT_KEY_RINGS));
	CHECK(!result_row_same_but(&old, &rows[0], RESULT_KEY_RING));
	CHECK(result_row_same_but(&old, &rows[0],
				  RESULT_KEY_RINGS | RESULT_KEY_RING));
	old.procs = rows[0].procs;
	CHECK(result_row_same_but(&old, &rows[0], RESULT_KEY_RINGS));
	old.rings = rows[0].rings;
	old.ws_kb = 16;
	CHECK(result_row_same_but(&old, &rows[0], RESULT_KEY_RING));
	CHECK(!result_row_same_but(&old, &rows[1], RESULT_KEY_RING));

	f = open_memstream(&json, &len);
	report_json(f, one, 1);
	fclose(f);
	CHECK(strstr(json, "\"policy\": \"fifo\",\n") != NULL);
	CHECK(strstr(json, "\"priority\": 80,\n") != NULL);
	CHECK(strstr(json, "\"nice\": -5,\n") != NULL);
	CHECK_EQ_INT(store_read_buf(json, len, &back, &n, err, sizeof(err)), 0);
	CHECK_EQ_INT(n, 1);
	for (unsigned int i = 0; n == 1 && i < 3; i++) {
		CHECK_EQ_INT(back->nrows, 3);
		if (back->nrows == 3)
			CHECK(result_row_same(&back->row[i], &rows[i]));
	}
	for (unsigned int i = 0; i < n; i++)
		results_free(&back[i]);
	free(back);
	back = NULL;
	n = 0;

	/* A priority in range reads; one out of it is refused. */
	p = strstr(json, "\"priority\": 80");
	if (p) {
		memcpy(p, "\"priority\": 99", 14);
		CHECK_EQ_INT(
			store_read_buf(json, len, &back, &n, err, sizeof(err)),
			0);
		memcpy(p, "\"priority\": -1", 14);
		CHECK_EQ_INT(
			store_read_buf(json, len, &back, &n, err, sizeof(err)),
			-1);
		CHECK(strstr(err, "priority") != NULL);
	}
	for (unsigned int i = 0; i < n; i++)
		results_free(&back[i]);
	free(back);
	free(json);
}

/* One saved run read twice is the same run; a run that differs is not. */
static void test_same_run(void)
{
	struct result_sample s1[] = { { .loops = 709140, .elapsed_s = 10.0 },
				      { .loops = 710280, .elapsed_s = 10.0 } };
	struct result_sample s2[] = { { .loops = 709140, .elapsed_s = 10.0 },
				      { .loops = 710280, .elapsed_s = 10.0 } };
	struct result_row ra = {
		.mech = "pipe", .procs = 2, .nsamples = 2, .sample = s1
	};
	struct result_row rb = ra;
	struct results a = { .nrows = 1, .row = &ra }, b;

	fill_info(&a.info, "6.1", "");
	snprintf(a.info.date, sizeof(a.info.date), "2026-01-02T03:04:05Z");
	rb.sample = s2;
	b = a;
	b.row = &rb;
	CHECK(results_same_run(&a, &b));
	/* One run of one row a loop apart: another invocation. */
	s2[1].loops++;
	CHECK(!results_same_run(&a, &b));
	s2[1].loops--;
	s2[0].elapsed_s = 10.000000001;
	CHECK(!results_same_run(&a, &b));
	s2[0].elapsed_s = 10.0;
	/* The same runs started at another second: not the same either. */
	snprintf(b.info.date, sizeof(b.info.date), "2026-01-02T03:04:06Z");
	CHECK(!results_same_run(&a, &b));
	b.info = a.info;
	rb.nsamples = 1;
	CHECK(!results_same_run(&a, &b));
	rb.nsamples = 2;
	CHECK(results_same_run(&a, &b));
}

/*
 * The comparison's bookkeeping: invocations left out counted once each,
 * however many of their rows were; a row with none left says its average
 * has its disturbed runs; "1 time"; "-" and "[detect]" in the legend; two
 * labels of one boot said to be one kernel.
 */
static void test_bookkeeping(void)
{
	static struct result_sample clean[] = {
		{ .loops = 100000, .elapsed_s = 1 },
		{ .loops = 101000, .elapsed_s = 1 },
	};
	static struct result_sample bad[] = {
		{ .loops = 50000,
		  .elapsed_s = 1,
		  .disturbed = 1,
		  .why = "other tasks took 40.0% of CPU 0" },
		{ .loops = 51000,
		  .elapsed_s = 1,
		  .disturbed = 1,
		  .why = "other tasks took 41.0% of CPU 0" },
	};
	struct result_row like = { .mech = "pipe",
				   .title = "pipe",
				   .procs = 2,
				   .nsamples = 2,
				   .cpus = "0" };
	struct result_row rows[4][3];
	struct results r[4];
	const struct results *all[4];
	const char *const place[] = { "same", "other", "any" };
	char *buf;

	for (unsigned int i = 0; i < 4; i++) {
		for (unsigned int j = 0; j < 3; j++) {
			rows[i][j] = like;
			snprintf(rows[i][j].placement,
				 sizeof(rows[i][j].placement), "%s", place[j]);
			/* 6.1's second invocation: every row disturbed. */
			rows[i][j].sample = i == 1 ? bad : clean;
		}
		/* 6.2's "any" row: unpinned, every run disturbed. */
		if (i >= 2) {
			rows[i][2].sample = bad;
			rows[i][2].flags = RESULT_MIGRATED;
			rows[i][2].migrations = i == 2 ? 1 : 0;
		}
		r[i] = (struct results){ .nrows = 3, .row = rows[i] };
		fill_info(&r[i].info, i < 2 ? "6.1" : "6.2", "");
		r[i].info.runs = 2;
		r[i].info.start_s = 1000 + i;
		snprintf(r[i].info.boot_id, sizeof(r[i].info.boot_id),
			 "2b1c3d4e-0000-4000-8000-000000000001");
		all[i] = &r[i];
	}
	/* 6.2 measured a row 6.1 did not: no change to show. */
	snprintf(rows[3][1].placement, sizeof(rows[3][1].placement),
		 "cpus:0,1");
	rows[2][1] = rows[3][1];
	buf = check_report("bookkeeping.txt", all, 4);
	/* 6.1's second, both of 6.2's: not 5, a count of rows. */
	CHECK(strstr(buf, "(3 invocations with fewer than half") != NULL);
	CHECK(strstr(buf, "averaged anyway") != NULL);
	CHECK(strstr(buf, "moved between CPUs 1 time)") != NULL);
	CHECK(strstr(buf, "\n-: no change: ") != NULL);
	CHECK(strstr(buf, "\n[detect]: ") != NULL);
	CHECK(strstr(buf, "\nsame boot: 6.1 and 6.2 ran in one boot") != NULL);
	free(buf);
}

/*
 * --brief: two kernels, every mechanism, two invocations each: the facts
 * that differ and the summary, at most 60 lines of 80 columns.
 */
static void test_brief(void)
{
	static const char *const mech[][2] = {
		{ "signal", "SIGUSR1" },
		{ "sysv-msg", "message queue" },
		{ "pipe", "pipe" },
		{ "sysv-sem", "semaphore" },
		{ "spin-yield", "spin+yield" },
		{ "spinlock", "spinlock" },
		{ "futex", "futex" },
		{ "eventfd", "eventfd" },
		{ "unix", "UNIX socket" },
		{ "posix-mq", "POSIX mq" },
		{ "posix-sem", "POSIX semaphore" },
		{ "tcp", "TCP loopback" },
	};
	enum { NM = sizeof(mech) / sizeof(mech[0]) };
	static struct result_sample smp[4][NM][3];
	static struct result_row rows[4][NM];
	static struct results r[4];
	const struct results *all[4];
	struct report_model m;
	char *buf = NULL;
	size_t len = 0, lines = 0;
	FILE *f;

	for (unsigned int i = 0; i < 4; i++) {
		for (unsigned int j = 0; j < NM; j++) {
			/* 6.2 is 10 % slower on the odd rows. */
			double rate = 100000.0 * (j + 1) *
				      (i >= 2 && j % 2 ? 0.9 : 1.0);

			for (unsigned int k = 0; k < 3; k++)
				smp[i][j][k] = (struct result_sample){
					.loops = (uint64_t)(rate + 300 * k +
							    100 * i),
					.elapsed_s = 1
				};
			rows[i][j] = (struct result_row){ .procs = 2,
							  .nsamples = 3,
							  .sample = smp[i][j],
							  .cpus = "0-1" };
			snprintf(rows[i][j].mech, sizeof(rows[i][j].mech), "%s",
				 mech[j][0]);
			snprintf(rows[i][j].title, sizeof(rows[i][j].title),
				 "%s", mech[j][1]);
			snprintf(rows[i][j].placement,
				 sizeof(rows[i][j].placement), "any");
			for (uint64_t ns = 5000; ns < 6000; ns += 100)
				hist_add(&rows[i][j].rtt,
					 (uint64_t)((double)ns * (j + 1) *
						    (i >= 2 && j % 2 ? 1.1 :
								       1.0)));
		}
		r[i] = (struct results){ .nrows = NM, .row = rows[i] };
		const char *label = i < 2 ? "6.1.0-base" : "6.2.0-test";

		fill_info(&r[i].info, label, "");
		snprintf(r[i].info.kernel, sizeof(r[i].info.kernel), "%s",
			 label);
		snprintf(r[i].info.date, sizeof(r[i].info.date),
			 "2026-01-02T03:0%u:00Z", i);
		/* Taken in turns, 6.1 6.2 6.1 6.2: blocks, judged. */
		r[i].info.start_s = 1000 + 60 * (i % 2 * 2 + i / 2);
		all[i] = &r[i];
	}
	f = open_memstream(&buf, &len);
	if (report_model_build(&m, all, 4, 0, NULL, 0, REPORT_BRIEF) == 0) {
		report_format_text.render(f, &m);
		report_model_free(&m);
	}
	fclose(f);
	golden_check("brief.txt", buf, len);
	check_width(buf, 80);
	for (const char *p = buf; p && *p; p++)
		lines += *p == '\n';
	CHECK(lines > NM && lines <= 60);
	/* The verdict in words, last on its line: never a bare "noise". */
	CHECK(strstr(buf, " 23.81 slower\n") != NULL);
	CHECK(strstr(buf, " not significant\n") != NULL);
	CHECK(strstr(buf, " noise\n") == NULL);
	free(buf);
}

int main(void)
{
	test_text();
	test_rings();
	test_notes();
	test_notes_cut();
	test_emulated();
	test_sysinfo();
	test_classes();
	test_same_run();
	test_bookkeeping();
	test_brief();
	return check_summary();
}
