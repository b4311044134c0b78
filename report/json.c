/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The saved-run format: invocations written as one JSON document, member
 * by member as the tables of fields.c list them.
 */
#include <errno.h>
#include <math.h>

#include "compare.h"
#include "formats.h"
#include "model/fields.h"
#include "model/schema.h"
#include "store/jsonw.h"
#include "report.h"
#include "lib/stats.h"

static void json_fields(struct jw *w, const struct field *t, const void *base);

/* Named facts as one object, { "name": "value", ... }. */
static void json_kvs(struct jw *w, const struct field *f, const void *base)
{
	const struct result_kv *kv = field_ptr(base, f);
	unsigned int n = *(const unsigned int *)((const char *)base + f->aux);

	jw_object(w, f->key, 0);
	for (unsigned int i = 0; i < n; i++)
		jw_string(w, kv[i].key, kv[i].value);
	jw_end(w);
}

static void json_flags(struct jw *w, const char *key, unsigned int flags)
{
	jw_array(w, key, 1);
	if (flags & RESULT_DEGENERATE)
		jw_string(w, NULL, "degenerate");
	if (flags & RESULT_MIGRATED)
		jw_string(w, NULL, "migrated");
	if (flags & RESULT_OVERSUB)
		jw_string(w, NULL, "oversubscribed");
	jw_end(w);
}

/* Derived from the samples, for readers other than ctxbench. */
static void json_summary(struct jw *w, const char *key,
			 const struct result_row *row)
{
	struct stats s;

	result_row_stats(row, &s);
	jw_object(w, key, 1);
	jw_uint(w, "n", s.n);
	jw_double(w, "low", s.min);
	jw_double(w, "high", s.max);
	jw_double(w, "average", s.mean);
	jw_double(w, "sd", s.sd);
	jw_double(w, "cv", s.cv);
	jw_end(w);
}

/* The sampled round trips: quantiles to read, buckets to merge again. */
static void json_rtt(struct jw *w, const char *key, const struct hist *h)
{
	char member[32];

	jw_object(w, key, 1);
	jw_uint(w, "count", h->count);
	jw_uint(w, "min_ns", h->min_ns);
	for (size_t i = 0; i < RESULT_NQUANTILES; i++) {
		snprintf(member, sizeof(member), "%s_ns",
			 result_quantiles[i].key);
		jw_double(w, member, hist_quantile(h, result_quantiles[i].q));
	}
	jw_uint(w, "max_ns", h->max_ns);
	jw_break(w);
	/* Non-empty buckets as [lowest value, count]. */
	jw_array(w, "buckets", 1);
	for (unsigned int i = 0; i < HIST_BUCKETS; i++) {
		if (!h->bucket[i])
			continue;
		jw_array(w, NULL, 1);
		jw_uint(w, NULL, hist_bucket_low(i));
		jw_uint(w, NULL, h->bucket[i]);
		jw_end(w);
	}
	jw_end(w);
	jw_end(w);
}

/* An array of @n structs of @size at @arr, each an object of @t. */
static void json_each(struct jw *w, const char *key, const void *arr,
		      unsigned int n, size_t size, const struct field *t,
		      int inl)
{
	jw_array(w, key, 0);
	for (unsigned int i = 0; i < n; i++) {
		jw_object(w, NULL, inl);
		json_fields(w, t, (const char *)arr + i * size);
		jw_end(w);
	}
	jw_end(w);
}

/* A member of one value, @v, of @f's type. */
static void json_scalar(struct jw *w, const struct field *f, const void *v)
{
	switch (f->type) {
	case FIELD_STR:
		jw_string(w, f->key,
			  !*(const char *)v && f->empty ? f->empty : v);
		break;
	case FIELD_ORDER:
		jw_string(w, f->key,
			  result_order_name(*(const enum result_order *)v));
		break;
	case FIELD_INT:
		jw_int(w, f->key, *(const int *)v);
		break;
	case FIELD_BOOL:
		jw_bool(w, f->key, *(const int *)v);
		break;
	case FIELD_UINT:
		jw_uint(w, f->key, *(const unsigned int *)v);
		break;
	case FIELD_LL:
		jw_int(w, f->key, *(const long long *)v);
		break;
	case FIELD_U64:
		jw_uint(w, f->key, *(const uint64_t *)v);
		break;
	case FIELD_DOUBLE:
	case FIELD_MAYBE:
		jw_double(w, f->key, *(const double *)v);
		break;
	case FIELD_TASKS:
		jw_string(w, f->key, *(const int *)v ? "threads" : "processes");
		break;
	case FIELD_STATUS:
		jw_string(w, f->key,
			  result_status_key(*(const enum result_status *)v));
		break;
	default:
		break; /* not one value: json_field() */
	}
}

/* Member @f of @base, whose struct @f's table describes. */
static void json_field(struct jw *w, const struct field *f, const void *base)
{
	const void *v = field_ptr(base, f);
	const struct results *r = base;
	const struct result_row *row = base;
	const long *pair = v;

	switch (f->type) {
	case FIELD_KVS:
		json_kvs(w, f, base);
		break;
	case FIELD_PAIR:
		jw_array(w, f->key, 1);
		jw_int(w, NULL, pair[0]);
		jw_int(w, NULL, pair[1]);
		jw_end(w);
		break;
	case FIELD_FLAGS:
		json_flags(w, f->key, *(const unsigned int *)v);
		break;
	case FIELD_OBJECT:
		jw_object(w, f->key, !!(f->flags & FIELD_INLINE));
		json_fields(w, f->sub, v);
		jw_end(w);
		break;
	case FIELD_ROWS:
		json_each(w, f->key, r->row, r->nrows, sizeof(*r->row),
			  row_fields, 0);
		break;
	case FIELD_SAMPLES:
		json_each(w, f->key, row->sample, row->nsamples,
			  sizeof(*row->sample), sample_fields, 1);
		break;
	case FIELD_RATE:
		jw_double(w, f->key, result_rate(base));
		break;
	case FIELD_SUMMARY:
		json_summary(w, f->key, base);
		break;
	case FIELD_RTT:
		json_rtt(w, f->key, v);
		break;
	default:
		json_scalar(w, f, v);
	}
}

/* Is @f a FIELD_SPARSE member at (or below) its @min, so not written? */
static int json_sparse(const struct field *f, const void *base)
{
	const void *v = field_ptr(base, f);
	double x;

	if (!(f->flags & FIELD_SPARSE))
		return 0;
	if (f->type == FIELD_STR)
		return !*(const char *)v;
	if (f->type == FIELD_U64)
		x = (double)*(const uint64_t *)v;
	else if (f->type == FIELD_DOUBLE)
		x = *(const double *)v;
	else if (f->type == FIELD_UINT)
		x = *(const unsigned int *)v;
	else
		x = *(const int *)v;
	return x <= f->min;
}

static void json_fields(struct jw *w, const struct field *t, const void *base)
{
	for (; t->key; t++)
		if (!json_sparse(t, base))
			json_field(w, t, base);
}

/* One label's row: its figures, and its verdict unless the baseline's. */
static void json_cell(struct jw *w, const struct compare *c,
		      const struct compare_cell *cell)
{
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
	jw_end(w);
}

/* A row key and its cells. */
static void json_compare_row(struct jw *w, const struct compare *c,
			     const struct compare_row *row)
{
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
		json_cell(w, c, &row->cell[i]);
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
static void json_compare(struct jw *w, const struct compare *c)
{
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
		json_compare_row(w, c, &c->row[k]);
	jw_end(w);
	jw_end(w);
}

/* The document of @n invocations, and @c's comparison unless NULL. */
static void json_document(FILE *f, const struct results *const *r,
			  unsigned int n, const struct compare *c)
{
	struct jw w;

	jw_init(&w, f);
	jw_object(&w, NULL, 0);
	jw_string(&w, "format", "ctxbench");
	jw_int(&w, "schema_version", SAVED_SCHEMA_VERSION);
	jw_array(&w, "invocations", 0);
	for (unsigned int i = 0; i < n; i++) {
		jw_object(&w, NULL, 0);
		json_fields(&w, invocation_fields, r[i]);
		jw_end(&w);
	}
	jw_end(&w);
	if (c)
		json_compare(&w, c);
	jw_end(&w);
}

void report_json(FILE *f, const struct results *const *r, unsigned int n)
{
	json_document(f, r, n, NULL);
}

/* The document of @m's invocations, with its comparison of two labels. */
static int json_render(FILE *f, const struct report_model *m)
{
	json_document(f, m->r, m->n, m->n >= 2 ? &m->cmp : NULL);
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
		json_document(f, r, n, NULL);
		return 0;
	}
	if (report_model_build(&m, r, n, baseline, noise, nnoise, 0) < 0)
		return -ENOMEM;
	json_render(f, &m);
	report_model_free(&m);
	return 0;
}
