/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The saved-run reader's schema, walked from model/fields.c.
 *
 * The reader of saved runs: the schema, walked from the tables of
 * model/fields.c over what the tokenizer (store/jsontok.c) hands it,
 * filling results or saying in one line what is wrong with the file.
 *
 * It reads a document twice.  The first pass checks that it is JSON at
 * all and within the limits, and finds "format" and "schema_version"
 * wherever they are; the second walks the schema of that version.  So a
 * broken file is called "not JSON", a file of a newer version is called
 * that, and only then is the shape judged.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/fields.h"
#include "jsontok.h"
#include "store.h"
#include "lib/util.h"

/* Mark member @i of an object seen; a second time is an error. */
static int rd_once(struct jp *p, unsigned long long *seen, int i,
		   const char *key)
{
	if (*seen & 1ull << i)
		return jp_err(p, p->p, 0, "\"%s\" appears twice", key);
	*seen |= 1ull << i;
	return 0;
}

/* Every member of @t that is required was there. */
static int rd_require(struct jp *p, const char *at, unsigned long long seen,
		      const struct field *t, const char *what)
{
	for (int i = 0; t[i].key; i++)
		if ((t[i].flags & FIELD_REQUIRED) && !(seen & 1ull << i))
			return jp_err(p, at, 0, "%s lacks \"%s\"", what,
				      t[i].key);
	return 0;
}

/*
 * The next element of the array *@arr of *@n (room for *@cap), each of
 * @size bytes, zeroed, grown within @max: it, or NULL with the message.
 */
static void *rd_next(struct jp *p, void **arr, unsigned int *cap,
		     unsigned int *n, unsigned int max, size_t size,
		     const char *what)
{
	unsigned int ncap;
	void *tmp;

	if (*n >= max) {
		jp_err(p, p->p, 0, "more than %u %s", max, what);
		return NULL;
	}
	if (*n < *cap)
		return (char *)*arr + (size_t)(*n)++ * size;
	ncap = *cap ? *cap * 2 : 4;
	if (ncap > max)
		ncap = max;
	tmp = realloc(*arr, (size_t)ncap * size);
	if (!tmp) {
		jp_err(p, p->p, 0, "out of memory");
		return NULL;
	}
	memset((char *)tmp + (size_t)*cap * size, 0,
	       (size_t)(ncap - *cap) * size);
	*arr = tmp;
	*cap = ncap;
	return (char *)*arr + (size_t)(*n)++ * size;
}

static int rd_fail(struct jp *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A message about the file as a whole, without a line: -1. */
static int rd_fail(struct jp *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->err, p->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* The first pass: the document's head. */

struct rd_head {
	unsigned long long seen;
	int format_ok;
	const char *version_at;
};

static int rd_head_member(struct jp *p, const char *key, void *ctx)
{
	static const char want[] = "\"ctxbench\"";
	struct rd_head *h = ctx;
	int i = strcmp(key, "format") == 0	   ? 0 :
		strcmp(key, "schema_version") == 0 ? 1 :
						     -1;

	if (i < 0)
		return jp_skip(p);
	if (rd_once(p, &h->seen, i, key) < 0)
		return -1;
	if (i == 0)
		h->format_ok = (size_t)(p->end - p->p) >= sizeof(want) - 1 &&
			       memcmp(p->p, want, sizeof(want) - 1) == 0;
	else
		h->version_at = p->p; /* judged once "format" is known */
	return jp_skip(p);
}

/* The second pass: the schema. */

/* An object being read: its members' table, its struct, what it saw. */
struct rd_obj {
	const struct field *t;
	void *base;
	unsigned long long seen; /* by index in @t: FIELD_MAX_MEMBERS */
	const char *at[FIELD_MAX_MEMBERS]; /* where each value seen starts */
	unsigned int cap; /* of the array its rows or samples grow in */
	double rate; /* a sample's "loops_per_s", checked at its end */
};

static int rd_object(struct jp *p, const struct field *t, void *base,
		     const char *what, const char *lacks, struct rd_obj *o);

/* An object of named facts: "vulnerabilities", "halt_poll_params". */
struct rd_kvs {
	struct result_kv *kv;
	unsigned int *n, max;
	const char *what;
};

static int rd_kv_member(struct jp *p, const char *key, void *ctx)
{
	struct rd_kvs *v = ctx;
	struct result_kv *kv = &v->kv[*v->n];

	/* A key too long or not one line of printable UTF-8 reads as "". */
	if (!key[0] && p->key_why[0])
		return jp_err(p, p->key_at, JP_AT_COLUMN,
			      "a name in %s is not one line of printable "
			      "UTF-8: %s",
			      v->what, p->key_why);
	if (!key[0])
		return jp_err(
			p, p->p, 0,
			"a name in %s is empty, not one line of printable "
			"UTF-8 or longer than %zu bytes",
			v->what, sizeof(kv->key) - 1);
	for (unsigned int i = 0; i < *v->n; i++)
		if (strcmp(v->kv[i].key, key) == 0)
			return jp_err(p, p->p, 0, "\"%s\" appears twice", key);
	if (*v->n >= v->max)
		return jp_err(p, p->p, 0, "more than %u members in %s", v->max,
			      v->what);
	snprintf(kv->key, sizeof(kv->key), "%s", key);
	if (jp_get_string(p, key, kv->value, sizeof(kv->value)) < 0)
		return -1;
	(*v->n)++;
	return 0;
}

static int rd_kvs(struct jp *p, const struct field *f, void *base,
		  const char *what)
{
	struct rd_kvs kvs = { field_ptr(base, f),
			      (unsigned int *)((char *)base + f->aux),
			      (unsigned int)f->max, what };

	return jp_object(p, what, rd_kv_member, &kvs);
}

/* "procs_running": [at start, at end], each from @f's range. */
struct rd_pair {
	const struct field *f;
	long *v;
	unsigned int n;
};

static int rd_pair_elem(struct jp *p, unsigned int i, void *ctx)
{
	struct rd_pair *pair = ctx;
	long long ll;

	if (i >= 2)
		return jp_err(p, p->p, 0, "\"%s\" is [at start, at end]",
			      pair->f->key);
	if (jp_get_int(p, pair->f->key, (long long)pair->f->min,
		       (long long)pair->f->max, &ll) < 0)
		return -1;
	pair->v[i] = (long)ll;
	pair->n = i + 1;
	return 0;
}

static int rd_pair(struct jp *p, const struct field *f, long *v,
		   const char *what)
{
	struct rd_pair pair = { f, v, 0 };
	const char *at = p->p;

	if (jp_array(p, what, rd_pair_elem, &pair) < 0)
		return -1;
	if (pair.n != 2)
		return jp_err(p, at, 0, "\"%s\" is [at start, at end]", f->key);
	return 0;
}

static int rd_flag(struct jp *p, unsigned int i, void *ctx)
{
	unsigned int *flags = ctx;
	char name[32];

	(void)i;
	if (jp_get_string(p, "flags", name, sizeof(name)) < 0)
		return -1;
	if (strcmp(name, "degenerate") == 0)
		*flags |= RESULT_DEGENERATE;
	else if (strcmp(name, "migrated") == 0)
		*flags |= RESULT_MIGRATED;
	else if (strcmp(name, "oversubscribed") == 0)
		*flags |= RESULT_OVERSUB;
	else
		return jp_err(p, p->p, 0, "unknown flag \"%s\"", name);
	return 0;
}

static int rd_status(struct jp *p, const char *key, enum result_status *st)
{
	const char *at = p->p;
	char status[16];

	if (jp_get_string(p, key, status, sizeof(status)) < 0)
		return -1;
	if (result_status_parse(status, st) < 0)
		return jp_err(p, at, 0, "unknown status \"%s\"", status);
	return 0;
}

static int rd_order(struct jp *p, const struct field *f,
		    enum result_order *order)
{
	const char *at = p->p;
	char name[16], list[64];

	if (jp_get_string(p, f->key, name, sizeof(name)) < 0)
		return -1;
	*order = RESULT_ORDER_NONE;
	if (name[0] && result_order_parse(name, order) < 0) {
		result_order_list(list, sizeof(list), "\"", ", ");
		return jp_err(p, at, 0,
			      "\"order\" must be %s or \"\", not \"%s\"", list,
			      name);
	}
	return 0;
}

static int rd_tasks(struct jp *p, const char *key, int *threads)
{
	const char *at = p->p;
	char tasks[16];

	if (jp_get_string(p, key, tasks, sizeof(tasks)) < 0)
		return -1;
	if (strcmp(tasks, "threads") != 0 && strcmp(tasks, "processes") != 0)
		return jp_err(
			p, at, 0,
			"\"tasks\" must be \"processes\" or \"threads\", not \"%s\"",
			tasks);
	*threads = tasks[0] == 't';
	return 0;
}

struct rd_bucket {
	struct hist *h;
	uint64_t v[2];
	unsigned int n;
};

static int rd_bucket_num(struct jp *p, unsigned int i, void *ctx)
{
	struct rd_bucket *b = ctx;

	if (i >= 2)
		return jp_err(p, p->p, 0, "a bucket is [lowest ns, count]");
	b->n = i + 1;
	return jp_get_u64(p, "buckets", &b->v[i]);
}

static int rd_bucket(struct jp *p, unsigned int i, void *ctx)
{
	struct hist *h = ctx;
	struct rd_bucket b = { .h = h };
	const char *at = p->p;
	unsigned int k;

	(void)i;
	if (jp_array(p, "each bucket", rd_bucket_num, &b) < 0)
		return -1;
	if (b.n != 2)
		return jp_err(p, at, 0, "a bucket is [lowest ns, count]");
	k = hist_index(b.v[0]);
	if (hist_bucket_low(k) != b.v[0])
		return jp_err(p, at, 0, "%llu ns starts no bucket",
			      (unsigned long long)b.v[0]);
	if (h->bucket[k])
		return jp_err(p, at, 0, "bucket %llu ns twice",
			      (unsigned long long)b.v[0]);
	h->bucket[k] = b.v[1];
	return 0;
}

/* The members of "rtt" read back; the quantiles are derived from them. */
enum { RTT_COUNT, RTT_MIN, RTT_MAX, RTT_BUCKETS };
static const char *const rtt_keys[] = { "count", "min_ns", "max_ns",
					"buckets" };

static int rd_rtt_key(const char *key)
{
	for (int i = 0; i < (int)ARRAY_SIZE(rtt_keys); i++)
		if (strcmp(rtt_keys[i], key) == 0)
			return i;
	return -1;
}

static int rd_rtt_member(struct jp *p, const char *key, void *ctx)
{
	struct hist *h = ctx;

	switch (rd_rtt_key(key)) {
	case RTT_COUNT:
		return jp_get_u64(p, key, &h->count);
	case RTT_MIN:
		return jp_get_u64(p, key, &h->min_ns);
	case RTT_MAX:
		return jp_get_u64(p, key, &h->max_ns);
	case RTT_BUCKETS:
		return jp_array(p, "\"buckets\"", rd_bucket, h);
	default:
		return jp_skip(p); /* the quantiles: derived */
	}
}

/* The histogram must add up, and its min and max fall in it. */
static int rd_rtt(struct jp *p, struct hist *h)
{
	const char *at = p->p;
	uint64_t sum = 0;

	if (jp_object(p, "\"rtt\"", rd_rtt_member, h) < 0)
		return -1;
	for (unsigned int i = 0; i < HIST_BUCKETS; i++) {
		if (sum + h->bucket[i] < sum)
			return jp_err(p, at, 0, "\"rtt\" counts overflow");
		sum += h->bucket[i];
	}
	if (sum != h->count)
		return jp_err(
			p, at, 0,
			"\"rtt\" buckets add up to %llu, not \"count\" %llu",
			(unsigned long long)sum, (unsigned long long)h->count);
	if (h->count &&
	    (h->min_ns > h->max_ns || !h->bucket[hist_index(h->min_ns)] ||
	     !h->bucket[hist_index(h->max_ns)]))
		return jp_err(p, at, 0,
			      "\"rtt\" min and max are not in its buckets");
	return 0;
}

/* An element of a FIELD_LIST: the array's next struct, of its members. */
struct rd_list {
	const struct field *f;
	void *base;
};

static int rd_list_elem(struct jp *p, unsigned int i, void *ctx)
{
	struct rd_list *l = ctx;
	unsigned int *n = (unsigned int *)((char *)l->base + l->f->aux);
	char what[JP_KEY_MAX + 16];
	struct rd_obj eo;
	void *e;

	(void)i;
	if (*n >= (unsigned int)l->f->max)
		return jp_err(p, p->p, 0, "more than %u elements in \"%s\"",
			      (unsigned int)l->f->max, l->f->key);
	e = (char *)field_ptr(l->base, l->f) + (size_t)*n * l->f->size;
	memset(e, 0, l->f->size);
	snprintf(what, sizeof(what), "each of \"%s\"", l->f->key);
	if (rd_object(p, l->f->sub, e, what, what, &eo) < 0)
		return -1;
	(*n)++;
	return 0;
}

/* A sample: the defaults of older files, then its members and its rate. */
static int rd_sample(struct jp *p, unsigned int i, void *ctx)
{
	struct rd_obj *ro = ctx, so;
	struct result_row *row = ro->base;
	struct result_sample *s;
	const char *at = p->p;
	double rate;

	(void)i;
	s = rd_next(p, (void **)&row->sample, &ro->cap, &row->nsamples,
		    SAVED_MAX_SAMPLES, sizeof(*s), "samples in a row");
	if (!s)
		return -1;
	/* Files without them knew nothing of what else the CPUs did. */
	memset(s, 0, sizeof(*s));
	s->steal_share = s->irq_share = s->other_share = NAN;
	s->freq_change = NAN;
	s->procs_running[0] = s->procs_running[1] = -1;
	s->throttle = -1;
	if (rd_object(p, sample_fields, s, "each of \"samples\"", "a sample",
		      &so) < 0)
		return -1;
	rate = result_rate(s);
	if (rate > SAVED_MAX_RATE)
		return jp_err(p, at, 0,
			      "%llu loops in %g s is more than %.0f loops/sec",
			      (unsigned long long)s->loops, s->elapsed_s,
			      SAVED_MAX_RATE);
	if (!isnan(so.rate) &&
	    fabs(so.rate - rate) > 1e-9 * (rate > 1 ? rate : 1))
		return jp_err(p, at, 0,
			      "\"loops_per_s\" %.17g is not loops / elapsed_s",
			      so.rate);
	return 0;
}

/* What a row must be beyond its members: named, measured if ok, alone. */
static int rd_row_check(struct jp *p, const struct results *r,
			const struct result_row *row, const char *at)
{
	if (!row->mech[0] || !row->title[0])
		return jp_err(p, at, 0, "a row with an empty \"%s\"",
			      row->mech[0] ? "title" : "mech");
	if (row->status == RESULT_OK && !row->nsamples)
		return jp_err(p, at, 0,
			      "row %s %s is \"ok\" but has no samples",
			      row->mech, row->placement);
	if (results_find(r, row) != row)
		return jp_err(
			p, at, 0,
			"two rows of %s at placement \"%s\", %u participants, %u KB, %u rings%s",
			row->mech, row->placement, row->procs, row->ws_kb,
			row->rings ? row->rings : 1,
			row->shared ? " shared" : "");
	return 0;
}

static int rd_row(struct jp *p, unsigned int i, void *ctx)
{
	struct rd_obj *io = ctx, ro;
	struct results *r = io->base;
	struct result_row *row;
	const char *at = p->p;

	(void)i;
	row = rd_next(p, (void **)&r->row, &io->cap, &r->nrows, SAVED_MAX_ROWS,
		      sizeof(*row), "rows in a saved run");
	if (!row)
		return -1;
	/* Files without them hold the classic ping-pong. */
	row->procs = 2;
	if (rd_object(p, row_fields, row, "each of \"results\"", "a row", &ro) <
	    0)
		return -1;
	return rd_row_check(p, r, row, at);
}

/* The largest integer a range of @f allows, exactly. */
static long long rd_max(double max)
{
	return max >= (double)INT64_MAX ? INT64_MAX : (long long)max;
}

/* An integer member in @f's range, stored as its type says. */
static int rd_int(struct jp *p, const struct field *f, void *v)
{
	long long ll;

	if (jp_get_int(p, f->key, (long long)f->min, rd_max(f->max), &ll) < 0)
		return -1;
	if (f->type == FIELD_INT)
		*(int *)v = (int)ll;
	else if (f->type == FIELD_UINT)
		*(unsigned int *)v = (unsigned int)ll;
	else
		*(long long *)v = ll;
	return 0;
}

/* Is @s a name as FIELD_NAME says? */
static int rd_name_ok(const char *s)
{
	if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		      *s == '-' || *s == '_'))
			return 0;
	return 1;
}

/*
 * A string member; a name (FIELD_NAME) only of the bytes a name takes
 * (an empty one is the row's to refuse, which says so).
 */
static int rd_string(struct jp *p, const struct field *f, char *v)
{
	const char *at = p->p;

	if (jp_get_string(p, f->key, v, f->size) < 0)
		return -1;
	if ((f->flags & FIELD_NAME) && v[0] && !rd_name_ok(v))
		return jp_err(p, at, 0,
			      "\"%s\" must be a name of lowercase letters, "
			      "digits, '-' and '_', not \"%s\"",
			      f->key, v);
	return 0;
}

/* Derived from the samples, and read again from them: only its shape. */
static int rd_summary(struct jp *p)
{
	if (jp_ws(p) != '{')
		return jp_err(p, p->p, 0,
			      "\"summary\" must be an object, not %s",
			      jp_kind(jp_ws(p)));
	return jp_skip(p);
}

/* The value of member @f of the object @o, at p->p. */
static int rd_value(struct jp *p, const struct field *f, struct rd_obj *o)
{
	void *v = field_ptr(o->base, f);
	char what[JP_KEY_MAX + 2];
	struct rd_obj sub;

	snprintf(what, sizeof(what), "\"%s\"", f->key);
	switch (f->type) {
	case FIELD_STR:
		return rd_string(p, f, v);
	case FIELD_INT:
	case FIELD_UINT:
	case FIELD_LL:
		return rd_int(p, f, v);
	case FIELD_U64:
		return jp_get_u64(p, f->key, v);
	case FIELD_DOUBLE:
		return jp_get_double(p, f->key, f->min, f->max,
				     !(f->flags & FIELD_OPEN_MIN), v);
	case FIELD_MAYBE:
		return jp_get_maybe(p, f->key, f->min, f->max, v);
	case FIELD_BOOL:
		return jp_get_bool(p, f->key, v);
	case FIELD_TASKS:
		return rd_tasks(p, f->key, v);
	case FIELD_ORDER:
		return rd_order(p, f, v);
	case FIELD_KVS:
		return rd_kvs(p, f, o->base, what);
	case FIELD_PAIR:
		return rd_pair(p, f, v, what);
	case FIELD_STATUS:
		return rd_status(p, f->key, v);
	case FIELD_FLAGS:
		return jp_array(p, what, rd_flag, v);
	case FIELD_OBJECT:
		return rd_object(p, f->sub, v, what, what, &sub);
	case FIELD_ROWS:
		return jp_array(p, what, rd_row, o);
	case FIELD_SAMPLES:
		return jp_array(p, what, rd_sample, o);
	case FIELD_RATE:
		return jp_get_double(p, f->key, f->min, f->max, 1, &o->rate);
	case FIELD_SUMMARY:
		return rd_summary(p);
	case FIELD_RTT:
		return rd_rtt(p, v);
	case FIELD_LIST: {
		struct rd_list l = { f, o->base };

		*(unsigned int *)((char *)o->base + f->aux) = 0;
		return jp_array(p, what, rd_list_elem, &l);
	}
	}
	return jp_skip(p);
}

static int rd_member(struct jp *p, const char *key, void *ctx)
{
	struct rd_obj *o = ctx;
	int i = field_index(o->t, key);

	if (i < 0)
		return jp_skip(p);
	if (!(o->t[i].flags & FIELD_REPEAT) && rd_once(p, &o->seen, i, key) < 0)
		return -1;
	o->seen |= 1ull << i;
	o->at[i] = p->p;
	return rd_value(p, &o->t[i], o);
}

/*
 * What members of one object say together, as docs/json.md has it: each
 * rule refused where the member that breaks it is.
 */

/* Where member @key of @o was; where @p is when it was not there. */
static const char *rd_at(const struct jp *p, const struct rd_obj *o,
			 const char *key)
{
	int i = field_index(o->t, key);

	return i >= 0 && (o->seen & 1ull << i) ? o->at[i] : p->p;
}

/* An invocation ends after it starts. */
static int rd_info_rules(struct jp *p, const struct rd_obj *o)
{
	const struct result_info *in = o->base;

	if (in->start_s > 0 && in->end_s > 0 && in->end_s < in->start_s)
		return jp_err(p, rd_at(p, o, "end"), 0,
			      "\"end\" is %.6g s before \"start\": an "
			      "invocation ends after it starts",
			      in->start_s - in->end_s);
	return 0;
}

/* Only "shuffle" has a seed. */
static int rd_param_rules(struct jp *p, const struct rd_obj *o)
{
	const struct result_info *in = o->base;

	if (in->seed && in->order != RESULT_ORDER_SHUFFLE)
		return jp_err(p, rd_at(p, o, "seed"), 0,
			      "\"seed\" is %llu, but only \"order\": "
			      "\"shuffle\" has a seed",
			      in->seed);
	return 0;
}

/* The scheduling classes, and which of them take a priority or a nice. */
static const struct {
	const char *name;
	int rt, niced;
} rd_classes[] = {
	{ "", 0, 1 },	  { "other", 0, 1 }, { "batch", 0, 1 },
	{ "idle", 0, 0 }, { "fifo", 1, 0 },  { "rr", 1, 0 },
};

/* A row's class: one of them, with its priority or its nice. */
static int rd_class_rules(struct jp *p, const struct rd_obj *o)
{
	const struct result_row *row = o->base;
	const char *policy = row->policy[0] ? row->policy : "other";
	size_t k = 0;

	while (k < ARRAY_SIZE(rd_classes) &&
	       strcmp(rd_classes[k].name, row->policy))
		k++;
	if (k == ARRAY_SIZE(rd_classes))
		return jp_err(p, rd_at(p, o, "policy"), 0,
			      "\"policy\" must be \"other\", \"batch\", "
			      "\"idle\", \"fifo\", \"rr\" or \"\", not \"%s\"",
			      row->policy);
	if (row->prio && !rd_classes[k].rt)
		return jp_err(p, rd_at(p, o, "priority"), 0,
			      "\"priority\" is %d, but \"policy\" \"%s\" has "
			      "none (only \"fifo\" and \"rr\" have one)",
			      row->prio, policy);
	if (!row->prio && rd_classes[k].rt)
		return jp_err(p, rd_at(p, o, "policy"), 0,
			      "\"policy\" \"%s\" needs a \"priority\" from 1 "
			      "to 99",
			      policy);
	if (row->nice && !rd_classes[k].niced)
		return jp_err(p, rd_at(p, o, "nice"), 0,
			      "\"nice\" is %d, but \"policy\" \"%s\" has none "
			      "(only \"other\" and \"batch\" have one)",
			      row->nice, policy);
	return 0;
}

/*
 * A row marked "migrated" counted its moves; in a row of several rings
 * each sample's loops are its rings' together, each ring between the
 * slowest and the fastest; a row of one ring has neither.
 */
static int rd_row_rules(struct jp *p, const struct rd_obj *o)
{
	const struct result_row *row = o->base;
	unsigned long long rings = result_row_rings(row);

	if (rd_class_rules(p, o) < 0)
		return -1;
	if ((row->flags & RESULT_MIGRATED) && row->migrations <= 0)
		return jp_err(p, rd_at(p, o, "flags"), 0,
			      "\"flags\" holds \"migrated\", but "
			      "\"migrations\" is %lld: a row marked migrated "
			      "moved between CPUs at least once",
			      row->migrations);
	for (unsigned int k = 0; k < row->nsamples; k++) {
		const struct result_sample *s = &row->sample[k];

		if (!s->ring_min && !s->ring_max)
			continue;
		if (rings == 1)
			return jp_err(p, rd_at(p, o, "samples"), 0,
				      "sample %u: \"ring_min_loops\" and "
				      "\"ring_max_loops\" are only for a row "
				      "of several rings",
				      k + 1);
		/* Below UINT64_MAX / SAVED_MAX_RINGS: no product overflows. */
		if (s->ring_max > UINT64_MAX / SAVED_MAX_RINGS ||
		    s->loops < rings * s->ring_min ||
		    s->loops > rings * s->ring_max)
			return jp_err(
				p, rd_at(p, o, "samples"), 0,
				"sample %u: \"loops\" %llu is not its %llu "
				"rings' between \"ring_min_loops\" %llu and "
				"\"ring_max_loops\" %llu each",
				k + 1, (unsigned long long)s->loops, rings,
				(unsigned long long)s->ring_min,
				(unsigned long long)s->ring_max);
	}
	return 0;
}

/* The slowest ring is not faster than the fastest. */
static int rd_sample_rules(struct jp *p, const struct rd_obj *o)
{
	const struct result_sample *s = o->base;

	if (s->ring_min > s->ring_max)
		return jp_err(p, rd_at(p, o, "ring_min_loops"), 0,
			      "\"ring_min_loops\" %llu is more than "
			      "\"ring_max_loops\" %llu",
			      (unsigned long long)s->ring_min,
			      (unsigned long long)s->ring_max);
	return 0;
}

/*
 * A profile's symbols, in the kernel or not, and not listed add up to no
 * more than its samples, each with its share of them.
 */
static int rd_profile_rules(struct jp *p, const struct rd_obj *o)
{
	const struct result_profile *pr = o->base;
	uint64_t sum = pr->other;

	for (unsigned int i = 0; i < pr->nsyms; i++) {
		const struct result_sym *y = &pr->sym[i];

		if (y->samples > pr->samples || sum + y->samples < sum)
			return jp_err(p, rd_at(p, o, "symbols"), 0,
				      "symbol \"%s\": %llu samples of %llu",
				      y->name, (unsigned long long)y->samples,
				      (unsigned long long)pr->samples);
		sum += y->samples;
	}
	if (sum != pr->samples)
		return jp_err(p, rd_at(p, o, "samples"), 0,
			      "\"samples\" is %llu, but its symbols and "
			      "\"other_samples\" add up to %llu",
			      (unsigned long long)pr->samples,
			      (unsigned long long)sum);
	if (pr->kernel > pr->samples)
		return jp_err(p, rd_at(p, o, "kernel_samples"), 0,
			      "\"kernel_samples\" %llu is more than "
			      "\"samples\" %llu",
			      (unsigned long long)pr->kernel,
			      (unsigned long long)pr->samples);
	return 0;
}

/* The rules of @o's table, once its object is read. */
static int rd_rules(struct jp *p, const struct rd_obj *o)
{
	if (o->t == info_fields)
		return rd_info_rules(p, o);
	if (o->t == param_fields)
		return rd_param_rules(p, o);
	if (o->t == row_fields)
		return rd_row_rules(p, o);
	if (o->t == sample_fields)
		return rd_sample_rules(p, o);
	if (o->t == profile_fields)
		return rd_profile_rules(p, o);
	return 0;
}

/*
 * The object at p->p, of the members of @t, into @base: @what names it
 * in messages of its shape, @lacks in those of a member it lacks.
 */
static int rd_object(struct jp *p, const struct field *t, void *base,
		     const char *what, const char *lacks, struct rd_obj *o)
{
	const char *at = p->p;

	*o = (struct rd_obj){ .t = t, .base = base, .rate = NAN };
	if (jp_object(p, what, rd_member, o) < 0 ||
	    rd_require(p, at, o->seen, t, lacks) < 0)
		return -1;
	for (int i = 0; t[i].key; i++)
		if ((t[i].flags & FIELD_NONEMPTY) &&
		    !*(const char *)field_ptr(base, &t[i]))
			return jp_err(p, at, 0, "\"%s\" is empty", t[i].key);
	return rd_rules(p, o);
}

/* The saved runs of a document, appended to what was read before. */
struct rd_doc {
	struct results *r;
	unsigned int n, cap, max;
	unsigned long long seen;
};

static int rd_invocation(struct jp *p, unsigned int i, void *ctx)
{
	struct rd_doc *d = ctx;
	const char *at = p->p;
	struct results *r;
	struct rd_obj io;

	(void)i;
	if (d->n >= d->max)
		return jp_err(p, at, 0, "more than %d saved runs in one report",
			      SAVED_MAX_INVOCATIONS);
	r = rd_next(p, (void **)&d->r, &d->cap, &d->n, d->max, sizeof(*r),
		    "saved runs");
	if (!r)
		return -1;
	if (rd_object(p, invocation_fields, r, "each of \"invocations\"",
		      "a saved run", &io) < 0)
		return -1;
	/* Checked here: "parameters" may come after "results". */
	for (unsigned int j = 0; j < r->nrows; j++)
		if (r->row[j].nsamples > r->info.runs)
			return jp_err(
				p, at, 0,
				"row %s %s has %u samples but \"runs\" is %u",
				r->row[j].mech, r->row[j].placement,
				r->row[j].nsamples, r->info.runs);
	return 0;
}

static int rd_doc_member(struct jp *p, const char *key, void *ctx)
{
	struct rd_doc *d = ctx;

	if (strcmp(key, "invocations") != 0)
		return jp_skip(p);
	if (rd_once(p, &d->seen, 0, key) < 0)
		return -1;
	if (jp_array(p, "\"invocations\"", rd_invocation, d) < 0)
		return -1;
	if (!d->n)
		return jp_err(p, p->p, 0, "\"invocations\" is empty");
	return 0;
}

/* The first pass: JSON within the limits, of our format and version. */
static int rd_head(struct jp *p)
{
	struct rd_head head = { 0 };
	long long version;
	int c;

	if (jp_ws(p) < 0)
		return rd_fail(p, "empty file");
	if (jp_skip(p) < 0)
		return -1;
	if (jp_ws(p) >= 0)
		return jp_err(p, p->p, 1, "more after the end of the document");
	p->p = p->start;
	c = jp_ws(p);
	if (c != '{')
		return rd_fail(
			p,
			"not a saved ctxbench run: the JSON is %s, not an object",
			jp_kind(c));
	if (jp_object(p, "the document", rd_head_member, &head) < 0)
		return -1;
	if (!head.format_ok)
		return rd_fail(
			p,
			"not a saved ctxbench run: no \"format\": \"ctxbench\"");
	if (!head.version_at)
		return rd_fail(p, "no \"schema_version\"");
	p->p = head.version_at;
	if (jp_get_int(p, "schema_version", 0, INT32_MAX, &version) < 0)
		return -1;
	if (version != SAVED_SCHEMA_VERSION)
		return rd_fail(
			p,
			"schema version %lld is not supported (this ctxbench reads version %d)",
			version, SAVED_SCHEMA_VERSION);
	p->p = p->start;
	return 0;
}

static void rd_free(struct results *r, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		results_free(&r[i]);
	free(r);
}

int store_read_buf(const char *buf, size_t len, struct results **r,
		   unsigned int *n, char *err, size_t errlen)
{
	struct jp p = { .start = buf,
			.p = buf,
			.end = buf + len,
			.err = err,
			.errlen = errlen };
	struct rd_doc doc = { 0 };
	struct results *all;

	if (rd_head(&p) < 0)
		return -1;
	/* The second pass: the saved runs. */
	if (*n >= SAVED_MAX_INVOCATIONS)
		return rd_fail(&p, "more than %d saved runs in one report",
			       SAVED_MAX_INVOCATIONS);
	doc.max = SAVED_MAX_INVOCATIONS - *n;
	if (jp_object(&p, "the document", rd_doc_member, &doc) < 0)
		goto fail;
	if (!(doc.seen & 1ull)) {
		rd_fail(&p, "no \"invocations\"");
		goto fail;
	}
	all = realloc(*r, (size_t)(*n + doc.n) * sizeof(*all));
	if (!all) {
		rd_fail(&p, "out of memory");
		goto fail;
	}
	memcpy(all + *n, doc.r, (size_t)doc.n * sizeof(*all));
	free(doc.r);
	*r = all;
	*n += doc.n;
	return 0;
fail:
	rd_free(doc.r, doc.n);
	return -1;
}

int store_load_file(const char *path, char **bufp, size_t *lenp, char *err,
		    size_t errlen)
{
	size_t len = 0, cap = 0;
	char *buf = NULL;
	int fd, rc = -1;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	for (;;) {
		ssize_t got;

		if (len == cap) {
			size_t ncap = cap ? cap * 2 : 65536;
			char *tmp;

			/* One byte beyond the limit tells "too large". */
			if (ncap > SAVED_MAX_FILE_BYTES + 1)
				ncap = SAVED_MAX_FILE_BYTES + 1;
			if (ncap == cap) {
				snprintf(
					err, errlen,
					"larger than %u MiB, more than a saved run can be",
					SAVED_MAX_FILE_BYTES >> 20);
				goto out;
			}
			tmp = realloc(buf, ncap);
			if (!tmp) {
				snprintf(err, errlen, "out of memory");
				goto out;
			}
			buf = tmp;
			cap = ncap;
		}
		got = read(fd, buf + len, cap - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			snprintf(err, errlen, "%s", strerror(errno));
			goto out;
		}
		if (got == 0)
			break;
		len += (size_t)got;
	}
	*bufp = buf;
	*lenp = len;
	buf = NULL;
	rc = 0;
out:
	free(buf);
	close(fd);
	return rc;
}

int store_read_file(const char *path, struct results **r, unsigned int *n,
		    char *err, size_t errlen)
{
	size_t len;
	char *buf;
	int rc;

	if (store_load_file(path, &buf, &len, err, errlen) < 0)
		return -1;
	rc = store_read_buf(buf, len, r, n, err, errlen);
	free(buf);
	return rc;
}
