/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --format json: the saved run (store/writer.c) and the comparison.
 *
 * --format json: the saved-run document of the invocations (store/
 * writer.c), and with two labels or more the comparison after them.
 */
#include <errno.h>
#include <math.h>

#include "analysis/compare.h"
#include "formats.h"
#include "analysis/profile.h"
#include "profview.h"
#include "analysis/textkit.h"
#include "store/jsonw.h"
#include "store/store.h"
#include "report.h"
#include "analysis/trend.h"

/*
 * The comparison's members, in the order docs/json.md's tables give
 * them (ctxbench dump json prints them, tools/gen-refs makes the tables):
 * M(NAME, table, member, type), the table the path down to the member.
 */
#define JSON_MEMBERS(M)                                                     \
	M(BASELINE, "comparison.", "baseline", "string")                    \
	M(ALPHA, "comparison.", "alpha", "number")                          \
	M(LEVEL, "comparison.", "level", "string")                          \
	M(TESTS, "comparison.", "tests", "integer")                         \
	M(TESTS_MARKED, "comparison.", "tests_marked", "integer")           \
	M(THRESHOLD, "comparison.", "threshold", "number")                  \
	M(DETECT_ALPHA, "comparison.", "detect_alpha", "number")            \
	M(POWER, "comparison.", "power", "number")                          \
	M(DISTURBED, "comparison.", "disturbed", "string")                  \
	M(NOISE_INVOCATIONS, "comparison.", "noise_invocations", "integer") \
	M(LEFT_OUT_RUNS, "comparison.", "left_out_runs", "integer")         \
	M(LEFT_OUT_INVOCATIONS, "comparison.", "left_out_invocations",      \
	  "integer")                                                        \
	M(OF_RUNS, "comparison.", "of_runs", "integer")                     \
	M(LABELS, "comparison.", "labels", "array")                         \
	M(ROWS, "comparison.", "rows", "array")                             \
	M(SERIES, "comparison.", "series", "object")                        \
	M(L_LABEL, "comparison.labels[].", "label", "string")               \
	M(L_INVOCATIONS, "comparison.labels[].", "invocations", "integer")  \
	M(L_BOOTS, "comparison.labels[].", "boots", "integer")              \
	M(L_BLOCKS, "comparison.labels[].", "blocks", "integer")            \
	M(L_REPLICATES, "comparison.labels[].", "replicates", "string")     \
	M(L_REPLICATE_COUNT, "comparison.labels[].", "replicate_count",     \
	  "integer")                                                        \
	M(R_KEY, "comparison.rows[].", "key", "string")                     \
	M(R_MECH, "comparison.rows[].", "mech", "string")                   \
	M(R_PLACEMENT, "comparison.rows[].", "placement", "string")         \
	M(R_PARTICIPANTS, "comparison.rows[].", "participants", "integer")  \
	M(R_WS_KB, "comparison.rows[].", "ws_kb", "integer")                \
	M(R_RINGS, "comparison.rows[].", "rings", "integer")                \
	M(R_SHARED, "comparison.rows[].", "shared", "boolean")              \
	M(R_CLASS, "comparison.rows[].", "class", "string")                 \
	M(R_LABELS, "comparison.rows[].", "labels", "array")                \
	M(C_LABEL, CELL, "label", "string")                                 \
	M(C_INVOCATIONS, CELL, "invocations", "integer")                    \
	M(C_RUNS, CELL, "runs", "integer")                                  \
	M(C_AVERAGE, CELL, "average", "number or null")                     \
	M(C_LOW, CELL, "low", "number or null")                             \
	M(C_HIGH, CELL, "high", "number or null")                           \
	M(C_CV, CELL, "cv", "number or null")                               \
	M(C_VERDICT, CELL, "verdict", "string")                             \
	M(C_WHY, CELL, "why", "string")                                     \
	M(C_VERDICT_WORDS, CELL, "verdict_words", "string")                 \
	M(C_CHANGE, CELL, "change", "number or null")                       \
	M(C_CHANGE_LOW, CELL, "change_low", "number or null")               \
	M(C_CHANGE_HIGH, CELL, "change_high", "number or null")             \
	M(C_P, CELL, "p", "number or null")                                 \
	M(C_DETECT, CELL, "detect", "number or null")                       \
	M(C_REPLICATES_FOR_WANT, CELL, "replicates_for_want", "number")     \
	M(C_DF, CELL, "df", "integer")                                      \
	M(C_CPU, CELL, "cpu", "object")                                     \
	M(CPU_VERDICT, CPU, "verdict", "string")                            \
	M(CPU_WHY, CPU, "why", "string")                                    \
	M(CPU_CHANGE, CPU, "change", "number or null")                      \
	M(CPU_CHANGE_LOW, CPU, "change_low", "number or null")              \
	M(CPU_CHANGE_HIGH, CPU, "change_high", "number or null")            \
	M(CPU_P, CPU, "p", "number or null")                                \
	M(CPU_DETECT, CPU, "detect", "number or null")                      \
	M(CPU_DF, CPU, "df", "integer")                                     \
	M(CPU_REPLICATES_FOR_WANT, CPU, "replicates_for_want", "number")    \
	M(C_RTT, CELL, "rtt", "object")                                     \
	M(C_DECIDED_BY, CELL, "decided_by", "string")                       \
	M(RTT_VERDICT, RTT, "verdict", "string")                            \
	M(RTT_WHY, RTT, "why", "string")                                    \
	M(RTT_CHANGE, RTT, "change", "number or null")                      \
	M(RTT_CHANGE_LOW, RTT, "change_low", "number or null")              \
	M(RTT_CHANGE_HIGH, RTT, "change_high", "number or null")            \
	M(RTT_P, RTT, "p", "number or null")                                \
	M(RTT_DETECT, RTT, "detect", "number or null")                      \
	M(RTT_DF, RTT, "df", "integer")                                     \
	M(RTT_REPLICATES_FOR_WANT, RTT, "replicates_for_want", "number")    \
	M(C_LEFT_OUT_RUNS, CELL, "left_out_runs", "integer")                \
	M(C_LEFT_OUT_INVOCATIONS, CELL, "left_out_invocations", "integer")  \
	M(C_DRIFT_PER_HOUR, CELL, "drift_per_hour", "number")               \
	M(C_DRIFT_P, CELL, "drift_p", "number")                             \
	M(C_PROFILE, CELL, "profile", "object")                             \
	M(C_FINDINGS, CELL, "findings", "array")

#define CELL "comparison.rows[].labels[]."
#define CPU CELL "cpu."
#define RTT CELL "rtt."

enum json_member {
#define JSON_ENUM(name, table, member, type) JM_##name,
	JSON_MEMBERS(JSON_ENUM)
#undef JSON_ENUM
		JM_COUNT
};

static const struct {
	const char *table, *member, *type;
} json_members[] = {
#define JSON_ROW(name, table, member, type) { table, member, type },
	JSON_MEMBERS(JSON_ROW)
#undef JSON_ROW
};

/* The name of member @m as written. */
#define JM(m) (json_members[JM_##m].member)

int report_json_member(unsigned int i, const char **table, const char **member,
		       const char **type)
{
	if (i >= JM_COUNT)
		return -1;
	*table = json_members[i].table;
	*member = json_members[i].member;
	*type = json_members[i].type;
	return 0;
}

/* A finding: its kind, and its figures. */
static void json_finding(struct jw *w, const struct report_finding *f)
{
	jw_object(w, NULL, 1);
	jw_string(w, "finding", report_finding_key(f->kind));
	switch (f->kind) {
	case FINDING_MIGRATED:
		if (f->moves >= 0)
			jw_int(w, "moves", f->moves);
		break;
	case FINDING_SCHED_EXT:
		jw_string(w, "scheduler", f->name);
		break;
	case FINDING_RAN_ON:
		jw_string(w, "types", f->name);
		jw_uint(w, "big_cpus", f->n);
		jw_uint(w, "little_cpus", f->of);
		break;
	case FINDING_RINGS:
		jw_uint(w, "rings", f->n);
		jw_double(w, "slowest", f->lo);
		jw_double(w, "fastest", f->hi);
		jw_double(w, "scalability", f->scale);
		break;
	case FINDING_DISTURBED:
		jw_uint(w, "count", f->n);
		jw_uint(w, "of_runs", f->of);
		jw_uint(w, "worst_run", f->run);
		jw_string(w, "why", f->why);
		break;
	case FINDING_DISCARDED:
		jw_uint(w, "count", f->n);
		break;
	case FINDING_OUTLIERS:
		jw_array(w, "runs", 1);
		for (unsigned int k = 0; k < f->n; k++)
			jw_uint(w, NULL, f->runs[k]);
		jw_end(w);
		jw_array(w, "loops_per_sec", 1);
		for (unsigned int k = 0; k < f->n; k++)
			jw_double(w, NULL, f->rates[k]);
		jw_end(w);
		break;
	case FINDING_CLUSTERS:
		jw_uint(w, "low_runs", f->n);
		jw_double(w, "low", f->lo);
		jw_uint(w, "high_runs", f->of - f->n);
		jw_double(w, "high", f->hi);
		break;
	default:
		break; /* its kind says it all */
	}
	jw_end(w);
}

/* The second verdict of @cell: CPU per loop, as a rate. */
static void json_cell_cpu(struct jw *w, const struct compare_cell *cell)
{
	jw_break(w);
	jw_object(w, JM(C_CPU), 1);
	jw_string(w, JM(CPU_VERDICT), compare_mark_key(cell->cpu_mark));
	if (cell->cpu_mark == COMPARE_NOT_JUDGED)
		jw_string(w, JM(CPU_WHY), compare_why_key(cell->cpu_why));
	jw_double(w, JM(CPU_CHANGE), cell->cv.change);
	jw_double(w, JM(CPU_CHANGE_LOW), cell->cv.low);
	jw_double(w, JM(CPU_CHANGE_HIGH), cell->cv.high);
	jw_double(w, JM(CPU_P), cell->cv.p);
	jw_double(w, JM(CPU_DETECT), cell->cv.detect);
	jw_uint(w, JM(CPU_DF), cell->cv.df);
	if (cell->cpu_want_reps)
		jw_uint(w, JM(CPU_REPLICATES_FOR_WANT), cell->cpu_want_reps);
	jw_end(w);
}

/* The round trip's verdict of @cell, where the method tests it. */
static void json_cell_rtt(struct jw *w, const struct compare_cell *cell)
{
	const struct compare_stat *s = &cell->rtt;

	jw_break(w);
	jw_object(w, JM(C_RTT), 1);
	jw_string(w, JM(RTT_VERDICT), compare_mark_key(s->mark));
	if (s->mark == COMPARE_NOT_JUDGED)
		jw_string(w, JM(RTT_WHY), compare_why_key(s->why));
	jw_double(w, JM(RTT_CHANGE), s->v.change);
	jw_double(w, JM(RTT_CHANGE_LOW), s->v.low);
	jw_double(w, JM(RTT_CHANGE_HIGH), s->v.high);
	jw_double(w, JM(RTT_P), s->v.p);
	jw_double(w, JM(RTT_DETECT), s->v.detect);
	jw_uint(w, JM(RTT_DF), s->v.df);
	if (s->want_reps)
		jw_uint(w, JM(RTT_REPLICATES_FOR_WANT), s->want_reps);
	jw_end(w);
}

/* One label's row: its figures, and its verdict unless the baseline's. */
static void json_cell(struct jw *w, const struct report_model *m,
		      const struct compare_cell *cell)
{
	const struct report_findings *fs = report_cell_findings(m, cell);
	const struct compare *c = &m->cmp;
	const struct verdict *v = &cell->v;

	jw_object(w, NULL, 1);
	jw_string(w, JM(C_LABEL), c->r[cell->label]->info.label);
	jw_uint(w, JM(C_INVOCATIONS), cell->row->ninv);
	jw_uint(w, JM(C_RUNS), cell->row->nsamples); /* all, as docs/json.md */
	jw_double(w, JM(C_AVERAGE), cell->row->nsamples ? cell->mean : NAN);
	jw_double(w, JM(C_LOW), cell->row->nsamples ? cell->runs.min : NAN);
	jw_double(w, JM(C_HIGH), cell->row->nsamples ? cell->runs.max : NAN);
	jw_double(w, JM(C_CV), cell->row->nsamples ? cell->runs.cv : NAN);
	jw_string(w, JM(C_VERDICT), compare_mark_key(cell->mark));
	if (cell->mark != COMPARE_BASELINE) {
		if (cell->mark == COMPARE_NOT_JUDGED)
			jw_string(w, JM(C_WHY), compare_why_key(cell->why));
		if (cell->verdict[0])
			jw_string(w, JM(C_VERDICT_WORDS), cell->verdict);
		jw_break(w);
		jw_double(w, JM(C_CHANGE), v->change);
		jw_double(w, JM(C_CHANGE_LOW), v->low);
		jw_double(w, JM(C_CHANGE_HIGH), v->high);
		jw_double(w, JM(C_P), v->p);
		jw_double(w, JM(C_DETECT), v->detect);
		jw_uint(w, JM(C_DF), v->df);
		if (cell->want_reps)
			jw_uint(w, JM(C_REPLICATES_FOR_WANT), cell->want_reps);
	}
	if (cell->has_cpu)
		json_cell_cpu(w, cell);
	if (cell->mark != COMPARE_BASELINE && cell->rtt.has)
		json_cell_rtt(w, cell);
	/* The statistic that decided the row's verdict (compare.h). */
	if (compare_cell_marked(cell) ||
	    cell->outcome == COMPARE_VERDICT_NOT_SIGNIFICANT)
		jw_string(w, JM(C_DECIDED_BY), verdict_stat_key(cell->by));
	if (cell->runs_left) {
		jw_break(w);
		jw_uint(w, JM(C_LEFT_OUT_RUNS), cell->runs_left);
		jw_uint(w, JM(C_LEFT_OUT_INVOCATIONS), cell->inv_left);
	}
	if (cell->drifts) {
		jw_break(w);
		jw_double(w, JM(C_DRIFT_PER_HOUR), cell->drift);
		jw_double(w, JM(C_DRIFT_P), cell->drift_p);
	}
	report_profile_json(w, m, cell->label, cell->row);
	if (fs->n) {
		jw_break(w);
		jw_array(w, JM(C_FINDINGS), 0);
		for (unsigned int k = 0; k < fs->n; k++)
			json_finding(w, &fs->f[k]);
		jw_end(w);
	}
	jw_end(w);
}

/* A row key and its cells. */
static void json_compare_row(struct jw *w, const struct report_model *m,
			     const struct compare_row *row)
{
	char cls[32];

	jw_object(w, NULL, 0);
	result_row_class(row->like, cls, sizeof(cls));
	jw_string(w, JM(R_KEY), row->cell[0].key);
	jw_string(w, JM(R_MECH), row->like->mech);
	jw_string(w, JM(R_PLACEMENT), row->like->placement);
	jw_uint(w, JM(R_PARTICIPANTS), row->like->procs);
	jw_uint(w, JM(R_WS_KB), row->like->ws_kb);
	jw_uint(w, JM(R_RINGS), result_row_rings(row->like));
	jw_bool(w, JM(R_SHARED), row->like->shared);
	jw_string(w, JM(R_CLASS), cls);
	jw_array(w, JM(R_LABELS), 0);
	for (unsigned int i = 0; i < row->ncells; i++)
		json_cell(w, m, &row->cell[i]);
	jw_end(w);
	jw_end(w);
}

/* Each label: its invocations, boots, blocks and replicates. */
static void json_labels(struct jw *w, const struct compare *c)
{
	jw_array(w, JM(LABELS), 0);
	for (unsigned int i = 0; i < c->n; i++) {
		const struct results *g = c->r[i];

		jw_object(w, NULL, 1);
		jw_string(w, JM(L_LABEL), g->info.label);
		jw_uint(w, JM(L_INVOCATIONS), g->invocations);
		jw_uint(w, JM(L_BOOTS), g->boots); /* 0: unknown */
		jw_uint(w, JM(L_BLOCKS), g->blocks); /* 0: order unknown */
		jw_string(w, JM(L_REPLICATES), report_level_key(g->level));
		jw_uint(w, JM(L_REPLICATE_COUNT), g->reps);
		jw_end(w);
	}
	jw_end(w);
}

/* A step's verdict on one row: as a cell's, against the label before. */
static void json_step_row(struct jw *w, const struct report_model *m,
			  unsigned int k, const struct compare_cell *cell)
{
	const struct compare_row *row = &m->cmp.row[k];
	const struct verdict *v = &cell->v;

	jw_object(w, NULL, 1);
	jw_string(w, "key", row->cell[0].key);
	jw_string(w, "verdict", compare_mark_key(cell->mark));
	if (cell->mark == COMPARE_NOT_JUDGED)
		jw_string(w, "why", compare_why_key(cell->why));
	if (report_trend_verdict(cell)[0])
		jw_string(w, "verdict_words", report_trend_verdict(cell));
	jw_break(w);
	jw_double(w, "change", v->change);
	jw_double(w, "change_low", v->low);
	jw_double(w, "change_high", v->high);
	jw_double(w, "p", v->p);
	jw_double(w, "detect", v->detect);
	jw_uint(w, "df", v->df);
	if (cell->want_reps)
		jw_uint(w, "replicates_for_want", cell->want_reps);
	jw_end(w);
}

/* --series: the labels in the series' order, and each step's rows. */
static void json_series(struct jw *w, const struct report_model *m)
{
	const struct report_trend *t = m->trend;

	jw_object(w, JM(SERIES), 0);
	jw_string(w, "order", report_trend_order_key(t->by));
	jw_array(w, "labels", 1);
	for (unsigned int p = 0; p < t->n; p++)
		jw_string(w, NULL, m->cmp.r[t->order[p]]->info.label);
	jw_end(w);
	jw_array(w, "steps", 0);
	for (unsigned int s = 0; s < t->nsteps; s++) {
		const struct report_step *st = &t->step[s];

		jw_object(w, NULL, 0);
		jw_string(w, "from", m->cmp.r[st->from]->info.label);
		jw_string(w, "to", m->cmp.r[st->to]->info.label);
		jw_array(w, "rows", 0);
		for (unsigned int k = 0; k < m->cmp.nrows; k++)
			if (st->at[k])
				json_step_row(w, m, k, st->at[k]);
		jw_end(w);
		jw_end(w);
	}
	jw_end(w);
	jw_end(w);
}

/* The comparison: every row of every label against the baseline's. */
static void json_compare(struct jw *w, const struct report_model *m)
{
	const struct compare *c = &m->cmp;
	jw_object(w, "comparison", 0);
	jw_string(w, JM(BASELINE), c->r[c->base]->info.label);
	/* The report's level: Benjamini-Hochberg over its tests. */
	jw_double(w, JM(ALPHA), VERDICT_FAMILY);
	jw_string(w, JM(LEVEL), "benjamini-hochberg");
	jw_uint(w, JM(TESTS), c->tests);
	jw_uint(w, JM(TESTS_MARKED), c->tests_marked);
	jw_double(w, JM(THRESHOLD), c->threshold);
	jw_double(w, JM(DETECT_ALPHA), c->alpha);
	jw_double(w, JM(POWER), VERDICT_POWER);
	jw_string(w, JM(DISTURBED), c->kept ? "kept" : "left");
	jw_uint(w, JM(NOISE_INVOCATIONS), c->noise_invocations);
	if (c->runs_left) {
		jw_uint(w, JM(LEFT_OUT_RUNS), c->runs_left);
		jw_uint(w, JM(LEFT_OUT_INVOCATIONS), c->inv_left);
		jw_uint(w, JM(OF_RUNS), c->runs_all);
	}
	json_labels(w, c);
	jw_array(w, JM(ROWS), 0);
	for (unsigned int k = 0; k < c->nrows; k++)
		json_compare_row(w, m, &c->row[k]);
	jw_end(w);
	if (m->trend)
		json_series(w, m);
	jw_end(w);
}

/* The document of @m's invocations, and its comparison of two labels. */
static void json_document(FILE *f, const struct report_model *m)
{
	struct jw w;

	store_write_begin(&w, f, m->r, m->n);
	if (m->n >= 2)
		json_compare(&w, m);
	jw_end(&w);
}

void report_json(FILE *f, const struct results *const *r, unsigned int n)
{
	store_write(f, r, n);
}

/* The document of @m's invocations, with its comparison of two labels. */
static int json_render(FILE *f, const struct report_model *m)
{
	json_document(f, m);
	return 0;
}

const struct report_format report_format_json = { "json", json_render };
