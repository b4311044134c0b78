/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --format json: the saved-run document of the invocations (store/
 * writer.c), and with two labels or more the comparison after them.
 */
#include <errno.h>
#include <math.h>

#include "compare.h"
#include "formats.h"
#include "profile.h"
#include "store/jsonw.h"
#include "store/store.h"
#include "report.h"

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

/* One label's row: its figures, and its verdict unless the baseline's. */
static void json_cell(struct jw *w, const struct report_model *m,
		      const struct compare_cell *cell)
{
	const struct report_findings *fs = report_cell_findings(m, cell);
	const struct compare *c = &m->cmp;
	const struct verdict *v = &cell->v;

	jw_object(w, NULL, 1);
	jw_string(w, "label", c->r[cell->label]->info.label);
	jw_uint(w, "invocations", cell->row->ninv);
	jw_uint(w, "runs", cell->runs.n);
	jw_double(w, "average", cell->row->nsamples ? cell->mean : NAN);
	jw_double(w, "low", cell->row->nsamples ? cell->runs.min : NAN);
	jw_double(w, "high", cell->row->nsamples ? cell->runs.max : NAN);
	jw_double(w, "cv", cell->row->nsamples ? cell->runs.cv : NAN);
	jw_string(w, "verdict", compare_mark_key(cell->mark));
	if (cell->mark != COMPARE_BASELINE) {
		if (cell->mark == COMPARE_NOT_JUDGED)
			jw_string(w, "why", compare_why_key(cell->why));
		jw_break(w);
		jw_double(w, "change", v->change);
		jw_double(w, "change_low", v->low);
		jw_double(w, "change_high", v->high);
		jw_double(w, "p", v->p);
		jw_double(w, "detect", v->detect);
		jw_uint(w, "df", v->df);
		if (cell->want_reps)
			jw_uint(w, "replicates_for_want", cell->want_reps);
	}
	if (cell->runs_left) {
		jw_break(w);
		jw_uint(w, "left_out_runs", cell->runs_left);
		jw_uint(w, "left_out_invocations", cell->inv_left);
	}
	if (cell->drifts) {
		jw_break(w);
		jw_double(w, "drift_per_hour", cell->drift);
		jw_double(w, "drift_p", cell->drift_p);
	}
	report_profile_json(w, m, cell->label, cell->row);
	if (fs->n) {
		jw_break(w);
		jw_array(w, "findings", 0);
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
	const struct compare *c = &m->cmp;
	char key[256], cls[32];

	jw_object(w, NULL, 0);
	if (report_flat_row_key(c->r[row->cell[0].label], row->like, key,
				sizeof(key)) < 0)
		key[0] = '\0';
	result_row_class(row->like, cls, sizeof(cls));
	jw_string(w, "key", key);
	jw_string(w, "mech", row->like->mech);
	jw_string(w, "placement", row->like->placement);
	jw_uint(w, "participants", row->like->procs);
	jw_uint(w, "ws_kb", row->like->ws_kb);
	jw_uint(w, "rings", result_row_rings(row->like));
	jw_bool(w, "shared", row->like->shared);
	jw_string(w, "class", cls);
	jw_array(w, "labels", 0);
	for (unsigned int i = 0; i < row->ncells; i++)
		json_cell(w, m, &row->cell[i]);
	jw_end(w);
	jw_end(w);
}

/* Each label: its invocations, boots, blocks and replicates. */
static void json_labels(struct jw *w, const struct compare *c)
{
	jw_array(w, "labels", 0);
	for (unsigned int i = 0; i < c->n; i++) {
		const struct results *g = c->r[i];

		jw_object(w, NULL, 1);
		jw_string(w, "label", g->info.label);
		jw_uint(w, "invocations", g->invocations);
		jw_uint(w, "boots", g->boots); /* 0: unknown */
		jw_uint(w, "blocks", g->blocks); /* 0: order unknown */
		jw_string(w, "replicates", report_level_key(g->level));
		jw_uint(w, "replicate_count", g->reps);
		jw_end(w);
	}
	jw_end(w);
}

/* The comparison: every row of every label against the baseline's. */
static void json_compare(struct jw *w, const struct report_model *m)
{
	const struct compare *c = &m->cmp;
	jw_object(w, "comparison", 0);
	jw_string(w, "baseline", c->r[c->base]->info.label);
	jw_double(w, "alpha", VERDICT_ALPHA);
	jw_double(w, "power", VERDICT_POWER);
	jw_uint(w, "noise_invocations", c->noise_invocations);
	if (c->runs_left) {
		jw_uint(w, "left_out_runs", c->runs_left);
		jw_uint(w, "left_out_invocations", c->inv_left);
		jw_uint(w, "of_runs", c->runs_all);
	}
	json_labels(w, c);
	jw_array(w, "rows", 0);
	for (unsigned int k = 0; k < c->nrows; k++)
		json_compare_row(w, m, &c->row[k]);
	jw_end(w);
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

int report_json_compared(FILE *f, const struct results *const *r,
			 unsigned int n, unsigned int baseline,
			 const struct results *const *noise,
			 unsigned int nnoise)
{
	struct report_model m;

	if (n < 2) {
		store_write(f, r, n);
		return 0;
	}
	if (report_model_build(&m, r, n, baseline, noise, nnoise, 0) < 0)
		return -ENOMEM;
	json_render(f, &m);
	report_model_free(&m);
	return 0;
}
