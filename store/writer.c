/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The saved-run writer, walked from model/fields.c's tables.
 *
 * The saved-run writer: invocations written as one JSON document, member
 * by member as the tables of model/fields.c list them, which reader.c
 * reads back.
 */
#include <math.h>

#include "jsonw.h"
#include "lib/stats.h"
#include "model/fields.h"
#include "store.h"

static void writer_fields(struct jw *w, const struct field *t,
			  const void *base);

/* Named facts as one object, { "name": "value", ... }. */
static void writer_kvs(struct jw *w, const struct field *f, const void *base)
{
	const struct result_kv *kv = field_ptr(base, f);
	unsigned int n = *(const unsigned int *)((const char *)base + f->aux);

	jw_object(w, f->key, 0);
	for (unsigned int i = 0; i < n; i++)
		jw_string(w, kv[i].key, kv[i].value);
	jw_end(w);
}

static void writer_flags(struct jw *w, const char *key, unsigned int flags)
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
static void writer_summary(struct jw *w, const char *key,
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
static void writer_rtt(struct jw *w, const char *key, const struct hist *h)
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
static void writer_each(struct jw *w, const char *key, const void *arr,
			unsigned int n, size_t size, const struct field *t,
			int inl)
{
	jw_array(w, key, 0);
	for (unsigned int i = 0; i < n; i++) {
		jw_object(w, NULL, inl);
		writer_fields(w, t, (const char *)arr + i * size);
		jw_end(w);
	}
	jw_end(w);
}

/* A member of one value, @v, of @f's type. */
static void writer_scalar(struct jw *w, const struct field *f, const void *v)
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
		break; /* not one value: writer_field() */
	}
}

/* Member @f of @base, whose struct @f's table describes. */
static void writer_field(struct jw *w, const struct field *f, const void *base)
{
	const void *v = field_ptr(base, f);
	const struct results *r = base;
	const struct result_row *row = base;
	const long *pair = v;

	switch (f->type) {
	case FIELD_KVS:
		writer_kvs(w, f, base);
		break;
	case FIELD_PAIR:
		jw_array(w, f->key, 1);
		jw_int(w, NULL, pair[0]);
		jw_int(w, NULL, pair[1]);
		jw_end(w);
		break;
	case FIELD_FLAGS:
		writer_flags(w, f->key, *(const unsigned int *)v);
		break;
	case FIELD_OBJECT:
		jw_object(w, f->key, !!(f->flags & FIELD_INLINE));
		writer_fields(w, f->sub, v);
		jw_end(w);
		break;
	case FIELD_ROWS:
		writer_each(w, f->key, r->row, r->nrows, sizeof(*r->row),
			    row_fields, 0);
		break;
	case FIELD_SAMPLES:
		writer_each(w, f->key, row->sample, row->nsamples,
			    sizeof(*row->sample), sample_fields, 1);
		break;
	case FIELD_RATE:
		jw_double(w, f->key, result_rate(base));
		break;
	case FIELD_SUMMARY:
		writer_summary(w, f->key, base);
		break;
	case FIELD_RTT:
		writer_rtt(w, f->key, v);
		break;
	case FIELD_LIST:
		writer_each(
			w, f->key, v,
			*(const unsigned int *)((const char *)base + f->aux),
			f->size, f->sub, 1);
		break;
	default:
		writer_scalar(w, f, v);
	}
}

/* Is @f a FIELD_SPARSE member at (or below) its @min, so not written? */
static int writer_sparse(const struct field *f, const void *base)
{
	const void *v = field_ptr(base, f);
	double x;

	if (!(f->flags & FIELD_SPARSE))
		return 0;
	if (f->type == FIELD_STR)
		return !*(const char *)v;
	if (f->type == FIELD_OBJECT) /* its first member, a string */
		return !*(const char *)field_ptr(v, f->sub);
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

static void writer_fields(struct jw *w, const struct field *t, const void *base)
{
	for (; t->key; t++)
		if (!writer_sparse(t, base))
			writer_field(w, t, base);
}

void store_write_begin(struct jw *w, FILE *f, const struct results *const *r,
		       unsigned int n)
{
	jw_init(w, f);
	jw_object(w, NULL, 0);
	jw_string(w, "format", "ctxbench");
	jw_int(w, "schema_version", SAVED_SCHEMA_VERSION);
	jw_array(w, "invocations", 0);
	for (unsigned int i = 0; i < n; i++) {
		jw_object(w, NULL, 0);
		writer_fields(w, invocation_fields, r[i]);
		jw_end(w);
	}
	jw_end(w);
}

void store_write(FILE *f, const struct results *const *r, unsigned int n)
{
	struct jw w;

	store_write_begin(&w, f, r, n);
	jw_end(&w);
}
