/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tests of the comparison's verdict: the t quantiles it rests on, saved
 * runs of one label merged into replicates, the invocation-level test and
 * its detectable change, the noise of --noise, and the report that shows
 * them (tests/golden/, with kernel releases as long as real ones).
 */
#include <math.h>

#include "golden.h"
#include "analysis/compare.h"
#include "analysis/group.h"
#include "report/report.h"
#include "store/store.h"
#include "lib/stats.h"
#include "analysis/textkit.h"
#include "analysis/verdict.h"
#include "render.h"

#define NCASES(a) (sizeof(a) / sizeof((a)[0]))
#define RUNS 3

/* Quantiles of Student's t, from printed tables (5 digits). */
static void test_quantile(void)
{
	static const struct {
		double q, df, want;
	} cases[] = {
		{ 0.975, 1, 12.7062 }, { 0.975, 4, 2.7764 },
		{ 0.975, 30, 2.0423 }, { 0.8, 4, 0.9410 },
		{ 0.8, 1, 1.3764 },    { 0.95, 10, 1.8125 },
		{ 0.5, 7, 0 },	       { 0.025, 4, -2.7764 },
	};

	for (size_t i = 0; i < NCASES(cases); i++)
		CHECK_NEAR(stats_t_quantile(cases[i].q, cases[i].df),
			   cases[i].want, 1e-4);
	CHECK(isnan(stats_t_quantile(0, 4)));
	CHECK(isnan(stats_t_quantile(1, 4)));
	CHECK(isnan(stats_t_quantile(0.9, 0)));
}

/*
 * An invocation labelled @label with one row of @mech at "same" whose
 * RUNS runs go at @mean loops/sec, give or take @spread.
 */
static void invocation(struct results *r, const char *label, const char *mech,
		       double mean, double spread)
{
	struct result_row *row;

	memset(r, 0, sizeof(*r));
	snprintf(r->info.label, sizeof(r->info.label), "%s", label);
	snprintf(r->version, sizeof(r->version), "0.1.0");
	r->info.runs = RUNS;
	r->info.duration_s = 1;
	r->info.order = RESULT_ORDER_INTERLEAVE;
	r->row = calloc(1, sizeof(*r->row));
	r->nrows = 1;
	row = r->row;
	snprintf(row->mech, sizeof(row->mech), "%s", mech);
	snprintf(row->title, sizeof(row->title), "%s", mech);
	snprintf(row->placement, sizeof(row->placement), "same");
	snprintf(row->cpus, sizeof(row->cpus), "0");
	row->procs = 2;
	row->sample = calloc(RUNS, sizeof(*row->sample));
	row->nsamples = RUNS;
	for (unsigned int i = 0; i < RUNS; i++) {
		row->sample[i].elapsed_s = 1;
		row->sample[i].loops =
			(uint64_t)(mean + spread * ((double)i - 1));
		hist_add(&row->rtt, (uint64_t)(2e9 / mean) + 100 * i);
	}
}

/* @n invocations of @label at the means @m. */
static void invocations(struct results *r, const char *label, const double *m,
			unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		invocation(&r[i], label, "pipe", m[i], m[i] / 200);
}

static void free_all(struct results *r, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		results_free(&r[i]);
}

/* Merging by label: one row a label, a mean an invocation, in order. */
static void test_group(void)
{
	static const double a[] = { 100, 102, 98 }, b[] = { 110, 112 };
	const struct results *p[5];
	struct results r[5], *g;
	unsigned int ng, gi[5];

	invocations(r, "A", a, 3);
	invocations(r + 3, "B", b, 2);
	/* Interleaved files: A B A B A. */
	p[0] = &r[0];
	p[1] = &r[3];
	p[2] = &r[1];
	p[3] = &r[4];
	p[4] = &r[2];
	CHECK_EQ_INT(report_group(p, 5, p, 5, &g, &ng, gi), 0);
	CHECK_EQ_INT(ng, 2);
	CHECK_STR(g[0].info.label, "A");
	CHECK_STR(g[1].info.label, "B");
	CHECK_EQ_INT(gi[3], 1);
	CHECK_EQ_INT(g[0].invocations, 3);
	CHECK_EQ_INT(g[0].nrows, 1);
	CHECK_EQ_INT(g[0].row[0].ninv, 3);
	CHECK_EQ_INT(g[0].row[0].nsamples, 3 * RUNS);
	CHECK_NEAR(g[0].row[0].inv[1].mean, 102, 1);
	CHECK_NEAR(verdict_mean(&g[0].row[0]), 100, 0.5);
	CHECK_NEAR(verdict_mean(&g[1].row[0]), 111, 0.5);
	report_group_free(g, ng);
	free_all(r, 5);
}

/*
 * The invocation-level test, against the t statistic worked by hand:
 * logs of {100, 102, 98} and {110, 112, 108}, pooled SS 0.0014616 over
 * 4 df, t = 6.108 (p about 0.0036), detectable shift
 * (2.7764 + 0.9410) x 0.015607 in the log: 5.97 %.
 */
static void test_invocations(void)
{
	static const double a[] = { 100e3, 102e3, 98e3 };
	static const double b[] = { 110e3, 112e3, 108e3 };
	static const double same[] = { 101e3, 99e3, 100.5e3 };
	struct results r[9], *g;
	const struct results *p[9];
	const struct result_row *noise[1];
	struct verdict v;
	unsigned int ng;

	invocations(r, "A", a, 3);
	invocations(r + 3, "B", b, 3);
	invocations(r + 6, "C", same, 3);
	for (unsigned int i = 0; i < 9; i++)
		p[i] = &r[i];
	CHECK_EQ_INT(report_group(p, 9, p, 9, &g, &ng, NULL), 0);
	verdict_rows(&g[0].row[0], &g[1].row[0], NULL, 0, VERDICT_LOOPS, &v);
	CHECK_EQ_INT(v.basis, VERDICT_INVOCATIONS);
	CHECK_EQ_INT(v.df, 4);
	CHECK_EQ_INT(v.na, 3);
	CHECK_NEAR(v.change, 0.10, 0.001);
	CHECK(v.p > 0.001 && v.p < 0.01);
	CHECK(v.significant);
	CHECK_NEAR(v.detect, 0.0597, 0.001);
	/* The same kernel again: not marked. */
	verdict_rows(&g[0].row[0], &g[2].row[0], NULL, 0, VERDICT_LOOPS, &v);
	CHECK_EQ_INT(v.basis, VERDICT_INVOCATIONS);
	CHECK(!v.significant);
	CHECK(v.p > 0.5);

	/* One invocation a side, no noise: not judged, runs give a bound. */
	verdict_rows(&r[0].row[0], &r[3].row[0], NULL, 0, VERDICT_LOOPS, &v);
	CHECK_EQ_INT(v.basis, VERDICT_RUNS);
	CHECK(!v.significant);
	CHECK(isnan(v.p));
	CHECK(v.detect > 0 && v.detect < 0.05);
	/* The same with --noise's three invocations of C: judged, df 2. */
	noise[0] = &g[2].row[0];
	verdict_rows(&r[0].row[0], &r[3].row[0], noise, 1, VERDICT_LOOPS, &v);
	CHECK_EQ_INT(v.basis, VERDICT_INVOCATIONS);
	CHECK_EQ_INT(v.df, 2);
	CHECK_EQ_INT(v.na, 1);
	CHECK(!isnan(v.p));
	/* A row the baseline lacks a run of: nothing to compare. */
	r[4].row[0].nsamples = 0;
	verdict_rows(&r[4].row[0], &r[3].row[0], NULL, 0, VERDICT_LOOPS, &v);
	CHECK_EQ_INT(v.basis, VERDICT_NONE);
	CHECK(isnan(v.change));
	report_group_free(g, ng);
	free_all(r, 9);
}

/*
 * The comparison computed once: labels merged, a cell per label of each
 * row, the mark and its reason, the same verdict as verdict_rows() gives,
 * and an interval that holds 0 exactly when the change is not marked.
 */
static void test_compare(void)
{
	static const double a[] = { 100e3, 102e3, 98e3 };
	static const double b[] = { 110e3, 112e3, 108e3 };
	static const double same[] = { 101e3, 99e3, 100.5e3 };
	const unsigned int nmarks = COMPARE_MARKED + 1;
	struct results r[10];
	const struct results *p[10];
	const struct compare_cell *cell;
	struct compare c;

	invocations(r, "A", a, 3);
	invocations(r + 3, "B", b, 3);
	invocations(r + 6, "C", same, 3);
	invocation(&r[9], "D", "futex", 100e3, 500);
	for (unsigned int i = 0; i < 10; i++)
		p[i] = &r[i];
	CHECK_EQ_INT(compare_build(&c, p, 10, 0, NULL, 0), 0);
	CHECK_EQ_INT(c.n, 4);
	CHECK_EQ_INT(c.base, 0);
	CHECK_EQ_INT(c.nmechs, 2);
	CHECK_EQ_INT(c.nrows, 2);
	CHECK_STR(c.mech[0].mech, "pipe");
	CHECK_STR(c.mech[1].mech, "futex");
	CHECK_EQ_INT(c.row[0].ncells, 3);
	CHECK_EQ_INT(c.row[1].ncells, 1);
	CHECK_EQ_INT(c.row[1].mech, 1);
	for (unsigned int i = 0; i < 3; i++) {
		cell = &c.row[0].cell[i];
		CHECK(c.cell[i][0] == cell);
		CHECK_EQ_INT(cell->label, i);
		CHECK_EQ_INT(cell->row->ninv, 3);
		CHECK_EQ_INT(cell->runs.n, 3 * RUNS);
	}
	CHECK_EQ_INT(c.row[0].cell[0].mark, COMPARE_BASELINE);
	cell = &c.row[0].cell[1];
	CHECK_EQ_INT(cell->mark, COMPARE_MARKED);
	CHECK_EQ_INT(cell->why, COMPARE_JUDGED);
	CHECK_NEAR(cell->v.change, 0.10, 0.001);
	CHECK_NEAR(cell->v.detect, 0.0597, 0.001);
	CHECK(cell->v.low > 0 && cell->v.low < cell->v.change);
	CHECK(cell->v.high > cell->v.change);
	cell = &c.row[0].cell[2];
	CHECK_EQ_INT(cell->mark, COMPARE_NOT_MARKED);
	CHECK(cell->v.low < 0 && cell->v.high > 0);
	cell = &c.row[1].cell[0];
	CHECK(c.cell[3][0] == cell);
	CHECK_EQ_INT(cell->mark, COMPARE_NOT_JUDGED);
	CHECK_EQ_INT(cell->why, COMPARE_NO_BASE_ROW);
	CHECK(isnan(cell->v.change));
	CHECK_EQ_INT(c.marks, (1u << nmarks) - 1);
	CHECK_EQ_INT(c.whys, 1u << COMPARE_JUDGED | 1u << COMPARE_NO_BASE_ROW);
	compare_free(&c);

	/* One invocation a label, the second the baseline: not judged. */
	p[0] = &r[3];
	p[1] = &r[0];
	CHECK_EQ_INT(compare_build(&c, p, 2, 1, NULL, 0), 0);
	CHECK_EQ_INT(c.base, 1);
	cell = c.cell[0][0];
	CHECK_EQ_INT(cell->mark, COMPARE_NOT_JUDGED);
	CHECK_EQ_INT(cell->why, COMPARE_NO_NOISE);
	CHECK_NEAR(cell->v.change, 0.10, 0.02);
	CHECK(cell->v.detect > 0);
	CHECK(isnan(cell->v.low) && isnan(cell->v.p));
	CHECK_EQ_INT(c.cell[1][0]->mark, COMPARE_BASELINE);
	CHECK_EQ_INT(c.marks,
		     1u << COMPARE_BASELINE | 1u << COMPARE_NOT_JUDGED);
	compare_free(&c);

	/* A baseline out of range is the first; --noise's invocations count. */
	p[2] = &r[6];
	CHECK_EQ_INT(compare_build(&c, p, 2, 7, p + 2, 1), 0);
	CHECK_EQ_INT(c.base, 0);
	CHECK_EQ_INT(c.noise_invocations, 1);
	compare_free(&c);
	free_all(r, 10);
}

/*
 * report --format json: the comparison after the invocations, as the
 * golden file has it, and skipped by the reader; none for one invocation.
 */
static void test_json_verdict(void)
{
	static const double a[] = { 100e3, 102e3, 98e3 };
	static const double b[] = { 110e3, 112e3, 108e3 };
	struct results r[8], *back = NULL;
	const struct results *p[8];
	char *buf = NULL, *one = NULL, err[256];
	size_t len = 0, len1 = 0;
	unsigned int nback = 0;
	FILE *f;

	invocations(r, "A", a, 3);
	invocations(r + 3, "B", b, 3);
	invocation(&r[6], "C", "pipe", 90e3, 500);
	invocation(&r[7], "D", "futex", 100e3, 500);
	for (unsigned int i = 0; i < 8; i++)
		p[i] = &r[i];
	f = open_memstream(&buf, &len);
	CHECK_EQ_INT(test_render(f, "json", p, 8, 0, NULL, 0), 0);
	fclose(f);
	golden_check("compare-verdict.json", buf, len);
	CHECK(strstr(buf, "\"verdict\": \"marked\"") != NULL);
	CHECK_EQ_INT(store_read_buf(buf, len, &back, &nback, err, sizeof(err)),
		     0);
	CHECK_EQ_INT(nback, 8);
	for (unsigned int i = 0; i < nback; i++)
		results_free(&back[i]);
	free(back);
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	CHECK_EQ_INT(test_render(f, "json", p, 1, 0, NULL, 0), 0);
	fclose(f);
	f = open_memstream(&one, &len1);
	report_json(f, p, 1);
	fclose(f);
	CHECK(len == len1 && !memcmp(buf, one, len));
	CHECK(strstr(buf, "comparison") == NULL);
	free(buf);
	free(one);
	free_all(r, 8);
}

static char *render(const struct results *const *p, unsigned int n,
		    const struct results *const *noise, unsigned int nnoise,
		    size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	CHECK_EQ_INT(test_render(f, "text", p, n, 0, noise, nnoise), 0);
	fclose(f);
	return buf;
}

/* @text is the golden file @name, and no line of it is over 80 columns. */
static void golden80(const char *name, const char *text, size_t len)
{
	golden_check(name, text, len);
	golden_lines(text, 80);
}

#define REL_A "6.13.0-rc1-00042-g1a2b3c4d5e6f-dirty"
#define REL_B "6.13.0-rc1-00043-g0123456789ab-dirty"
#define REL_64 \
	"6.13.0-rc1-00042-g1a2b3c4d5e6f-dirty-with-a-local-version-of-64c"

/*
 * Kernels built from git, three invocations each: keys and a legend keep
 * every row on one line; the mark and the detectable change are
 * explained; each invocation's Run information says which it is.
 */
static void test_report(void)
{
	static const double a[] = { 100e3, 102e3, 98e3 };
	static const double b[] = { 110e3, 112e3, 108e3 };
	struct results r[7];
	const struct results *p[7];
	char *text;
	size_t len;

	invocations(r, REL_A, a, 3);
	invocations(r + 3, REL_B, b, 3);
	invocation(&r[6], REL_64, "pipe", 90e3, 500);
	for (unsigned int i = 0; i < 7; i++)
		p[i] = &r[i];
	text = render(p, 7, NULL, 0, &len);
	golden80("compare-invocations.txt", text, len);
	CHECK(strstr(text, "\n#1      3  " REL_A "\n") != NULL);
	CHECK(strstr(text, "\n#3      1  " REL_64 "\n") != NULL);
	CHECK(strstr(text, "Run: " REL_A " (2 of 3)\n") != NULL);
	CHECK(strstr(text, "  #2 same ") != NULL);
	CHECK(strstr(text, "*+10.0%*") != NULL);
	/* The statistics after the tables, the plain words before. */
	CHECK(strstr(text, "How it was judged\n") != NULL);
	CHECK(strstr(text, "How it was judged\n") >
	      strstr(text, "\n  #2 same "));
	CHECK(strstr(text, "\nchange: the average against the baseline's") <
	      strstr(text, "\n  #2 same "));
	CHECK(strstr(strstr(text, "How it was judged\n") ?: "",
		     "stands out from the noise between replicates") != NULL);
	CHECK(strstr(strstr(text, "How it was judged\n") ?: "",
		     "Benjamini-Hochberg") != NULL);
	free(text);

	/* One 64-character label alone: the plain report, one line a row. */
	text = render(p + 6, 1, NULL, 0, &len);
	golden80("single-long-label.txt", text, len);
	CHECK(strstr(text, "  #1 same ") != NULL);
	free(text);
	/* Its histogram's heading too. */
	text = NULL;
	{
		FILE *f = open_memstream(&text, &len);

		report_histograms(f, p + 6, 1);
		fclose(f);
	}
	golden_lines(text, 80);
	CHECK(strstr(text, "pipe, " REL_64 " same:\n  3 round trips") != NULL);
	free(text);

	/* One invocation a side, judged by --noise's A/A invocations. */
	text = render(p + 2, 2, p, 3, &len);
	golden80("compare-noise.txt", text, len);
	CHECK(strstr(text, "noise: 3 invocations of --noise.\n") != NULL);
	free(text);
	free_all(r, 7);
}

/* @r's one row as at a class, in two rings sharing their objects. */
static void classed(struct results *r)
{
	struct result_row *row = r->row;

	snprintf(row->policy, sizeof(row->policy), "fifo");
	row->prio = 80;
	row->rings = 2;
	row->shared = 1;
	for (unsigned int i = 0; i < row->nsamples; i++) {
		row->sample[i].ring_min = row->sample[i].loops / 2 - 100;
		row->sample[i].ring_max = row->sample[i].loops / 2 + 100;
	}
}

/*
 * Is the heading "low" of @text's first loops/sec table right above the
 * last digit of the first figure of the row that starts with @row?
 */
static int low_aligned(const char *text, const char *row)
{
	/* The table's heading, not the summary's line of pipe. */
	const char *head = strstr(text, "\npipe  "), *line = strstr(text, row);
	const char *low, *fig;

	if (!head || !line)
		return 0;
	head++;
	line++;
	low = strstr(head, " low ");
	fig = line + strlen(row) - 1;
	fig += strspn(fig, " ");
	fig += strspn(fig, "0123456789");
	return low && (low + 4) - head == fig - line;
}

/*
 * Labels that their key, class and rings make wider than the column: the
 * column widens as far as a row fits in 80 columns, so that the figures
 * stay on the row's line; wider still, the label has a line of its own.
 */
static void test_wide_labels(void)
{
	struct results r[2];
	const struct results *p[2] = { &r[0], &r[1] };
	char *text;
	size_t len;

	invocation(&r[0], REL_A, "pipe", 100e3, 500);
	invocation(&r[1], REL_B, "pipe", 101e3, 500);
	classed(&r[0]);
	classed(&r[1]);
	text = render(p, 1, NULL, 0, &len);
	golden80("wide-labels.txt", text, len);
	CHECK(strstr(text, "\n  #1 same fifo:80 x2 shared   ") != NULL);
	CHECK(low_aligned(text, "\n  #1 same fifo:80 x2 shared "));
	free(text);
	/* A comparison has less room: 24 columns, then a line of its own. */
	text = render(p, 2, NULL, 0, &len);
	golden80("wide-labels-compare.txt", text, len);
	CHECK(strstr(text, "\n  #2 same fifo:80 x2 shared\n") != NULL);
	free(text);
	free_all(r, 2);
}

/*
 * A set of invocations: label, boot and start of each, in the order
 * given, and what each label's replicates come out as.
 */
struct level_case {
	const char *what;
	const char *seq; /* a label a letter, in the order of the files */
	const char *boots; /* a boot a digit, per file; NULL: unknown */
	int timed; /* the starts known: the n-th file at n hours */
	enum result_level a_level, b_level;
	unsigned int a_reps, a_blocks, a_boots;
	enum compare_why why; /* of B against A */
};

static const struct level_case level_cases[] = {
	{ "blocks, one boot each", "AAAABBBB", "00001111", 1,
	  RESULT_LEVEL_ONE_BLOCK, RESULT_LEVEL_ONE_BLOCK, 1, 1, 1,
	  COMPARE_ONE_BLOCK },
	{ "turns in one boot", "ABABABAB", "00000000", 1,
	  RESULT_LEVEL_INVOCATIONS, RESULT_LEVEL_INVOCATIONS, 4, 4, 1,
	  COMPARE_JUDGED },
	/* Blocks of two at most, both labels in turn: the invocations. */
	{ "two blocks each", "AABBAABB", NULL, 1, RESULT_LEVEL_INVOCATIONS,
	  RESULT_LEVEL_INVOCATIONS, 4, 2, 0, COMPARE_JUDGED },
	{ "alternating turns", "ABBAABBA", "00000000", 1,
	  RESULT_LEVEL_INVOCATIONS, RESULT_LEVEL_INVOCATIONS, 4, 3, 1,
	  COMPARE_JUDGED },
	{ "blocks of three or more", "AAABBBAAAABBB", NULL, 1,
	  RESULT_LEVEL_BLOCKS, RESULT_LEVEL_BLOCKS, 2, 2, 0, COMPARE_JUDGED },
	{ "alternating boots", "ABBAABBA", "01234567", 1, RESULT_LEVEL_BOOTS,
	  RESULT_LEVEL_BOOTS, 4, 3, 4, COMPARE_JUDGED },
	{ "boots in turn", "AABBAABB", "00112233", 1, RESULT_LEVEL_BOOTS,
	  RESULT_LEVEL_BOOTS, 2, 2, 2, COMPARE_JUDGED },
	{ "two boots, one block", "AAAABBBB", "00112233", 1, RESULT_LEVEL_BOOTS,
	  RESULT_LEVEL_BOOTS, 2, 1, 2, COMPARE_JUDGED },
	{ "order unknown", "AAAABBBB", NULL, 0, RESULT_LEVEL_INVOCATIONS,
	  RESULT_LEVEL_INVOCATIONS, 4, 0, 0, COMPARE_JUDGED },
};

/* Blocks and boots grouping, turns against blocks, one_block unjudged. */
static void test_levels(void)
{
	for (size_t k = 0; k < NCASES(level_cases); k++) {
		const struct level_case *lc = &level_cases[k];
		unsigned int n = (unsigned int)strlen(lc->seq);
		struct results r[16];
		const struct results *p[16];
		struct compare c;

		for (unsigned int i = 0; i < n; i++) {
			char label[2] = { lc->seq[i], 0 };

			invocation(&r[i], label, "pipe",
				   100e3 * (1 + 0.01 * (i % 3)), 500);
			if (lc->boots)
				snprintf(r[i].info.boot_id,
					 sizeof(r[i].info.boot_id), "boot-%c",
					 lc->boots[i]);
			if (lc->timed)
				r[i].info.start_s = 1.7e9 + 3600.0 * i;
			p[i] = &r[i];
		}
		CHECK_EQ_INT(compare_build(&c, p, n, 0, NULL, 0), 0);
		printf("%s\n", lc->what);
		CHECK_EQ_INT(c.n, 2);
		CHECK_EQ_INT(c.r[0]->level, lc->a_level);
		CHECK_EQ_INT(c.r[1]->level, lc->b_level);
		CHECK_EQ_INT(c.r[0]->reps, lc->a_reps);
		CHECK_EQ_INT(c.r[0]->blocks, lc->a_blocks);
		CHECK_EQ_INT(c.r[0]->boots, lc->a_boots);
		CHECK_EQ_INT(c.row[0].cell[1].why, lc->why);
		if (lc->why == COMPARE_ONE_BLOCK) {
			CHECK_EQ_INT(c.row[0].cell[1].mark, COMPARE_NOT_JUDGED);
			CHECK(!isnan(c.row[0].cell[1].v.change));
		}
		compare_free(&c);
		free_all(r, n);
	}
}

/*
 * Disturbed runs leave the mean; an invocation with fewer than half its
 * runs clean leaves the verdict; a side with fewer than half its
 * replicates left is not judged.
 */
static void test_disturbed(void)
{
	static const struct {
		unsigned int disturbed[4]; /* runs of each B invocation */
		enum compare_why why;
		unsigned int runs_left, inv_left;
	} cases[] = {
		{ { 0, 0, 0, 0 }, COMPARE_JUDGED, 0, 0 },
		{ { 1, 0, 0, 0 }, COMPARE_JUDGED, 1, 0 },
		{ { 2, 0, 0, 0 }, COMPARE_JUDGED, 3, 1 },
		{ { 2, 2, 0, 0 }, COMPARE_JUDGED, 6, 2 },
		{ { 2, 2, 3, 0 }, COMPARE_DISTURBED, 9, 3 },
		{ { 3, 3, 3, 3 }, COMPARE_DISTURBED, 12, 4 },
	};

	for (size_t k = 0; k < NCASES(cases); k++) {
		struct results r[8];
		const struct results *p[8];
		struct compare c;
		const struct compare_cell *cell;

		for (unsigned int i = 0; i < 8; i++) {
			invocation(&r[i], i < 4 ? "A" : "B", "pipe",
				   100e3 * (1 + 0.01 * (i % 3)), 500);
			p[i] = &r[i];
		}
		for (unsigned int i = 0; i < 4; i++)
			for (unsigned int j = 0; j < cases[k].disturbed[i]; j++)
				r[4 + i].row[0].sample[j].disturbed = 1;
		/* A disturbed run far off: it must not move the average. */
		if (cases[k].disturbed[0])
			r[4].row[0].sample[0].loops = 1000;
		CHECK_EQ_INT(compare_build(&c, p, 8, 0, NULL, 0), 0);
		cell = &c.row[0].cell[1];
		CHECK_EQ_INT(cell->why, cases[k].why);
		CHECK_EQ_INT(cell->runs_left, cases[k].runs_left);
		CHECK_EQ_INT(cell->inv_left, cases[k].inv_left);
		CHECK_EQ_INT(c.runs_left, cases[k].runs_left);
		if (cases[k].why == COMPARE_JUDGED)
			CHECK(fabs(cell->v.change) < 0.05);
		else
			CHECK_EQ_INT(cell->mark, COMPARE_NOT_JUDGED);
		compare_free(&c);
		free_all(r, 8);
	}
}

/*
 * Taken in turns (A B A B ..., their starts known), the disturbed runs
 * stay in the test and each row is judged on CPU per loop too: a B whose
 * loops/sec is A's but whose CPU a loop is 20 % more is marked slower on
 * it alone, the report's level spread over both tests by weight, and
 * --fail-above says 1.  In blocks (A A A B B B A B) the same runs: the
 * disturbed ones left out, no CPU verdict, nothing to bisect by.
 */
static void test_cpu_turns(void)
{
	/* CPU per loop's own mechanics: the method of loops/sec and it. */
	verdict_method_use(verdict_method_find("loops-cpu"));
	for (int turns = 1; turns >= 0; turns--) {
		struct results r[8];
		const struct results *p[8];
		struct compare c;
		const struct compare_cell *cell;

		for (unsigned int i = 0; i < 8; i++) {
			int b = turns ? i % 2 : (i >= 3 && i < 6) || i == 7;
			struct result_row *row;

			invocation(&r[i], b ? "B" : "A", "pipe",
				   100e3 * (1 + 0.01 * (i % 3)), 500);
			r[i].info.start_s = 1.7e9 + 60.0 * i;
			row = &r[i].row[0];
			row->cpu.loops = 300000;
			row->cpu.user_s =
				0.3 * (b ? 1.2 : 1) * (1 + 0.002 * (i % 3));
			row->sample[0].disturbed = i < 2;
			p[i] = &r[i];
		}
		CHECK_EQ_INT(compare_build(&c, p, 8, 0, NULL, 0), 0);
		cell = &c.row[0].cell[1];
		CHECK_EQ_INT(c.kept, turns);
		CHECK_EQ_INT(cell->has_cpu, turns);
		CHECK_EQ_INT(c.tests, turns ? 2 : 1);
		CHECK_EQ_INT(c.runs_kept, turns ? 2 : 0);
		CHECK_EQ_INT(c.runs_left, turns ? 0 : 2);
		CHECK_EQ_INT(cell->mark, COMPARE_NOT_MARKED);
		CHECK_NEAR(c.alpha, VERDICT_FAMILY / c.tests, 1e-12);
		text_cell_words(&c);
		/* One verdict, of whichever statistic marked the row. */
		CHECK_STR(cell->verdict,
			  turns ? "slower (CPU/loop)" : "not significant");
		if (turns) {
			CHECK_EQ_INT(cell->by, VERDICT_CPU);
			CHECK_EQ_INT(cell->cpu_mark, COMPARE_MARKED);
			CHECK_NEAR(cell->cv.change, 1 / 1.2 - 1, 0.01);
			CHECK(cell->cv.low < 0 && cell->cv.high < 0);
			/* Each test's detect at its weight's share. */
			CHECK_NEAR(cell->cv.alpha,
				   VERDICT_FAMILY / 2 * VERDICT_CPU_WEIGHT,
				   1e-12);
			CHECK_NEAR(cell->v.alpha,
				   VERDICT_FAMILY / 2 * VERDICT_LOOPS_WEIGHT,
				   1e-12);
			CHECK_EQ_INT(compare_bisect(&c, 5), 1);
		} else {
			CHECK_EQ_INT(cell->cpu_mark, COMPARE_NOT_JUDGED);
			CHECK(isnan(cell->cv.change));
			CHECK(compare_bisect(&c, 5) != 1);
		}
		compare_free(&c);
		free_all(r, 8);
	}
	verdict_method_use(NULL);
}

/*
 * The round trip, paired: 8 invocations in turns (A B, then B A), each
 * pair in a phase of the machine of its own (its round trip 0 to 21 %
 * longer for both sides), B's 3 % longer than its pair's A.  Unpaired,
 * the phases are the noise and nothing is marked; paired, each pair's
 * phase cancels and the row is marked slower, on the round trip.  The
 * method of before tests no round trip; the method chosen is undone.
 */
static void test_rtt_paired(void)
{
	static const char *const methods[] = { "loops-cpu", "rtt",
					       "rtt-paired" };

	for (size_t k = 0; k < NCASES(methods); k++) {
		struct results r[8];
		const struct results *p[8];
		struct compare c;
		const struct compare_cell *cell;

		CHECK(verdict_method_find(methods[k]) != NULL);
		verdict_method_use(verdict_method_find(methods[k]));
		for (unsigned int i = 0; i < 8; i++) {
			/* A B B A A B B A: each pair i / 2 of one phase. */
			int b = (i % 4 == 1 || i % 4 == 2);
			double phase = 1 + 0.07 * ((i / 2 * 5) % 4);

			invocation(&r[i], b ? "B" : "A", "pipe",
				   100e3 * (1 + 0.01 * (i % 3)), 500);
			r[i].info.start_s = 1.7e9 + 60.0 * i;
			for (unsigned int j = 0; j < RUNS; j++)
				r[i].row[0].sample[j].rtt_p50_ns =
					16000 * phase * (b ? 1.03 : 1) + j * 2;
			p[i] = &r[i];
		}
		CHECK_EQ_INT(compare_build(&c, p, 8, 0, NULL, 0), 0);
		cell = &c.row[0].cell[1];
		CHECK_EQ_INT(c.kept, 1);
		CHECK(c.method == verdict_method_find(methods[k]));
		CHECK_EQ_INT(cell->rtt.has, k > 0);
		CHECK_EQ_INT(cell->mark, COMPARE_NOT_MARKED);
		if (k == 0) {
			CHECK_EQ_INT(cell->rtt.mark, COMPARE_NOT_JUDGED);
		} else {
			CHECK_NEAR(cell->rtt.v.change, 1 / 1.03 - 1, 0.002);
			CHECK_EQ_INT(cell->rtt.v.paired, k == 2);
			CHECK_EQ_INT(cell->rtt.mark,
				     k == 2 ? COMPARE_MARKED :
					      COMPARE_NOT_MARKED);
			CHECK_EQ_INT(cell->by, k == 2 ? VERDICT_RTT : cell->by);
			CHECK_EQ_INT(compare_bisect(&c, 2) == 1, k == 2);
			if (k == 2)
				CHECK(cell->rtt.v.detect < 0.03);
			else
				CHECK(cell->rtt.v.detect > 0.03);
		}
		compare_free(&c);
		free_all(r, 8);
	}
	verdict_method_use(NULL);
	CHECK(verdict_method() == VERDICT_METHOD_SHIPPED);
	CHECK(verdict_method_find("no-such") == NULL);
}

/* A trend of the invocations over time inside a block is flagged. */
static void test_drift(void)
{
	struct results r[6];
	const struct results *p[6];
	struct compare c;

	for (int trend = 0; trend < 2; trend++) {
		for (unsigned int i = 0; i < 6; i++) {
			double m = trend ? 100e3 * (1 + 0.05 * i) :
					   100e3 * (1 + 0.01 * (i % 2));

			invocation(&r[i], i < 3 ? "A" : "B", "pipe", m, 50);
			r[i].info.start_s = 1.7e9 + 60.0 * i;
			snprintf(r[i].info.boot_id, sizeof(r[i].info.boot_id),
				 "%s", "one");
			p[i] = &r[i];
		}
		CHECK_EQ_INT(compare_build(&c, p, 6, 0, NULL, 0), 0);
		CHECK_EQ_INT(c.row[0].cell[1].drifts, trend);
		CHECK_EQ_INT(c.row[0].cell[0].drifts, trend);
		if (trend)
			CHECK(c.row[0].cell[1].drift > 0);
		compare_free(&c);
		free_all(r, 6);
	}
}

/*
 * The replicates a side for a detect wanted agree with the detect the
 * verdict itself gives: at the detect of 4 a side, 4; a hair under it,
 * 5; looser, fewer, never under 2; no spread measured, none.
 */
static void test_want(void)
{
	struct verdict v = { .basis = VERDICT_INVOCATIONS,
			     .var = 0.01,
			     .df = 6,
			     .na = 4,
			     .nb = 4 };
	double d = expm1((stats_t_quantile(1 - VERDICT_ALPHA / 2, 6) +
			  stats_t_quantile(VERDICT_POWER, 6)) *
			 sqrt(0.01 * 0.5));

	CHECK_EQ_INT(verdict_replicates_for(&v, d * (1 + 1e-9)), 4);
	CHECK_EQ_INT(verdict_replicates_for(&v, d * (1 - 1e-6)), 5);
	CHECK_EQ_INT(verdict_replicates_for(&v, 10), 2);
	CHECK(verdict_replicates_for(&v, 0.01) > 100);
	/* Noise labels' df kept: fewer needed than without them. */
	v.df = 16;
	CHECK(verdict_replicates_for(&v, d * (1 + 1e-9)) <= 4);
	v.var = 0;
	CHECK_EQ_INT(verdict_replicates_for(&v, 0.05), 0);
	v.var = 0.01;
	v.basis = VERDICT_RUNS;
	CHECK_EQ_INT(verdict_replicates_for(&v, 0.05), 0);
}

/*
 * detect in the way the row moved: B at about half of A's loops/sec with
 * a wide spread, judged against A and A against B.  The noise is the
 * same both ways, so is the shift in the logs it detects: as a rise of
 * A over B it is over 100 %; as B's slowdown below A the same shift is
 * rise / (1 + rise), under 100 %, as a slowdown must be.  The replicates
 * for a detect wanted are of the slowdown too.
 */
static void test_detect_slower(void)
{
	static const double a[] = { 100e3, 300e3, 30e3 };
	static const double b[] = { 50e3, 150e3, 15e3 };
	struct results r[6];
	const struct results *ab[6], *ba[6];
	struct compare c;
	double rise, fall;

	invocations(r, "A", a, 3);
	invocations(r + 3, "B", b, 3);
	for (unsigned int i = 0; i < 3; i++) {
		ab[i] = ba[i + 3] = &r[i];
		ab[i + 3] = ba[i] = &r[i + 3];
	}
	CHECK_EQ_INT(compare_build(&c, ab, 6, 0, NULL, 0), 0);
	fall = c.row[0].cell[1].v.detect;
	CHECK(c.row[0].cell[1].v.change < 0);
	compare_free(&c);
	CHECK_EQ_INT(compare_build(&c, ba, 6, 0, NULL, 0), 0);
	rise = c.row[0].cell[1].v.detect;
	CHECK(c.row[0].cell[1].v.change > 0);
	compare_free(&c);
	CHECK(rise > 1);
	CHECK(fall > 0 && fall < 1);
	CHECK_NEAR(fall, rise / (1 + rise), 1e-9);
	{
		struct verdict v = { .basis = VERDICT_INVOCATIONS,
				     .change = -0.1,
				     .var = 0.01,
				     .df = 6,
				     .na = 4,
				     .nb = 4 };
		double s = (stats_t_quantile(1 - VERDICT_ALPHA / 2, 6) +
			    stats_t_quantile(VERDICT_POWER, 6)) *
			   sqrt(0.01 * 0.5);

		/* At 4 a side the slowdown 1 - exp(-s): 4 reach it. */
		CHECK_EQ_INT(verdict_replicates_for(&v, -expm1(-s) + 1e-12), 4);
		CHECK_EQ_INT(verdict_replicates_for(&v, -expm1(-s) - 1e-6), 5);
	}
	free_all(r, 6);
}

/*
 * The row's verdict in words, for a reader who reads nothing else: three
 * boots a label in turns, B 1 % off A within a noise of 10 %: not
 * significant, and the boots a side would need at the detect wanted,
 * which --want changes (the words again, none needed at 90 %); a row of
 * B's alone not judged, and why; the baseline's own row none.  Never a
 * bare "noise".
 */
static void test_verdict_words(void)
{
	static const double m[] = { 100e3, 110e3, 90e3 };
	struct results r[6];
	const struct results *p[6];
	struct report_model mo;
	const struct compare_cell *cell, *base;
	char want[80];

	for (unsigned int i = 0; i < 6; i++) {
		invocation(&r[i], i % 2 ? "B" : "A", "pipe",
			   m[i / 2] * (i % 2 ? 0.99 : 1), 100);
		r[i].info.start_s = 1.7e9 + 60.0 * i;
		snprintf(r[i].info.boot_id, sizeof(r[i].info.boot_id),
			 "boot-%u", i);
		p[i] = &r[i];
	}
	/* Of B's last invocation, a row the baseline did not measure. */
	snprintf(r[5].row[0].mech, sizeof(r[5].row[0].mech), "futex");
	CHECK_EQ_INT(report_model_build(&mo, p, 6, 0, NULL, 0, 0), 0);
	cell = compare_row_cell(&mo.cmp.row[0], 1);
	base = compare_row_cell(&mo.cmp.row[0], 0);
	CHECK(cell && base);
	if (cell && base) {
		CHECK_EQ_INT(cell->outcome, COMPARE_VERDICT_NOT_SIGNIFICANT);
		CHECK(cell->verdict_reps > 3);
		snprintf(want, sizeof(want),
			 "not significant (needs ~%u boots)",
			 cell->verdict_reps);
		CHECK_STR(cell->verdict, want);
		CHECK_EQ_INT(cell->verdict_head, strlen("not significant"));
		CHECK_STR(base->verdict, "");
		CHECK_EQ_INT(report_model_want(&mo, 90), 0);
		CHECK_EQ_INT(cell->verdict_reps, 0);
		CHECK_STR(cell->verdict, "not significant");
	}
	cell = compare_row_cell(&mo.cmp.row[1], 1);
	CHECK(cell != NULL);
	if (cell) {
		CHECK_EQ_INT(cell->outcome, COMPARE_VERDICT_NOT_JUDGED);
		CHECK_STR(cell->verdict,
			  "not judged (the baseline did not measure it)");
		CHECK_EQ_INT(cell->verdict_head, strlen("not judged"));
	}
	report_model_free(&mo);
	free_all(r, 6);
}

int main(void)
{
	test_quantile();
	test_group();
	test_invocations();
	test_compare();
	test_json_verdict();
	test_report();
	test_wide_labels();
	test_levels();
	test_want();
	test_detect_slower();
	test_verdict_words();
	test_disturbed();
	test_drift();
	test_cpu_turns();
	test_rtt_paired();
	return check_summary();
}
