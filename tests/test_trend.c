/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The trend of a series of labels (report --series): its order, each
 * step's figures against those of a report of the step's two labels
 * alone, and the text report's trend against tests/golden/series.txt.
 */
#include <math.h>
#include <stdlib.h>

#include "golden.h"
#include "report/formats.h"
#include "analysis/model.h"
#include "analysis/trend.h"

#define NLABELS 3
#define NINV 2 /* invocations a label, taken in turns */
#define NMECH 2

static const char *const labels[NLABELS] = {
	"6.13.0-rc1-00042-g1a2b3c4d5e6f-dirty",
	"6.13.0-rc1-00043-g2b3c4d5e6f7a",
	"6.13.0-rc1-00044-g3c4d5e6f7a8b",
};

static struct result_sample smp[NLABELS * NINV][NMECH][3];
static struct result_row rows[NLABELS * NINV][NMECH];
static struct results r[NLABELS * NINV];

/*
 * Label i's invocation k, at r[k * NLABELS + i]: A B C A B C.  pipe is
 * 10 % slower from the second label on and stays so; futex the same
 * throughout.
 */
static void make_runs(void)
{
	static const char *const mech[NMECH][2] = { { "pipe", "pipe" },
						    { "futex", "futex" } };

	for (unsigned int k = 0; k < NINV; k++)
		for (unsigned int i = 0; i < NLABELS; i++) {
			unsigned int at = k * NLABELS + i;
			struct results *x = &r[at];

			for (unsigned int j = 0; j < NMECH; j++) {
				double rate = 100000.0 * (j + 1) *
					      (j == 0 && i >= 1 ? 0.9 : 1.0);

				for (unsigned int s = 0; s < 3; s++)
					smp[at][j][s] = (struct result_sample){
						.loops = (uint64_t)(rate +
								    200 * s +
								    150 * k +
								    50 * i * k),
						.elapsed_s = 1
					};
				rows[at][j] =
					(struct result_row){ .procs = 2,
							     .nsamples = 3,
							     .sample =
								     smp[at][j],
							     .cpus = "0" };
				snprintf(rows[at][j].mech,
					 sizeof(rows[at][j].mech), "%s",
					 mech[j][0]);
				snprintf(rows[at][j].title,
					 sizeof(rows[at][j].title), "%s",
					 mech[j][1]);
				snprintf(rows[at][j].placement,
					 sizeof(rows[at][j].placement), "same");
			}
			*x = (struct results){ .nrows = NMECH,
					       .row = rows[at] };
			snprintf(x->info.label, sizeof(x->info.label), "%s",
				 labels[i]);
			snprintf(x->info.kernel, sizeof(x->info.kernel), "%s",
				 labels[i]);
			snprintf(x->info.hostname, sizeof(x->info.hostname),
				 "testbox");
			snprintf(x->info.date, sizeof(x->info.date),
				 "2026-01-02T03:%02u:00Z", at);
			x->info.ncpu = 2;
			x->info.runs = 3;
			x->info.duration_s = 1;
			x->info.start_s = 1000 + 60 * at;
		}
}

/* Label @label's cell of row @k of @c, or NULL. */
static const struct compare_cell *cell_of(const struct compare *c,
					  unsigned int k, const char *label)
{
	for (unsigned int i = 0; i < c->row[k].ncells; i++) {
		const struct compare_cell *cell = &c->row[k].cell[i];

		if (!strcmp(c->r[cell->label]->info.label, label))
			return cell;
	}
	return NULL;
}

/* Two verdicts alike: every figure the formats print. */
static int same_verdict(const struct compare_cell *a,
			const struct compare_cell *b)
{
#define SAME(x) (a->x == b->x || (isnan(a->x) && isnan(b->x)))
	return a->mark == b->mark && a->why == b->why && SAME(v.change) &&
	       SAME(v.p) && SAME(v.low) && SAME(v.high) && SAME(v.detect) &&
	       a->v.df == b->v.df && a->want_reps == b->want_reps && SAME(mean);
#undef SAME
}

/*
 * Each step of @m against the model of its two labels' invocations
 * alone, in the order given, the earlier label the baseline.
 */
static void check_steps(const struct report_model *m,
			const struct results *const *all, unsigned int n)
{
	const struct report_trend *t = m->trend;

	CHECK(t && t->nsteps == t->n - 1);
	for (unsigned int s = 0; t && s < t->nsteps; s++) {
		const char *from = m->cmp.r[t->step[s].from]->info.label;
		const char *to = m->cmp.r[t->step[s].to]->info.label;
		const struct results *pair[NLABELS * NINV];
		unsigned int np = 0, base = 0;
		struct report_model pm;

		for (unsigned int i = 0; i < n; i++)
			if (!strcmp(all[i]->info.label, from) ||
			    !strcmp(all[i]->info.label, to))
				pair[np++] = all[i];
		while (base < np && strcmp(pair[base]->info.label, from))
			base++;
		CHECK(report_model_build(&pm, pair, np, base, NULL, 0, 0) == 0);
		for (unsigned int k = 0; k < m->cmp.nrows; k++) {
			const struct compare_cell *want =
				cell_of(&pm.cmp, k, to);

			CHECK(want && t->step[s].at[k]);
			if (want && t->step[s].at[k])
				CHECK(same_verdict(want, t->step[s].at[k]));
		}
		report_model_free(&pm);
	}
}

static void test_given(void)
{
	const struct results *all[NLABELS * NINV];
	struct report_model m;
	const struct report_trend *t;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	for (unsigned int i = 0; i < NLABELS * NINV; i++)
		all[i] = &r[i];
	CHECK(report_model_build(&m, all, NLABELS * NINV, 0, NULL, 0,
				 REPORT_SERIES | REPORT_BRIEF) == 0);
	t = m.trend;
	CHECK(t && t->n == NLABELS && t->by == TREND_GIVEN);
	for (unsigned int p = 0; t && p < t->n; p++)
		CHECK(t->order[p] == p && t->pos[p] == p);
	check_steps(&m, all, NLABELS * NINV);
	/* pipe: the first step marked slower, the second within the noise. */
	CHECK(t && t->step[0].at[0]->mark == COMPARE_MARKED &&
	      t->step[0].at[0]->v.change < 0);
	CHECK(t && t->step[1].at[0]->mark == COMPARE_NOT_MARKED);
	f = open_memstream(&buf, &len);
	report_format_text.render(f, &m);
	fclose(f);
	golden_check("series.txt", buf, len);
	CHECK(strstr(buf, "Trend: each label against the one before it "
			  "(--series given)") != NULL);
	for (const char *l = buf; l && *l;) {
		size_t w = strcspn(l, "\n");

		CHECK(w <= 80);
		l += w + (l[w] == '\n');
	}
	free(buf);
	report_model_free(&m);
	/* Without --series, no trend. */
	CHECK(report_model_build(&m, all, NLABELS * NINV, 0, NULL, 0, 0) == 0);
	CHECK(m.trend == NULL);
	report_model_free(&m);
}

/* Given C B A (each label's runs reversed), by start: A B C again. */
static void test_start(void)
{
	const struct results *all[NLABELS * NINV];
	struct report_model m;
	const struct report_trend *t;
	unsigned int n = 0;

	for (unsigned int k = NINV; k-- > 0;)
		for (unsigned int i = NLABELS; i-- > 0;)
			all[n++] = &r[k * NLABELS + i];
	CHECK(report_model_build(&m, all, n, 0, NULL, 0,
				 REPORT_SERIES | REPORT_SERIES_START) == 0);
	t = m.trend;
	CHECK(t && t->by == TREND_START && !t->unknown);
	for (unsigned int p = 0; t && p < t->n; p++)
		CHECK(!strcmp(m.cmp.r[t->order[p]]->info.label, labels[p]));
	check_steps(&m, all, n);
	report_model_free(&m);
	/* Starts unknown: those labels last, as given. */
	for (unsigned int i = 0; i < NLABELS * NINV; i++)
		if (!strcmp(r[i].info.label, labels[0]))
			r[i].info.start_s = 0;
	CHECK(report_model_build(&m, all, n, 0, NULL, 0,
				 REPORT_SERIES | REPORT_SERIES_START) == 0);
	t = m.trend;
	CHECK(t && t->unknown == 1);
	CHECK(t && !strcmp(m.cmp.r[t->order[0]]->info.label, labels[1]) &&
	      !strcmp(m.cmp.r[t->order[2]]->info.label, labels[0]));
	report_model_free(&m);
	for (unsigned int i = 0; i < NLABELS * NINV; i++)
		r[i].info.start_s = 1000 + 60 * i;
}

static void test_words(void)
{
	enum report_trend_order by;

	CHECK(report_trend_order_parse("given", &by) == 0 && by == TREND_GIVEN);
	CHECK(report_trend_order_parse("start", &by) == 0 && by == TREND_START);
	CHECK(report_trend_order_parse("sideways", &by) < 0);
	CHECK(!strcmp(report_trend_order_key(TREND_START), "start"));
}

int main(void)
{
	make_runs();
	test_given();
	test_start();
	test_words();
	return check_summary();
}
