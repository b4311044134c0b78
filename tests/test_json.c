/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tests of saved runs: what is written reads back exactly, saved runs
 * render the comparison report of tests/golden/, every bad file is
 * refused with one line, the limits hold, and the options that save and
 * report parse.  Set CTXBENCH_UPDATE_GOLDEN=1 to rewrite the golden files.
 */
#include <dirent.h>
#include <math.h>
#include <stdint.h>

#include "golden.h"
#include "lib/util.h"
#include "cli/plan.h"
#include "cli/quote.h"
#include "lib/text.h"
#include "model/fields.h"
#include "report/report.h"
#include "store/store.h"
#include "render.h"

#define FIX TEST_DIR "/fixtures/json/"

/* Pointers to each of @n results, as the renderers take them. */
static const struct results **ptrs(struct results *r, unsigned int n)
{
	const struct results **p = calloc(n + 1, sizeof(*p));

	for (unsigned int i = 0; p && i < n; i++)
		p[i] = &r[i];
	return p;
}

static char *render_text(struct results *r, unsigned int n,
			 unsigned int baseline, size_t *len)
{
	const struct results **p = ptrs(r, n);
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	test_render(f, "text", p, n, baseline, NULL, 0);
	fclose(f);
	free(p);
	return buf;
}

static char *render_html(struct results *r, unsigned int n, size_t *len)
{
	const struct results **p = ptrs(r, n);
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	CHECK_EQ_INT(test_render(f, "html", p, n, 0, NULL, 0), 0);
	fclose(f);
	free(p);
	return buf;
}

static char *render_json(struct results *r, unsigned int n, size_t *len)
{
	const struct results **p = ptrs(r, n);
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	report_json(f, p, n);
	fclose(f);
	free(p);
	return buf;
}

static void free_all(struct results *r, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		results_free(&r[i]);
	free(r);
}

/* Read the fixtures @names into one array; a failure fails the test. */
static struct results *read_fixtures(const char *const *names, unsigned int *n)
{
	struct results *r = NULL;
	char path[512], err[256];

	*n = 0;
	for (const char *const *name = names; *name; name++) {
		snprintf(path, sizeof(path), FIX "%s", *name);
		if (store_read_file(path, &r, n, err, sizeof(err)) < 0) {
			fprintf(stderr, "%s: %s\n", path, err);
			CHECK(0);
		}
	}
	return r;
}

/* The line of @text that starts with @prefix, copied into @buf. */
static const char *line_of(const char *text, const char *prefix, char *buf,
			   size_t size)
{
	size_t plen = strlen(prefix);

	for (const char *l = text; *l; l += strcspn(l, "\n") + 1) {
		if (strncmp(l, prefix, plen) == 0) {
			snprintf(buf, size, "%.*s", (int)strcspn(l, "\n"), l);
			return buf;
		}
		if (!l[strcspn(l, "\n")])
			break;
	}
	buf[0] = '\0';
	return buf;
}

static struct result_sample smp_a[] = {
	{ .loops = 709140, .elapsed_s = 10.0 },
	{ .loops = 710280, .elapsed_s = 10.000123456789 },
	{ .loops = 707030,
	  .elapsed_s = 1.0 / 3,
	  .setup_s = 0.00123,
	  .teardown_s = 0.1 / 3,
	  .disturbed = 1,
	  .steal_share = 0.031,
	  .irq_share = 0.001,
	  .other_share = 0.25,
	  .freq_change = -0.12,
	  .why = "steal 3.1%, other tasks 25.0% of CPU 0",
	  .procs_running = { 3, 4 },
	  .throttle = 2 },
};
static struct result_sample smp_b[] = {
	{ .loops = 0, .elapsed_s = 0.1 },
	/* The most a run can save: 1e9 loops/sec for the longest run. */
	{ .loops = 999999999999999, .elapsed_s = 1e6 },
};

/* Results with every field set and strings that need escaping. */
static void fill(struct results *r, struct result_row *rows)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->version, sizeof(r->version), "9.8.7");
	snprintf(r->cmdline, sizeof(r->cmdline),
		 "ctxbench -n 'a \"quoted\" \\ label' -o x.json");
	snprintf(r->info.label, sizeof(r->info.label), "a \"quoted\" \\ label");
	snprintf(
		r->info.note, sizeof(r->info.note),
		"marks \xe2\x80\x8f\xe2\x80\x8e, caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x90\xa7");
	snprintf(r->info.cpu_mhz, sizeof(r->info.cpu_mhz), "498.014");
	snprintf(r->info.cpu_type, sizeof(r->info.cpu_type), "Celeron");
	snprintf(r->info.hostname, sizeof(r->info.hostname), "testbox");
	snprintf(r->info.kernel, sizeof(r->info.kernel), "2.4.18-10-bl");
	r->info.ncpu = 2;
	r->info.duration_s = 0.1;
	r->info.runs = 3;
	r->info.threads = 1;
	r->info.participants = 2;
	r->signo = 2;
	memset(rows, 0, 3 * sizeof(*rows));
	snprintf(rows[0].mech, sizeof(rows[0].mech), "signal");
	snprintf(rows[0].title, sizeof(rows[0].title), "SIGUSR1");
	snprintf(rows[0].placement, sizeof(rows[0].placement), "cpus:0,1");
	snprintf(rows[0].cpus, sizeof(rows[0].cpus), "0-1");
	rows[0].migrations = 12;
	rows[0].flags = RESULT_MIGRATED | RESULT_DEGENERATE;
	rows[0].nsamples = 3;
	rows[0].sample = smp_a;
	rows[0].procs = 8; /* a ring with a working set */
	rows[0].discarded = 3;
	rows[0].ws_kb = 64;
	rows[0].hop_work_ns = 1234.5678901234567;
	for (uint64_t ns = 2500; ns < 9000; ns += 37)
		hist_add(&rows[0].rtt, ns);
	hist_add(&rows[0].rtt, 1234567);
	rows[0].cpu = (struct result_cpu){ .user_s = 0.25,
					   .sys_s = 1.0 / 3,
					   .nvcsw = 4000001,
					   .nivcsw = 3,
					   .loops = 2000000,
					   .seconds = 10.5 };
	snprintf(rows[1].mech, sizeof(rows[1].mech), "sysv-sem");
	snprintf(rows[1].title, sizeof(rows[1].title), "semaphore");
	snprintf(rows[1].placement, sizeof(rows[1].placement), "any");
	rows[1].procs = 2;
	rows[1].status = RESULT_SKIPPED;
	rows[1].migrations = -1;
	snprintf(rows[1].reason, sizeof(rows[1].reason),
		 "setup: Function not implemented");
	snprintf(rows[2].mech, sizeof(rows[2].mech), "pipe");
	snprintf(rows[2].title, sizeof(rows[2].title), "pipe");
	snprintf(rows[2].placement, sizeof(rows[2].placement), "any");
	rows[2].procs = 3;
	rows[2].status = RESULT_INTERRUPTED;
	snprintf(rows[2].reason, sizeof(rows[2].reason), "signal 2");
	rows[2].nsamples = 2;
	rows[2].sample = smp_b;
	r->nrows = 3;
	r->row = rows;
}

static void check_same(const struct results *a, const struct results *b)
{
	CHECK_STR(a->version, b->version);
	CHECK_STR(a->cmdline, b->cmdline);
	CHECK_STR(a->info.label, b->info.label);
	CHECK_STR(a->info.note, b->info.note);
	CHECK_STR(a->info.cpu_mhz, b->info.cpu_mhz);
	CHECK_STR(a->info.cpu_type, b->info.cpu_type);
	CHECK_STR(a->info.hostname, b->info.hostname);
	CHECK_STR(a->info.kernel, b->info.kernel);
	CHECK_EQ_INT(a->info.ncpu, b->info.ncpu);
	CHECK(a->info.duration_s == b->info.duration_s);
	CHECK_EQ_INT(a->info.runs, b->info.runs);
	CHECK_EQ_INT(a->info.threads, b->info.threads);
	CHECK_EQ_INT(a->info.participants, b->info.participants);
	CHECK_EQ_INT(a->info.cgroup_depth, b->info.cgroup_depth);
	CHECK_EQ_INT(a->info.cgroups_apart, b->info.cgroups_apart);
	CHECK_STR(a->info.cgroups, b->info.cgroups);
	CHECK_EQ_INT(a->info.slice_us, b->info.slice_us);
	CHECK_EQ_INT(a->signo, b->signo);
	CHECK_EQ_INT(a->nrows, b->nrows);
	for (unsigned int i = 0; i < a->nrows && i < b->nrows; i++) {
		const struct result_row *x = &a->row[i], *y = &b->row[i];

		CHECK_STR(x->mech, y->mech);
		CHECK_STR(x->title, y->title);
		CHECK_STR(x->placement, y->placement);
		CHECK_STR(x->cpus, y->cpus);
		CHECK_STR(x->reason, y->reason);
		CHECK_EQ_INT(x->migrations, y->migrations);
		CHECK_EQ_INT(x->status, y->status);
		CHECK_EQ_INT(x->flags, y->flags);
		CHECK_EQ_INT(x->nsamples, y->nsamples);
		CHECK_EQ_INT(x->procs, y->procs);
		CHECK_EQ_INT(x->ws_kb, y->ws_kb);
		CHECK_EQ_INT(result_row_rings(x), result_row_rings(y));
		CHECK_EQ_INT(x->shared, y->shared);
		CHECK(x->hop_work_ns == y->hop_work_ns);
		CHECK(memcmp(&x->rtt, &y->rtt, sizeof(x->rtt)) == 0);
		CHECK(x->cpu.user_s == y->cpu.user_s);
		CHECK(x->cpu.sys_s == y->cpu.sys_s);
		CHECK_EQ_INT(x->cpu.nvcsw, y->cpu.nvcsw);
		CHECK_EQ_INT(x->cpu.nivcsw, y->cpu.nivcsw);
		CHECK_EQ_INT(x->cpu.loops, y->cpu.loops);
		CHECK(x->cpu.seconds == y->cpu.seconds);
		for (unsigned int j = 0; j < x->nsamples && j < y->nsamples;
		     j++) {
			CHECK(x->sample[j].loops == y->sample[j].loops);
			/* Exactly: the writer's digits read back bit for bit. */
			CHECK(x->sample[j].elapsed_s == y->sample[j].elapsed_s);
			CHECK(x->sample[j].setup_s == y->sample[j].setup_s);
			CHECK(x->sample[j].teardown_s ==
			      y->sample[j].teardown_s);
			CHECK_EQ_INT(x->sample[j].disturbed,
				     y->sample[j].disturbed);
			CHECK_STR(x->sample[j].why, y->sample[j].why);
			CHECK_EQ_INT(x->sample[j].procs_running[1],
				     y->sample[j].procs_running[1]);
			CHECK_EQ_INT(x->sample[j].throttle,
				     y->sample[j].throttle);
			CHECK(x->sample[j].ring_min == y->sample[j].ring_min);
			CHECK(x->sample[j].ring_max == y->sample[j].ring_max);
			/* Equal, or both unknown (NAN). */
			CHECK(x->sample[j].other_share ==
				      y->sample[j].other_share ||
			      (isnan(x->sample[j].other_share) &&
			       isnan(y->sample[j].other_share)));
			CHECK(x->sample[j].freq_change ==
				      y->sample[j].freq_change ||
			      (isnan(x->sample[j].freq_change) &&
			       isnan(y->sample[j].freq_change)));
		}
	}
}

/*
 * @json, @len bytes written of @orig, read back: one invocation, the
 * same results, and written again the same bytes.  The invocations read,
 * *@n of them, for the caller to free.
 */
static struct results *read_back(const struct results *orig, const char *json,
				 size_t len, unsigned int *n)
{
	struct results *back = NULL;
	char *json2, err[256];
	size_t len2;

	CHECK_EQ_INT(store_read_buf(json, len, &back, n, err, sizeof(err)), 0);
	CHECK_EQ_INT(*n, 1);
	if (*n == 1) {
		check_same(orig, back);
		json2 = render_json(back, 1, &len2);
		CHECK(len == len2 && memcmp(json, json2, len) == 0);
		free(json2);
	}
	return back;
}

/* Written, read back: the same results, the same JSON, the same report. */
static void test_roundtrip(void)
{
	struct result_row rows[3];
	struct results orig, *back;
	size_t len, tlen, tlen2;
	unsigned int n = 0;
	char *json, *text, *text2;

	fill(&orig, rows);
	json = render_json(&orig, 1, &len);
	golden_check("saved.json", json, len);
	back = read_back(&orig, json, len, &n);
	if (n == 1) {
		text = render_text(&orig, 1, 0, &tlen);
		text2 = render_text(back, 1, 0, &tlen2);
		CHECK(tlen == tlen2 && memcmp(text, text2, tlen) == 0);
		free(text);
		free(text2);
	}
	free(json);
	free_all(back, n);
}

/*
 * Rows of several rings at once, shared or not, beside one ring's: the
 * new members only where they are not at their default, read back the
 * same, and the report's notes of the slowest and fastest ring and the
 * scalability, against golden files.
 */
static void test_parallel(void)
{
	static struct result_sample one[] = {
		{ .loops = 100000, .elapsed_s = 1 },
		{ .loops = 110000, .elapsed_s = 1 },
	};
	static struct result_sample two[] = {
		{ .loops = 180000,
		  .elapsed_s = 1,
		  .ring_min = 80000,
		  .ring_max = 100000 },
		{ .loops = 200000,
		  .elapsed_s = 1,
		  .ring_min = 99000,
		  .ring_max = 101000 },
	};
	static struct result_sample four[] = {
		{ .loops = 84000,
		  .elapsed_s = 0.5,
		  .ring_min = 20000,
		  .ring_max = 22000 },
	};
	struct result_row rows[4];
	struct results orig, *back;
	char *json, *text;
	size_t len, tlen;
	unsigned int n = 0;

	memset(&orig, 0, sizeof(orig));
	snprintf(orig.info.label, sizeof(orig.info.label), "6.1");
	orig.info.duration_s = 1;
	orig.info.runs = 2;
	memset(rows, 0, sizeof(rows));
	for (int i = 0; i < 4; i++) {
		snprintf(rows[i].mech, sizeof(rows[i].mech),
			 i < 3 ? "pipe" : "sysv-sem");
		snprintf(rows[i].title, sizeof(rows[i].title),
			 i < 3 ? "pipe" : "semaphore");
		snprintf(rows[i].placement, sizeof(rows[i].placement), "same");
		rows[i].procs = 2;
	}
	rows[0].rings = 1;
	rows[0].sample = one;
	rows[0].nsamples = 2;
	snprintf(rows[0].cpus, sizeof(rows[0].cpus), "0");
	rows[1].rings = 2;
	rows[1].sample = two;
	rows[1].nsamples = 2;
	snprintf(rows[1].cpus, sizeof(rows[1].cpus), "0-1");
	rows[2].rings = 4;
	rows[2].sample = four;
	rows[2].nsamples = 1;
	rows[2].flags = RESULT_OVERSUB;
	snprintf(rows[2].cpus, sizeof(rows[2].cpus), "0-1");
	/* Shared, with no row of one ring to scale by. */
	rows[3].rings = 2;
	rows[3].shared = 1;
	rows[3].status = RESULT_SKIPPED;
	snprintf(rows[3].reason, sizeof(rows[3].reason), "setup: ENOSPC");
	orig.row = rows;
	orig.nrows = 4;

	json = render_json(&orig, 1, &len);
	golden_check("parallel.json", json, len);
	CHECK(strstr(json, "\"rings\": 1") == NULL);
	CHECK(strstr(json, "\"shared\": false") == NULL);
	back = read_back(&orig, json, len, &n);
	text = render_text(&orig, 1, 0, &tlen);
	golden_check("parallel.txt", text, tlen);
	CHECK(strstr(text, "scalability 0.90") != NULL);
	free(text);
	/* The page: its rings chart, the scalability at x2 where it is. */
	text = render_html(&orig, 1, &tlen);
	golden_check("parallel.html", text, tlen);
	CHECK(strstr(text, "id=\"rings-pipe\"") != NULL);
	CHECK(strstr(text, "<title>x2: scalability 0.90</title>") != NULL);
	CHECK(strstr(text, "id=\"rings-sysv-sem\"") == NULL); /* no x1 */
	free(text);
	free(json);
	free_all(back, n);
}

/*
 * -G, --cgroup-depth and --slice: saved only where given, read back the
 * same; two runs that differ by them say so, each in its own block,
 * "none" and "default" for the one without.
 */
static void test_cgroups_slice(void)
{
	static struct result_sample one[] = { { .loops = 100000,
						.elapsed_s = 1 } };
	static struct results r[2];
	struct result_row rows[2];
	struct results *back;
	char *json, *text;
	size_t len, tlen;
	unsigned int n = 0;

	memset(r, 0, sizeof(r));
	memset(rows, 0, sizeof(rows));
	for (int i = 0; i < 2; i++) {
		snprintf(r[i].info.label, sizeof(r[i].info.label), "%s",
			 i ? "flat" : "nested");
		r[i].info.duration_s = 1;
		r[i].info.runs = 1;
		snprintf(rows[i].mech, sizeof(rows[i].mech), "pipe");
		snprintf(rows[i].title, sizeof(rows[i].title), "pipe");
		snprintf(rows[i].placement, sizeof(rows[i].placement), "same");
		rows[i].procs = 2;
		rows[i].sample = one;
		rows[i].nsamples = 1;
		r[i].row = &rows[i];
		r[i].nrows = 1;
	}
	r[0].info.cgroup_depth = 8;
	r[0].info.cgroups_apart = 1;
	snprintf(r[0].info.cgroups, sizeof(r[0].info.cgroups),
		 "8 levels, apart; cpu on");
	r[0].info.slice_us = 3000;
	json = render_json(&r[0], 1, &len);
	CHECK(strstr(json, "\"slice_us\": 3000") != NULL);
	CHECK(strstr(json, "\"cgroup_depth\": 8,") != NULL);
	CHECK(strstr(json, "\"cgroups_apart\": true") != NULL);
	CHECK(strstr(json, "\"cgroups\": \"8 levels, apart; cpu on\"") != NULL);
	back = read_back(&r[0], json, len, &n);
	free(json);
	free_all(back, n);
	json = render_json(&r[1], 1, &len);
	CHECK(strstr(json, "cgroup") == NULL);
	CHECK(strstr(json, "slice") == NULL);
	n = 0;
	back = read_back(&r[1], json, len, &n);
	free(json);
	free_all(back, n);
	text = render_text(r, 2, 0, &tlen);
	CHECK(strstr(text, "Run: nested\n") != NULL);
	CHECK(strstr(text,
		     "  Cgroups              8 levels, apart; cpu on\n") !=
	      NULL);
	CHECK(strstr(text, "  Cgroups              none\n") != NULL);
	CHECK(strstr(text, "  Slice_us             3000\n") != NULL);
	CHECK(strstr(text, "  Slice_us             default\n") != NULL);
	free(text);
}

/* Saved runs of fixed numbers, compared: the golden tables. */
static void test_compare(void)
{
	static const char *const names[] = { "base.json", "fast.json",
					     "noisy.json", "once.json", NULL };
	static const char *const fast[] = { "fast.json", NULL };
	struct results *r, *merged = NULL, *one;
	unsigned int n, nm = 0, n1;
	size_t len, len2, jlen;
	char *text, *text2, *json, err[256], line[128];

	r = read_fixtures(names, &n);
	CHECK_EQ_INT(n, 4);
	if (n != 4) {
		free_all(r, n);
		return;
	}
	text = render_text(r, n, 0, &len);
	golden_check("compare.txt", text, len);
	golden_lines(text, 80);

	/* What the golden file shows, said once more in words. */
	line_of(text, "  6.1-base same ", line, sizeof(line));
	CHECK(strstr(line, " baseline ") != NULL);
	/* One invocation a label: changes shown, none judged. */
	line_of(text, "  6.2-fast same ", line, sizeof(line));
	CHECK(strstr(line, "   +4.9%   [1.4%] ") != NULL); /* runs: a bound */
	line_of(text, "  6.2-fast any ", line, sizeof(line));
	CHECK(strstr(line, "   -4.1%   [1.6%] ") != NULL);
	line_of(text, "  6.2-noisy same ", line, sizeof(line));
	CHECK(strstr(line, "   +2.8%  [65.4%] ") != NULL); /* noisy */
	CHECK(strstr(line, " 20.5% ") != NULL);
	line_of(text, "  6.2-once same ", line, sizeof(line));
	CHECK(strstr(line, "   -5.0%        - ") == NULL);
	CHECK(strstr(line, "   +6.8%        - ") != NULL); /* one run */
	CHECK(strstr(text, "*") == NULL); /* no mark, no star explained */
	CHECK(strstr(text,
		     "\nbare change: one invocation a label, not judged") !=
	      NULL);
	CHECK(strstr(text, "Run: ALL\n") != NULL);
	free(text);

	/* The same comparison as a page: the same figures, the verdicts. */
	text = render_html(r, n, &len);
	golden_check("compare.html", text, len);
	CHECK(strstr(text, "<td class=\"fig\">+4.9%</td>") != NULL);
	CHECK(strstr(text, "<td class=\"fig\">[1.4%]</td>") != NULL);
	CHECK(strstr(text, "not judged (one invocation a label, no --noise): "
			   "+4.9%; detect &gt;=1.4%") != NULL);
	CHECK(strstr(text, "<script") == NULL);
	CHECK(strstr(text, "nan") == NULL);
	free(text);

	text = render_text(r, n, 1, &len);
	golden_check("compare-baseline.txt", text, len);
	golden_lines(text, 80);
	free(text);

	/* Merged into one document, which reads back as the same report. */
	json = render_json(r, n, &jlen);
	golden_check("merged.json", json, jlen);
	CHECK_EQ_INT(store_read_buf(json, jlen, &merged, &nm, err, sizeof(err)),
		     0);
	CHECK_EQ_INT(nm, 4);
	text = render_text(r, n, 0, &len);
	text2 = render_text(merged, nm, 0, &len2);
	CHECK(len == len2 && memcmp(text, text2, len) == 0);
	free(text);
	free(text2);
	free(json);
	free_all(merged, nm);

	/* One saved run alone: the plain report, without comparison. */
	one = read_fixtures(fast, &n1);
	text = render_text(one, n1, 0, &len);
	CHECK(strstr(text, "change") == NULL);
	CHECK(strstr(text, "Run: ALL") == NULL);
	golden_lines(text, 80);
	free(text);
	free_all(one, n1);
	free_all(r, n);
}

static const struct {
	const char *file, *says;
} bad_files[] = {
	{ "array.json", "not a saved ctxbench run: the JSON is an array" },
	{ "bad-escape.json", "line 6, column 28: not JSON: an unknown escape" },
	{ "binary.bin", "not JSON: unexpected byte 0x00" },
	{ "blank.json", "empty file" },
	{ "control-char.json", "not JSON: a control character" },
	{ "deep-inside.json", "nested deeper than 32" },
	{ "deep.json", "nested deeper than 32" },
	{ "duplicate-key.json", "\"label\" appears twice" },
	{ "duplicate-row.json", "two rows of pipe at placement \"any\"" },
	{ "elapsed-inf.json", "\"elapsed_s\" is out of range" },
	{ "elapsed-nan-string.json",
	  "\"elapsed_s\" must be a number, not a string" },
	{ "elapsed-nan.json", "not JSON: unexpected 'N'" },
	{ "elapsed-zero.json", "\"elapsed_s\" must be at least 0.0001" },
	{ "elapsed-tiny.json", "\"elapsed_s\" must be at least 0.0001" },
	{ "empty-invocations.json", "\"invocations\" is empty" },
	{ "empty-label.json", "\"label\" is empty" },
	{ "empty.json", "empty file" },
	{ "flag-unknown.json", "unknown flag \"fast\"" },
	{ "garbage-after.json", "not JSON: more after the end" },
	{ "info-array.json", "\"info\" must be an object, not an array" },
	{ "label-newline.json", "line 6, column 28: \"label\" is not one line "
				"of printable UTF-8: U+000A (a line break)" },
	{ "label-nul.json", "\"label\" is not one line of printable UTF-8: "
			    "U+0000 (a control character)" },
	/* One rule for text (lib/text.h), raw or escaped, where it is. */
	{ "label-del.json", "line 6, column 28: \"label\" is not one line of "
			    "printable UTF-8: U+007F (a control character)" },
	{ "label-csi.json", "column 28: \"label\" is not one line of "
			    "printable UTF-8: U+009B (a control character)" },
	{ "label-nel.json", "column 28: \"label\" is not one line of "
			    "printable UTF-8: U+0085 (a line break)" },
	{ "label-tab.json", "\"label\" is not one line of printable UTF-8: "
			    "U+0009 (a tab)" },
	{ "note-bidi.json",
	  "line 6, column 49: \"note\" is not one line of "
	  "printable UTF-8: U+202E (a bidirectional control)" },
	{ "note-isolate.json", "U+2067 (a bidirectional control)" },
	{ "reason-separator.json", "line 13, column 41: \"reason\" is not one "
				   "line of printable UTF-8: U+2028 (a line "
				   "break)" },
	{ "vuln-name-c1.json",
	  "line 6, column 60: a name in "
	  "\"vulnerabilities\" is not one line of "
	  "printable UTF-8: U+009B (a control character)" },
	/* Each member in its range; members that must agree, agree. */
	{ "participants-range.json", "\"participants\" must be an integer "
				     "from 0 to 1024, not 2000" },
	{ "migrated-unknown.json", "line 13: \"flags\" holds \"migrated\", "
				   "but \"migrations\" is -1" },
	{ "migrated-zero.json", "\"flags\" holds \"migrated\", but "
				"\"migrations\" is 0" },
	{ "end-before-start.json", "line 6: \"end\" is 1000 s before "
				   "\"start\"" },
	{ "seed-not-shuffle.json", "\"seed\" is 7, but only \"order\": "
				   "\"shuffle\" has a seed" },
	{ "policy-unknown.json", "\"policy\" must be \"other\", \"batch\", "
				 "\"idle\", \"fifo\", \"rr\" or \"\", not "
				 "\"fast\"" },
	{ "priority-other.json", "\"priority\" is 50, but \"policy\" "
				 "\"other\" has none" },
	{ "fifo-no-priority.json", "\"policy\" \"fifo\" needs a "
				   "\"priority\" from 1 to 99" },
	{ "nice-idle.json", "\"nice\" is 5, but \"policy\" \"idle\" has "
			    "none" },
	{ "procs-running-one.json", "line 15: \"procs_running\" is [at "
				    "start, at end]" },
	{ "ring-min-max.json", "line 15: \"ring_min_loops\" 60000 is more "
			       "than \"ring_max_loops\" 40000" },
	{ "ring-loops-sum.json", "sample 2: \"loops\" 100500 is not its 2 "
				 "rings' between \"ring_min_loops\" 40000 "
				 "and \"ring_max_loops\" 50000 each" },
	{ "ring-one-ring.json", "sample 1: \"ring_min_loops\" and "
				"\"ring_max_loops\" are only for a row of "
				"several rings" },
	{ "label-too-long.json", "\"label\" is longer than 127 bytes" },
	{ "lone-surrogate.json", "not JSON: a lone low surrogate" },
	{ "rtt-sum.json", "\"rtt\" buckets add up to 2, not \"count\" 3" },
	{ "rtt-bucket.json", "2689 ns starts no bucket" },
	{ "rtt-minmax.json", "\"rtt\" min and max are not in its buckets" },
	{ "rtt-pair.json", "a bucket is [lowest ns, count]" },
	{ "rtt-twice.json", "bucket 2688 ns twice" },
	{ "cpu-negative.json", "\"user_s\" must be at least 0" },
	{ "procs-zero.json", "\"participants\" must be an integer from 1 to "
			     "1024, not 0" },
	{ "rings-zero.json", "\"rings\" must be an integer from 1 to 1024, "
			     "not 0" },
	/* One ring and two are different rows; two of two rings are not. */
	{ "duplicate-rings-row.json",
	  "two rows of pipe at placement \"any\", 2 participants, 0 KB, 2 rings" },
	{ "loops-fraction.json", "\"loops\" must be a non-negative integer, "
				 "not 1.5" },
	{ "loops-huge.json", "\"loops\" is out of range" },
	{ "loops-max.json", "18446744073709551615 loops in 1 s is more than "
			    "1000000000 loops/sec" },
	{ "loops-missing.json", "a sample lacks \"loops\"" },
	{ "loops-negative.json", "line 16: \"loops\" must be a non-negative "
				 "integer, not -5" },
	{ "loops-string.json", "\"loops\" must be a non-negative integer, not "
			       "a string" },
	/* A mechanism's name, which an id of the page is made from. */
	{ "mech-blank.json", "line 10: \"mech\" must be a name of lowercase "
			     "letters, digits, '-' and '_', not \"a b\"" },
	{ "mech-markup.json", "\"mech\" must be a name of lowercase letters, "
			      "digits, '-' and '_', not \"x\" onload=" },
	{ "migrations-range.json", "\"migrations\" must be an integer of at "
				   "least -1, not -2" },
	{ "more-samples-than-runs.json", "has 2 samples but \"runs\" is 1" },
	{ "no-invocations.json", "no \"invocations\"" },
	{ "no-label.json", "\"info\" lacks \"label\"" },
	{ "no-results.json", "a saved run lacks \"results\"" },
	{ "no-schema.json", "no \"schema_version\"" },
	{ "not-json.txt", "line 1, column 1: not JSON: unexpected 'H'" },
	{ "nul-byte.json", "not JSON: a control character" },
	{ "ok-no-samples.json", "is \"ok\" but has no samples" },
	{ "other-shape.json", "not a saved ctxbench run: no \"format\"" },
	{ "rate-mismatch.json", "\"loops_per_s\" 5 is not loops / elapsed_s" },
	{ "results-object.json",
	  "\"results\" must be an array, not an object" },
	{ "runs-zero.json", "\"runs\" must be an integer from 1 to 10000, "
			    "not 0" },
	{ "schema-2.json", "schema version 2 is not supported" },
	{ "schema-string.json", "\"schema_version\" must be an integer" },
	{ "seconds-negative.json", "\"seconds\" must be more than 0" },
	{ "signal-range.json", "\"interrupted_by_signal\" must be an integer "
			       "from 0 to 64, not 99" },
	{ "single-quotes.json", "not JSON: unexpected '''" },
	{ "status-unknown.json", "unknown status \"great\"" },
	{ "trailing-comma.json", "not JSON: a ',' before '}'" },
	{ "truncated.json", "line 15: the file ends too early (truncated?)" },
	{ "unterminated-string.json", "not JSON: expected ',' or '}'" },
	{ "wrong-format.json", "no \"format\": \"ctxbench\"" },
};

/* Reading @path fails with one line holding @says and changes nothing. */
static void check_bad(const char *path, const char *says)
{
	struct results keep = { .info.label = "kept" }, *r;
	unsigned int n = 1;
	char err[256] = "";

	r = malloc(sizeof(*r));
	if (!r) {
		CHECK(0);
		return;
	}
	*r = keep;
	CHECK_EQ_INT(store_read_file(path, &r, &n, err, sizeof(err)), -1);
	CHECK_EQ_INT(n, 1);
	CHECK_STR(r->info.label, "kept");
	CHECK(err[0] && strchr(err, '\n') == NULL);
	if (!strstr(err, says)) {
		fprintf(stderr, "%s: '%s' does not say '%s'\n", path, err,
			says);
		CHECK(0);
	}
	free(r);
}

static void test_bad(void)
{
	char path[512];
	DIR *d;

	for (size_t i = 0; i < ARRAY_SIZE(bad_files); i++) {
		snprintf(path, sizeof(path), FIX "bad/%s", bad_files[i].file);
		check_bad(path, bad_files[i].says);
	}
	check_bad(FIX "bad/no-such-file.json", "No such file or directory");
	check_bad(FIX "bad", "Is a directory");

	/* Every file there is in the table above. */
	d = opendir(FIX "bad");
	CHECK(d != NULL);
	for (struct dirent *e; d && (e = readdir(d));) {
		size_t i = 0;

		if (e->d_name[0] == '.')
			continue;
		while (i < ARRAY_SIZE(bad_files) &&
		       strcmp(bad_files[i].file, e->d_name) != 0)
			i++;
		if (i == ARRAY_SIZE(bad_files)) {
			fprintf(stderr, "bad/%s is not in the table\n",
				e->d_name);
			CHECK(0);
		}
	}
	if (d)
		closedir(d);
}

/* Every file cut short fails, with one line, whatever the cut. */
static void test_prefixes(void)
{
	static const char *const names[] = { "minimal.json", "noisy.json" };
	int ok = 1;

	for (size_t k = 0; k < ARRAY_SIZE(names); k++) {
		char path[512], err[256];
		size_t len = 0, end;
		char *buf;

		snprintf(path, sizeof(path), FIX "%s", names[k]);
		buf = golden_slurp(path, &len);
		CHECK(buf != NULL);
		if (!buf)
			continue;
		end = len;
		while (end && buf[end - 1] != '}')
			end--;
		for (size_t cut = 0; cut < end; cut++) {
			/* A copy of exactly @cut bytes, for ASan to watch. */
			char *part = malloc(cut ? cut : 1);
			struct results *r = NULL;
			unsigned int n = 0;

			memcpy(part, buf, cut);
			err[0] = '\0';
			if (store_read_buf(part, cut, &r, &n, err,
					   sizeof(err)) != -1 ||
			    n || r || !err[0] || strchr(err, '\n')) {
				fprintf(stderr, "%s cut at %zu: '%s'\n",
					names[k], cut, err);
				ok = 0;
			}
			free(part);
			free_all(r, n);
		}
		free(buf);
	}
	CHECK(ok);
}

/* A document of @count copies of @inner between a head and a tail. */
static char *repeat(const char *head, const char *inner, const char *tail,
		    unsigned int count, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	fputs(head, f);
	for (unsigned int i = 0; i < count; i++)
		fprintf(f, "%s%s", i ? "," : "", inner);
	fputs(tail, f);
	fclose(f);
	return buf;
}

static void test_limits(void)
{
	static const char *head = "{\"format\":\"ctxbench\",\"schema_version\""
				  ":1,\"invocations\":[";
	static const char *inv =
		"{\"info\":{\"label\":\"x\"},\"parameters\":{\"seconds\":1,"
		"\"runs\":1},\"results\":[]}";
	struct results *r = NULL;
	unsigned int n = 0;
	char err[256], *buf;
	size_t len;

	/* As many saved runs as a report holds, and not one more. */
	buf = repeat(head, inv, "]}", SAVED_MAX_INVOCATIONS, &len);
	CHECK_EQ_INT(store_read_buf(buf, len, &r, &n, err, sizeof(err)), 0);
	CHECK_EQ_INT(n, SAVED_MAX_INVOCATIONS);
	free(buf);
	buf = repeat(head, inv, "]}", 1, &len);
	CHECK_EQ_INT(store_read_buf(buf, len, &r, &n, err, sizeof(err)), -1);
	CHECK(strstr(err, "more than 128 saved runs") != NULL);
	CHECK_EQ_INT(n, SAVED_MAX_INVOCATIONS);
	free(buf);
	free_all(r, n);
	r = NULL;
	n = 0;
	buf = repeat(head, inv, "]}", SAVED_MAX_INVOCATIONS + 1, &len);
	CHECK_EQ_INT(store_read_buf(buf, len, &r, &n, err, sizeof(err)), -1);
	CHECK(strstr(err, "more than 128 saved runs") != NULL);
	CHECK(r == NULL && n == 0);
	free(buf);

	/* Samples: no more than -r allows, whatever "runs" says. */
	buf = repeat("{\"format\":\"ctxbench\",\"schema_version\":1,"
		     "\"invocations\":[{\"info\":{\"label\":\"x\"},"
		     "\"parameters\":{\"seconds\":1,\"runs\":10000},"
		     "\"results\":[{\"mech\":\"pipe\",\"title\":\"pipe\","
		     "\"placement\":\"any\",\"status\":\"ok\",\"samples\":[",
		     "{\"loops\":1,\"elapsed_s\":1}", "]}]}]}",
		     SAVED_MAX_SAMPLES + 1, &len);
	CHECK_EQ_INT(store_read_buf(buf, len, &r, &n, err, sizeof(err)), -1);
	CHECK(strstr(err, "more than 10000 samples") != NULL);
	free(buf);

	/* Rows, each at a placement of its own. */
	{
		FILE *f = open_memstream(&buf, &len);

		fputs("{\"format\":\"ctxbench\",\"schema_version\":1,"
		      "\"invocations\":[{\"info\":{\"label\":\"x\"},"
		      "\"parameters\":{\"seconds\":1,\"runs\":1},"
		      "\"results\":[",
		      f);
		for (unsigned int i = 0; i <= SAVED_MAX_ROWS; i++)
			fprintf(f,
				"%s{\"mech\":\"pipe\",\"title\":\"pipe\","
				"\"placement\":\"p%u\",\"status\":\"skipped\","
				"\"samples\":[]}",
				i ? "," : "", i);
		fputs("]}]}", f);
		fclose(f);
	}
	CHECK_EQ_INT(store_read_buf(buf, len, &r, &n, err, sizeof(err)), -1);
	{
		char want[64];

		snprintf(want, sizeof(want), "more than %u rows",
			 SAVED_MAX_ROWS);
		CHECK(strstr(err, want) != NULL);
	}
	free(buf);

	/* Nesting exactly at the limit is fine where values are skipped. */
	{
		char doc[512];
		int o = snprintf(doc, sizeof(doc), "{\"x\":");

		for (int i = 0; i < SAVED_MAX_DEPTH - 1; i++)
			doc[o++] = '[';
		for (int i = 0; i < SAVED_MAX_DEPTH - 1; i++)
			doc[o++] = ']';
		snprintf(doc + o, sizeof(doc) - (size_t)o,
			 ",\"format\":\"ctxbench\",\"schema_version\":1,"
			 "\"invocations\":[%s]}",
			 inv);
		CHECK_EQ_INT(store_read_buf(doc, strlen(doc), &r, &n, err,
					    sizeof(err)),
			     0);
		CHECK_EQ_INT(n, 1);
		free_all(r, n);
	}
}

/* Unknown members are skipped: a later ctxbench may add some. */
static void test_unknown_members(void)
{
	static const char doc[] =
		"{\"comment\":{\"a\":[1,2.5e3,true,false,null,\"\\u00e9\"]},"
		"\"format\":\"ctxbench\",\"schema_version\":1,"
		"\"invocations\":[{\"future\":[],\"info\":{\"label\":"
		"\"caf\\u00e9 \\ud83d\\udc27\",\"x\":1},\"parameters\":"
		"{\"seconds\":0.5,\"runs\":2,\"y\":{}},\"results\":[{\"mech\":"
		"\"pipe\",\"title\":\"pipe\",\"placement\":\"any\",\"status\":"
		"\"ok\",\"z\":\"\",\"samples\":[{\"loops\":10,\"elapsed_s\":"
		"0.5,\"w\":0}]}]}]}";
	struct results *r = NULL;
	unsigned int n = 0;
	char err[256];

	CHECK_EQ_INT(
		store_read_buf(doc, sizeof(doc) - 1, &r, &n, err, sizeof(err)),
		0);
	CHECK_EQ_INT(n, 1);
	if (n == 1) {
		CHECK_STR(r->info.label, "caf\xc3\xa9 \xf0\x9f\x90\xa7");
		CHECK_EQ_INT(r->row[0].nsamples, 1);
		CHECK_NEAR(result_rate(&r->row[0].sample[0]), 20, 0);
		CHECK_EQ_INT(r->info.participants, 0);
	}
	free_all(r, n);
}

static int parse(const char *const *args, struct plan *p, char *err,
		 size_t errlen)
{
	/* Static: the plan points into it (its saved files). */
	static char *argv[16] = { "ctxbench" };
	int argc = 1;

	while (args[argc - 1] && argc < 15) {
		argv[argc] = (char *)args[argc - 1];
		argc++;
	}
	argv[argc] = NULL;
	return plan_parse(argc, argv, p, err, errlen);
}

/* The options that save and report, and the command line saved. */
static void test_options(void)
{
	static const struct {
		const char *argv[8];
		const char *err_has; /* NULL: valid */
	} cases[] = {
		{ { "-o", "x.json", "--json" }, NULL },
		{ { "report", "a.json", "b.json" }, NULL },
		{ { "report", "--baseline", "B", "a.json", "-o", "m.json" },
		  NULL },
		{ { "report", "--json", "a.json" }, NULL },
		{ { "report", "-h" }, NULL },
		{ { "report" }, "no saved file" },
		{ { "report", "-t", "1", "a.json" },
		  "-t/--time: not an option "
		  "of ctxbench report" },
		{ { "report", "-l", "a.json" }, "-l/--list" },
		{ { "--baseline", "A" },
		  "--baseline: only for ctxbench report" },
		{ { "report", "--baseline", "", "a.json" }, "--baseline" },
		{ { "-o", "" }, "-o/--output: empty" },
		{ { "-o", "a", "-o", "b" }, "-o/--output: given twice" },
		{ { "-o" }, "needs a value" },
		{ { "a.json" }, "unexpected argument 'a.json'" },
		{ { "-t", "1", "report" }, "unexpected argument 'report'" },
	};
	struct plan p;
	char err[256], buf[64];

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		int rc = parse(cases[i].argv, &p, err, sizeof(err));

		if (!cases[i].err_has) {
			CHECK_EQ_INT(rc, 0);
			continue;
		}
		CHECK_EQ_INT(rc, -1);
		if (rc == -1 && !strstr(err, cases[i].err_has)) {
			fprintf(stderr, "case %zu: '%s' does not say '%s'\n", i,
				err, cases[i].err_has);
			CHECK(0);
		}
	}
	{
		static const char *const a[] = { "report",     "a.json",
						 "--baseline", "B",
						 "b.json",     "--json",
						 NULL };

		CHECK_EQ_INT(parse(a, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.action, PLAN_REPORT);
		CHECK_EQ_INT(p.nfiles, 2);
		if (p.nfiles == 2) {
			CHECK_STR(p.files[0], "a.json");
			CHECK_STR(p.files[1], "b.json");
		}
		CHECK_STR(p.baseline, "B");
		CHECK_EQ_INT(p.format, PLAN_FORMAT_json);
		CHECK(p.output == NULL);
	}
	{
		static const char *const a[] = { "-b", "pipe", "--output",
						 "x.json", NULL };

		CHECK_EQ_INT(parse(a, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.action, PLAN_RUN);
		CHECK_STR(p.output, "x.json");
		CHECK_EQ_INT(p.format, PLAN_FORMAT_text);
	}
	{
		char *argv[] = { "ctxbench",  "-n", "it's",   "--note",
				 "a b",	      "-o", "x.json", "",
				 "new\nline", NULL };

		quote_cmdline(9, argv, buf, sizeof(buf));
		CHECK_STR(buf, "ctxbench -n 'it'\\''s' --note 'a b' -o x.json "
			       "'' $'new\\x0aline'");
		quote_cmdline(9, argv, buf, 20);
		CHECK_STR(buf, "ctxbench -n 'it'...");
	}
	{
		/*
		 * What text may not hold is written \xNN in $'...', so that
		 * the saved command reads back; what it may is kept.
		 */
		char *argv[] = { "ctxbench",
				 "-n",
				 "A\xc2\x9b"
				 "31m",
				 "--note",
				 "a\xe2\x80\xae"
				 "b caf\xc3\xa9",
				 "-P",
				 "caf\xc3\xa9",
				 "-n",
				 "\xe9",
				 NULL };
		char big[160];

		quote_cmdline(9, argv, big, sizeof(big));
		CHECK_STR(big, "ctxbench -n $'A\\xc2\\x9b31m' --note "
			       "$'a\\xe2\\x80\\xaeb caf\xc3\xa9' -P "
			       "'caf\xc3\xa9' -n $'\\xe9'");
		CHECK(text_check(big, buf, sizeof(buf)) == -1);
		/* Cut short: never inside a character. */
		quote_cmdline(7, argv, big, 60);
		CHECK_STR(big, "ctxbench -n $'A\\xc2\\x9b31m' --note "
			       "$'a\\xe2\\x80\\xaeb caf...");
		CHECK(text_check(big, buf, sizeof(buf)) == -1);
	}
}

/* Every key of a table once. */
static void check_table(const struct field *t)
{
	int i;

	for (i = 0; t[i].key; i++) {
		CHECK(field_index(t, t[i].key) == i);
		if (t[i].sub)
			check_table(t[i].sub);
	}
	/* The reader marks the members it saw in a 64-bit mask. */
	CHECK(i <= FIELD_MAX_MEMBERS);
}

/*
 * Every fact of the Run information block names one value of an
 * invocation, and none is named twice (its name or its member); every
 * line of the table names a member: a fact the text report cannot print,
 * or prints twice, fails here.
 */
static void test_facts(void)
{
	const struct field *f, *g;
	const char *name, *name2, *path, *path2;
	size_t off, off2, base;
	unsigned int i, j;
	int rc;

	for (i = 0; !(rc = field_fact(i, &name, &f, &base, &path)); i++) {
		CHECK(name != NULL && name[0] != '\0');
		CHECK(field_find(invocation_fields, path, &off) == f);
		CHECK_EQ_INT(off, base + f->off);
		CHECK(f->type != FIELD_OBJECT && f->type != FIELD_ROWS);
		CHECK(off + f->size <= sizeof(struct results));
		for (j = 0; j < i; j++) {
			CHECK(!field_fact(j, &name2, &g, &base, &path2));
			CHECK(strcmp(name, name2) != 0);
			CHECK(field_find(invocation_fields, path2, &off2) !=
				      f ||
			      off2 != off);
		}
	}
	/* The table ended, not a line whose path names no member. */
	CHECK_EQ_INT(rc, -1);
	CHECK(i >= 30);
	/* Not a member: a path too short, too long or wrong. */
	CHECK(field_find(invocation_fields, "info", &off)->type ==
	      FIELD_OBJECT);
	CHECK(field_find(invocation_fields, "info.cpu_mhz.x", &off) == NULL);
	CHECK(field_find(invocation_fields, "info.cpu", &off) == NULL);
	CHECK(field_find(invocation_fields, "info.", &off) == NULL);
	CHECK(field_find(invocation_fields, "parameters.runs", &off) ==
	      &invocation_fields[field_index(invocation_fields, "parameters")]
		       .sub[1]);
	CHECK_EQ_INT(off, offsetof(struct results, info.runs));
}

/* A bound as docs/json.md writes it: 10^6 for a large power of ten. */
static void doc_bound(char *buf, size_t size, double v)
{
	double e = round(log10(fabs(v)));

	if (v >= 1e4 && v == pow(10, e))
		snprintf(buf, size, "10^%.0f", e);
	else
		snprintf(buf, size, "%.17g", v);
}

/* Does a line of @doc name `@key` and say @range? */
static int doc_says(const char *doc, const char *key, const char *range)
{
	char name[80];

	snprintf(name, sizeof(name), "`%s`", key);
	for (const char *l = doc; *l;) {
		size_t n = strcspn(l, "\n");
		char *line = strndup(l, n);
		int ok = line && strstr(line, name) && strstr(line, range);

		free(line);
		if (ok)
			return 1;
		l += n + !!l[n];
	}
	return 0;
}

/*
 * The range the reader takes of every number of table @t is the one
 * docs/json.md gives it, on a line that names the member: "1..1024",
 * "-1 or more", "more than 0 and at most 10^6".
 */
static void check_documented(const char *doc, const struct field *t)
{
	for (int i = 0; t[i].key; i++) {
		const struct field *f = &t[i];
		char lo[32], hi[32], range[96];

		if (f->sub)
			check_documented(doc, f->sub);
		switch (f->type) {
		case FIELD_INT:
		case FIELD_UINT:
		case FIELD_LL:
		case FIELD_PAIR:
			if (f->max >= (double)INT64_MAX)
				snprintf(range, sizeof(range), "%.0f or more",
					 f->min);
			else
				snprintf(range, sizeof(range), "%.0f..%.0f",
					 f->min, f->max);
			break;
		case FIELD_DOUBLE:
		case FIELD_MAYBE:
			doc_bound(lo, sizeof(lo), f->min);
			doc_bound(hi, sizeof(hi), f->max);
			if (f->flags & FIELD_OPEN_MIN)
				snprintf(range, sizeof(range),
					 "more than %s and at most %s", lo, hi);
			else
				snprintf(range, sizeof(range), "%s..%s", lo,
					 hi);
			break;
		default:
			continue;
		}
		if (!doc_says(doc, f->key, range)) {
			fprintf(stderr, "docs/json.md: \"%s\" is not %s\n",
				f->key, range);
			CHECK(0);
		}
	}
}

static void test_fields(void)
{
	size_t len;
	char *doc = golden_slurp(TEST_DIR "/../docs/json.md", &len);

	check_table(invocation_fields);
	check_table(row_fields);
	check_table(sample_fields);
	test_facts();
	CHECK(doc != NULL);
	if (doc) {
		check_documented(doc, invocation_fields);
		check_documented(doc, row_fields);
		check_documented(doc, sample_fields);
	}
	free(doc);
}

int main(void)
{
	test_fields();
	test_roundtrip();
	test_cgroups_slice();
	test_compare();
	test_parallel();
	test_bad();
	test_prefixes();
	test_limits();
	test_unknown_members();
	test_options();
	return check_summary();
}
