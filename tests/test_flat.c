/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Golden tests of the flat formats (kv and tsv) from fixed results, and of
 * their contract: keys that stay what they are, numbers only, every metric
 * in the table docs/keys.md is made from.  CTXBENCH_UPDATE_GOLDEN=1
 * rewrites the golden files; review the diff like code, and a changed key
 * as a broken promise.
 */
#include <math.h>
#include <signal.h>
#include <stdlib.h>

#include "golden.h"
#include "analysis/compare.h"
#include "analysis/model.h"
#include "report/report.h"
#include "analysis/textkit.h"
#include "render.h"

static struct result_sample smp_pipe[] = {
	{ .loops = 130000, .elapsed_s = 1.0 },
	{ .loops = 131000, .elapsed_s = 1.0 },
	{ .loops = 129768, .elapsed_s = 1.0, .disturbed = 1 },
};
static struct result_sample smp_pipe_b[] = {
	{ .loops = 140000, .elapsed_s = 1.0 },
	{ .loops = 141500, .elapsed_s = 1.0 },
	{ .loops = 139900, .elapsed_s = 1.0 },
};
static struct result_sample smp_spin[] = { { .loops = 3, .elapsed_s = 1.0 },
					   { .loops = 4, .elapsed_s = 1.0 } };
static struct result_sample smp_two[] = { { .loops = 50000, .elapsed_s = 1 },
					  { .loops = 52000, .elapsed_s = 1 } };

static void fill_info(struct result_info *in, const char *label)
{
	memset(in, 0, sizeof(*in));
	snprintf(in->label, sizeof(in->label), "%s", label);
	in->ncpu = 2;
	in->duration_s = 1;
	in->runs = 3;
}

/* Rows of every kind: measured, skipped, failed with runs, degenerate. */
static void fill_rows(struct result_row *rows, struct result_sample *pipe)
{
	rows[0] = (struct result_row){ .mech = "pipe",
				       .title = "pipe",
				       .placement = "same",
				       .procs = 2,
				       .cpus = "0",
				       .nsamples = 3,
				       .sample = pipe,
				       .migrations = 0 };
	for (uint64_t ns = 7000; ns < 8000; ns += 5)
		hist_add(&rows[0].rtt, ns);
	hist_add(&rows[0].rtt, 41000);
	rows[0].cpu = (struct result_cpu){ .user_s = 0.3,
					   .sys_s = 2.4,
					   .nvcsw = 780000,
					   .nivcsw = 1200,
					   .loops = 390768,
					   .seconds = 3 };
	rows[1] = (struct result_row){
		.mech = "sysv-sem",
		.title = "semaphore",
		.placement = "cpus:0,1",
		.procs = 2,
		.migrations = -1,
		.status = RESULT_SKIPPED,
		.reason = "semget: Function not implemented"
	};
	rows[2] = (struct result_row){ .mech = "futex",
				       .title = "futex",
				       .placement = "any",
				       .procs = 2,
				       .migrations = -1,
				       .nsamples = 2,
				       .sample = smp_two,
				       .status = RESULT_FAILED,
				       .reason = "child 1 killed by signal 9" };
	rows[3] = (struct result_row){ .mech = "spinlock",
				       .title = "spinlock",
				       .placement = "same",
				       .procs = 2,
				       .migrations = 0,
				       .flags = RESULT_DEGENERATE,
				       .nsamples = 2,
				       .sample = smp_spin };
}

/* @r in @format, checked against tests/golden/@name; returned (free it). */
static char *check_flat(const char *name, const struct results *const *r,
			unsigned int n, const char *format)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK_EQ_INT(test_render(f, format, r, n, 0, NULL, 0), 0);
	fclose(f);
	golden_check(name, buf, len);
	return buf;
}

/*
 * Every line of @text is KEY SEP NUMBER: a key of [A-Za-z0-9_.+/-], a
 * number strtod() takes whole, never nan or inf; no key twice.
 */
static void check_lines(const char *text, const char *sep)
{
	const char *line = text;
	char seen[512][160];
	unsigned int nseen = 0;
	int ok = 1;

	while (*line) {
		size_t n = strcspn(line, "\n"), k = strcspn(line, sep);
		char key[160], num[64], *end;
		double v;

		if (k >= n || k >= sizeof(key) ||
		    n - k - strlen(sep) >= sizeof(num)) {
			fprintf(stderr, "not KEY%sVALUE: '%.*s'\n", sep, (int)n,
				line);
			ok = 0;
			goto next;
		}
		memcpy(key, line, k);
		key[k] = '\0';
		memcpy(num, line + k + strlen(sep), n - k - strlen(sep));
		num[n - k - strlen(sep)] = '\0';
		if (strspn(key, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS"
				"TUVWXYZ0123456789_.+/-") != k) {
			fprintf(stderr, "bad key: '%s'\n", key);
			ok = 0;
		}
		v = strtod(num, &end);
		if (!num[0] || *end || !isfinite(v) || strpbrk(num, "eEnN")) {
			fprintf(stderr, "not a plain number: '%s: %s'\n", key,
				num);
			ok = 0;
		}
		for (unsigned int i = 0; i < nseen; i++)
			if (!strcmp(seen[i], key)) {
				fprintf(stderr, "key twice: '%s'\n", key);
				ok = 0;
			}
		if (nseen < 512)
			memcpy(seen[nseen++], key, sizeof(key));
next:
		line += n + (line[n] == '\n');
	}
	CHECK(ok);
}

/* The kv text with ": " turned into a tab: what tsv must be. */
static void check_same(const char *kv, const char *tsv)
{
	char *want = strdup(kv), *p;
	size_t len;

	for (p = strstr(want, ": "); p; p = strstr(p, ": ")) {
		*p = '\t';
		memmove(p + 1, p + 2, strlen(p + 2) + 1);
	}
	len = strlen(want);
	CHECK(len == strlen(tsv) && memcmp(want, tsv, len) == 0);
	free(want);
}

/* Whether @metric is in report_flat_keys[], a trailing N as digits. */
static int flat_known(const char *metric)
{
	for (const struct report_flat_key *k = report_flat_keys; k->name; k++) {
		size_t n = strlen(k->name);

		if (!strcmp(metric, k->name))
			return 1;
		if (k->name[n - 1] == 'N' && !strncmp(metric, k->name, n - 1) &&
		    metric[n - 1] &&
		    strspn(metric + n - 1, "0123456789") ==
			    strlen(metric + n - 1))
			return 1;
	}
	return 0;
}

/*
 * Every metric of @text (the last part of each key) is in the table of
 * keys, which docs/keys.md is made from (the docs-refs test).
 */
static void check_documented(const char *text)
{
	const char *line = text;

	while (*line) {
		size_t n = strcspn(line, "\n"), k = strcspn(line, ":\t");
		const char *dot = line + k;
		char metric[80];

		while (dot > line && dot[-1] != '.')
			dot--;
		snprintf(metric, sizeof(metric), "%.*s", (int)(line + k - dot),
			 dot);
		if (!flat_known(metric)) {
			fprintf(stderr,
				"metric %s is not in report_flat_keys\n",
				metric);
			CHECK(0);
		}
		line += n + (line[n] == '\n');
	}
}

/*
 * The metrics named from other tables (a status, a quantile, a finding,
 * a reason with a mark of its own) are in the table of keys, and every
 * entry of it has a name, a table and words.
 */
static void test_table(void)
{
	static const char *const groups[] = { "status", "run", "rtt", "cpu",
					      "other" };
	char name[64];
	unsigned int n = 0;

	for (const struct report_flat_key *k = report_flat_keys; k->name;
	     k++, n++) {
		int in = 0;

		for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++)
			in |= k->group && !strcmp(k->group, groups[g]);
		CHECK(in && k->what && k->what[0]);
		CHECK((k->unit == NULL) == !strcmp(k->group, "status"));
	}
	CHECK(n >= 50);
	for (int st = RESULT_OK; st <= RESULT_INTERRUPTED; st++)
		CHECK(flat_known(result_status_key((enum result_status)st)));
	for (size_t q = 0; q < RESULT_NQUANTILES; q++) {
		snprintf(name, sizeof(name), "rtt_%s_ns",
			 result_quantiles[q].key);
		CHECK(flat_known(name));
	}
	CHECK(flat_known(report_finding_key(FINDING_EMULATED)));
	CHECK(flat_known(report_finding_key(FINDING_MIGRATED)));
	CHECK(flat_known(report_finding_key(FINDING_OUTLIERS)));
	snprintf(name, sizeof(name), "%s_low_runs",
		 report_finding_key(FINDING_CLUSTERS));
	CHECK(flat_known(name));
	for (int w = COMPARE_JUDGED; w <= COMPARE_ONE_BLOCK; w++) {
		const char *mark = compare_why_mark((enum compare_why)w);

		if (!mark || !strcmp(mark, " ") || !mark[0])
			continue;
		snprintf(name, sizeof(name), "not_judged_%s",
			 compare_why_key((enum compare_why)w));
		CHECK(flat_known(name));
	}
}

static void test_single(void)
{
	struct result_row rows[4];
	struct results r = { .nrows = 4, .row = rows };
	const struct results *one[] = { &r };
	char *kv, *tsv;

	fill_rows(rows, smp_pipe);
	fill_info(&r.info, "6.1");
	kv = check_flat("flat-single.kv", one, 1, "kv");
	tsv = check_flat("flat-single.tsv", one, 1, "tsv");
	check_lines(kv, ": ");
	check_lines(tsv, "\t");
	check_same(kv, tsv);
	check_documented(kv);
	/* The contract's own example, and what a harness greps for. */
	CHECK(strstr(kv, "\npipe.same.2p.0k.loops_per_sec: 130256\n") != NULL);
	CHECK(strstr(kv, "sysv-sem.cpus_0_1.2p.0k.skipped: 1\n") != NULL);
	/* A failed row says so, and nothing of its runs. */
	CHECK(strstr(kv, "futex.any.2p.0k.failed: 1\n") != NULL);
	CHECK(strstr(kv, "futex.any.2p.0k.loops") == NULL);
	CHECK(strstr(kv, "spinlock.same.2p.0k.degenerate: 1\n") != NULL);
	CHECK(strstr(kv, "nan") == NULL && strstr(kv, "inf") == NULL);
	free(kv);
	free(tsv);
}

/*
 * Labels, not invocations: two invocations of 6.1 merged into one label,
 * the replicates that judge 6.2 rc1's change (p, marked); a label alone
 * on each side gives the change and a lower bound of detect, unjudged.
 */
static void test_compare(void)
{
	static struct result_sample smp_pipe_c[] = {
		{ .loops = 131500, .elapsed_s = 1.0 },
		{ .loops = 132000, .elapsed_s = 1.0 },
		{ .loops = 130900, .elapsed_s = 1.0 },
	};
	struct result_row ra[4], rb[4], rc[4], rd[4];
	struct results a = { .nrows = 4, .row = ra };
	struct results b = { .nrows = 4, .row = rb };
	struct results c = { .nrows = 1, .row = rc };
	struct results d = { .nrows = 1, .row = rd };
	const struct results *four[] = { &a, &b, &c, &d };
	const struct results *two[] = { &a, &b };
	char *kv, *buf = NULL;
	size_t len = 0;
	FILE *f;

	fill_rows(ra, smp_pipe);
	fill_rows(rb, smp_pipe_b);
	fill_rows(rc, smp_pipe_c);
	fill_rows(rd, smp_pipe_b);
	fill_info(&a.info, "6.1");
	fill_info(&b.info, "6.2 rc1");
	fill_info(&c.info, "6.1");
	fill_info(&d.info, "6.2_rc1");
	kv = check_flat("flat-compare.kv", four, 4, "kv");
	check_lines(kv, ": ");
	check_documented(kv);
	/* One 6.1 label of two invocations, the baseline: no verdict. */
	CHECK(strstr(kv, "6.1/pipe.same.2p.0k.invocations: 2\n") != NULL);
	CHECK(strstr(kv, "6.1/pipe.same.2p.0k.runs: 6\n") != NULL);
	CHECK(strstr(kv, "6.1/pipe.same.2p.0k.change_pct") == NULL);
	CHECK(strstr(kv, "6.1_2/") == NULL);
	/* Judged against the spread of 6.1's two invocations. */
	CHECK(strstr(kv, "6.2_rc1/pipe.same.2p.0k.change_pct: ") != NULL);
	CHECK(strstr(kv, "6.2_rc1/pipe.same.2p.0k.detect_pct: ") != NULL);
	CHECK(strstr(kv, "6.2_rc1/pipe.same.2p.0k.p: ") != NULL);
	CHECK(strstr(kv, "6.2_rc1/pipe.same.2p.0k.marked: ") != NULL);
	CHECK(strstr(kv, "welch_p") == NULL);
	/* A label that reads as another once in a key. */
	CHECK(strstr(kv, "6.2_rc1_2/pipe.same.2p.0k.change_pct: ") != NULL);
	free(kv);

	/* One invocation a side: the change, no p, no mark. */
	f = open_memstream(&buf, &len);
	CHECK_EQ_INT(test_render(f, "kv", two, 2, 0, NULL, 0), 0);
	fclose(f);
	CHECK(strstr(buf, "6.2_rc1/pipe.same.2p.0k.change_pct: 7.637\n") !=
	      NULL);
	CHECK(strstr(buf, "6.2_rc1/pipe.same.2p.0k.detect_pct: ") != NULL);
	CHECK(strstr(buf, ".p: ") == NULL && strstr(buf, ".marked: ") == NULL);
	/* The same, judged against A/A invocations given as noise. */
	{
		const struct results *noise[] = { &a, &c };

		free(buf);
		buf = NULL;
		f = open_memstream(&buf, &len);
		CHECK_EQ_INT(test_render(f, "kv", two, 2, 0, noise, 2), 0);
		fclose(f);
		CHECK(strstr(buf, "6.2_rc1/pipe.same.2p.0k.p: ") != NULL);
		CHECK(strstr(buf, "6.2_rc1/pipe.same.2p.0k.marked: ") != NULL);
	}
	free(buf);
}

/* Rings: the ring and working set in the key, lat_ctx's hop figures. */
static void test_rings(void)
{
	static struct result_sample s4[] = { { .loops = 80000, .elapsed_s = 1 },
					     { .loops = 81000,
					       .elapsed_s = 1 } };
	struct result_row rows[] = {
		{ .mech = "pipe",
		  .placement = "same",
		  .procs = 4,
		  .ws_kb = 16,
		  .hop_work_ns = 500,
		  .migrations = -1,
		  .nsamples = 2,
		  .sample = s4 },
	};
	struct results r = { .nrows = 1, .row = rows };
	const struct results *one[] = { &r };
	char *kv;

	fill_info(&r.info, "6.1");
	kv = check_flat("flat-rings.kv", one, 1, "kv");
	check_lines(kv, ": ");
	check_documented(kv);
	CHECK(strstr(kv, "pipe.same.4p.16k.hop_ns: 3106\n") != NULL);
	free(kv);
}

/*
 * The row part of the keys: today's keys, held here one by one, for
 * every placement spelling.  Changing one breaks every fleet's history.
 */
static void test_keys(void)
{
	static const struct {
		const char *mech, *placement;
		unsigned int procs, kb;
		int threads;
		const char *key;
		const char *policy;
		int prio, nice;
	} cases[] = {
		{ "pipe", "same", 2, 0, 0, "pipe.same.2p.0k", NULL, 0, 0 },
		{ "pipe", "any", 2, 0, 0, "pipe.any.2p.0k", NULL, 0, 0 },
		{ "sysv-sem", "cross", 2, 0, 0, "sysv-sem.cross.2p.0k", NULL, 0,
		  0 },
		{ "spin-yield", "smt", 2, 0, 0, "spin-yield.smt.2p.0k", NULL, 0,
		  0 },
		{ "futex", "cpus:0,2", 2, 0, 0, "futex.cpus_0_2.2p.0k", NULL, 0,
		  0 },
		{ "posix-mq", "cpus:3", 8, 64, 0, "posix-mq.cpus_3.8p.64k",
		  NULL, 0, 0 },
		{ "tcp", "same", 1024, 16384, 0, "tcp.same.1024p.16384k", NULL,
		  0, 0 },
		{ "pipe", "same", 2, 0, 1, "pipe.same.2p.0k.threads", NULL, 0,
		  0 },
		/* Only what a key may hold, whatever a saved file says. */
		{ "a b.c", "x:y", 2, 0, 0, "a_b_c.x_y.2p.0k", NULL, 0, 0 },
		/* A class not the default is appended, after the others. */
		{ "pipe", "same", 2, 0, 0, "pipe.same.2p.0k", "other", 0, 0 },
		{ "pipe", "same", 2, 0, 0, "pipe.same.2p.0k.fifo_80", "fifo",
		  80, 0 },
		{ "pipe", "same", 2, 0, 1, "pipe.same.2p.0k.threads.rr_1", "rr",
		  1, 0 },
		{ "futex", "cross", 2, 0, 0, "futex.cross.2p.0k.batch", "batch",
		  0, 0 },
		{ "futex", "cross", 2, 0, 0, "futex.cross.2p.0k.idle", "idle",
		  0, 0 },
		{ "futex", "any", 2, 0, 0, "futex.any.2p.0k.other_nice-5",
		  "other", 0, -5 },
		{ "futex", "any", 2, 0, 0, "futex.any.2p.0k.batch_nice19",
		  "batch", 0, 19 },
	};
	char buf[128];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct result_row row = { .procs = cases[i].procs,
					  .ws_kb = cases[i].kb };
		struct results r = { .nrows = 1, .row = &row };

		r.info.threads = cases[i].threads;
		snprintf(row.policy, sizeof(row.policy), "%s",
			 cases[i].policy ? cases[i].policy : "");
		row.prio = cases[i].prio;
		row.nice = cases[i].nice;
		snprintf(row.mech, sizeof(row.mech), "%s", cases[i].mech);
		snprintf(row.placement, sizeof(row.placement), "%s",
			 cases[i].placement);
		CHECK_EQ_INT(report_row_key(&r, &row, buf, sizeof(buf)),
			     (int)strlen(cases[i].key));
		CHECK_STR(buf, cases[i].key);
	}
	{
		struct result_row row = { .mech = "pipe",
					  .placement = "same",
					  .procs = 2 };
		struct results r = { .nrows = 1, .row = &row };

		CHECK_EQ_INT(report_row_key(&r, &row, buf, 8), -1);
	}
}

int main(void)
{
	test_single();
	test_compare();
	test_rings();
	test_keys();
	test_table();
	return check_summary();
}
