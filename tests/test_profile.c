/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --profile's saved profiles and their comparison: a profile read back as
 * written; a symbol whose share grows well beyond the spread of the
 * invocations called changed, the largest increase first; an A/A pair
 * calling nothing; one invocation a label judging nothing; a symbol that
 * fell out of a full top 30 not called changed on that alone.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "analysis/profile.h"
#include "store/store.h"

#define NINV 6

static struct results inv[NINV];
static struct result_sample smp[NINV][2];

static void add_sym(struct result_profile *p, uint64_t *listed, uint64_t n,
		    const char *name, int kernel, double share)
{
	struct result_sym *y = &p->sym[p->nsyms++];

	snprintf(y->name, sizeof(y->name), "%s", name);
	y->kernel = kernel;
	y->samples = (uint64_t)(share * (double)n);
	y->share = (double)y->samples / (double)n;
	*listed += y->samples;
}

/*
 * Invocation @i of label @label, its pipe row's profile: @base's share in
 * finish_task_switch, @jit's in [jit] (0: not listed), and a full top 30
 * when @full (the rest in other).
 */
static void make(unsigned int i, const char *label, double base, double jit,
		 int full)
{
	struct results *r = &inv[i];
	struct result_row *row;
	struct result_profile *p;
	uint64_t n = 10000, listed = 0;

	memset(r, 0, sizeof(*r));
	snprintf(r->info.label, sizeof(r->info.label), "%s", label);
	snprintf(r->info.profile, sizeof(r->info.profile), "perf record");
	r->info.duration_s = 1;
	r->info.runs = 2;
	r->info.start_s = 1.7e9 + 60.0 * i;
	r->info.end_s = r->info.start_s + 10;
	r->nrows = 1;
	r->row = row = calloc(1, sizeof(*row));
	snprintf(row->mech, sizeof(row->mech), "pipe");
	snprintf(row->title, sizeof(row->title), "pipe");
	snprintf(row->placement, sizeof(row->placement), "any");
	row->procs = 2;
	row->nsamples = 2;
	row->sample = calloc(2, sizeof(*row->sample));
	for (int k = 0; k < 2; k++) {
		smp[i][k].loops = 100000 + 10 * i + k;
		smp[i][k].elapsed_s = 1;
		row->sample[k] = smp[i][k];
	}
	p = &row->profile;
	snprintf(p->event, sizeof(p->event), "cpu-clock");
	p->samples = n;
#define SYM(nm, k, sh) add_sym(p, &listed, n, nm, k, sh)
	SYM("finish_task_switch", 1, base);
	if (jit > 0)
		SYM("[jit]", 1, jit);
	SYM("read", 0, 0.05 + 0.001 * i);
	for (int k = 0; full && p->nsyms < RESULT_PROFILE_SYMS; k++) {
		char nm[32];

		snprintf(nm, sizeof(nm), "sym%d", k);
		SYM(nm, 1, 0.01);
	}
#undef SYM
	p->other = n - listed;
	p->kernel = n / 2;
	p->wakeups = 100;
	p->trace_trips = 50;
	p->trace_s = 0.001;
	p->wake_ns = 4000;
}

static const struct report_prof *model_prof(struct report_model *m,
					    unsigned int n, unsigned int label)
{
	const struct results *all[NINV];

	for (unsigned int i = 0; i < n; i++)
		all[i] = &inv[i];
	if (report_model_build(m, all, n, 0, NULL, 0, 0) < 0)
		return NULL;
	return report_cell_profile(m, label, &inv[0].row[0]);
}

static void free_all(unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		results_free(&inv[i]);
}

/* Written and read back: the same profile, member by member. */
static void test_roundtrip(void)
{
	const struct results *one[1] = { &inv[0] };
	struct results *back = NULL;
	unsigned int n = 0;
	char *buf = NULL, err[256] = "";
	size_t len = 0;
	FILE *f;

	make(0, "A", 0.4, 0.1, 1);
	f = open_memstream(&buf, &len);
	store_write(f, one, 1);
	fclose(f);
	CHECK(store_read_buf(buf, len, &back, &n, err, sizeof(err)) == 0);
	CHECK_THAT(!err[0], "%s", err);
	if (back && n == 1) {
		const struct result_profile *a = &inv[0].row[0].profile,
					    *b = &back[0].row[0].profile;

		CHECK_STR(b->event, "cpu-clock");
		CHECK_EQ_INT(b->nsyms, RESULT_PROFILE_SYMS);
		CHECK(b->samples == a->samples && b->other == a->other);
		CHECK_STR(b->sym[1].name, "[jit]");
		CHECK(b->sym[1].kernel && !b->sym[2].kernel);
		CHECK_NEAR(b->sym[0].share, a->sym[0].share, 1e-12);
		CHECK_NEAR(b->wake_ns, 4000, 1e-9);
		CHECK_STR(back[0].info.profile, "perf record");
		results_free(&back[0]);
	}
	free(back);
	free(buf);
	/* A row without a profile writes none. */
	inv[0].row[0].profile.event[0] = '\0';
	f = open_memstream(&buf, &len);
	store_write(f, one, 1);
	fclose(f);
	CHECK(!strstr(buf, "\"symbols\""));
	free(buf);
	free_all(1);
}

/* A/B: [jit] from nothing to 12 %, the largest increase, called changed. */
static void test_increase(void)
{
	struct report_model m;
	const struct report_prof *p;

	make(0, "A", 0.40, 0, 1);
	make(1, "B", 0.34, 0.12, 1);
	make(2, "A", 0.41, 0, 1);
	make(3, "B", 0.35, 0.125, 1);
	p = model_prof(&m, 4, 1);
	CHECK(p != NULL);
	if (p) {
		CHECK_EQ_INT(p->ninv, 2);
		CHECK_EQ_INT(p->nbase, 2);
		CHECK(p->nchg > 0);
		CHECK_STR(p->chg[0].name, "[jit]");
		CHECK(p->chg[0].judged && p->chg[0].changed);
		CHECK_NEAR(p->chg[0].b - p->chg[0].a, 0.1225, 1e-3);
		CHECK_NEAR(p->wake_us, 4, 1e-9);
		CHECK_NEAR(p->trip_us, 20, 1e-9);
		for (unsigned int i = 1; i < p->nchg; i++)
			CHECK(p->chg[i].b - p->chg[i].a <=
			      p->chg[i - 1].b - p->chg[i - 1].a);
	}
	report_model_free(&m);
	free_all(4);
	/* One invocation a label: shown, not judged. */
	make(0, "A", 0.40, 0, 1);
	make(1, "B", 0.34, 0.12, 1);
	p = model_prof(&m, 2, 1);
	CHECK(p && p->nchg && !p->chg[0].judged && !p->chg[0].changed);
	report_model_free(&m);
	free_all(2);
}

/* A/A: shares that vary between invocations call nothing changed. */
static void test_aa(void)
{
	static const double base[NINV] = { 0.40, 0.37, 0.42, 0.39, 0.36, 0.41 };
	struct report_model m;
	const struct report_prof *p;
	unsigned int called = 0;

	for (unsigned int i = 0; i < NINV; i++)
		make(i, i % 2 ? "A2" : "A", base[i], 0, 1);
	p = model_prof(&m, NINV, 1);
	CHECK(p && p->nchg);
	for (unsigned int i = 0; p && i < p->nchg; i++) {
		CHECK(p->chg[i].judged);
		called += p->chg[i].changed;
	}
	CHECK_EQ_INT(called, 0);
	report_model_free(&m);
	free_all(NINV);
}

/*
 * A symbol listed in one label only, below the least share of the other's
 * full top 30: it may have been there, just not listed.
 */
static void test_bound(void)
{
	struct report_model m;
	const struct report_prof *p;

	make(0, "A", 0.40, 0, 1);
	make(1, "B", 0.40, 0.005, 1);
	make(2, "A", 0.40, 0, 1);
	make(3, "B", 0.40, 0.006, 1);
	p = model_prof(&m, 4, 1);
	CHECK(p != NULL);
	for (unsigned int i = 0; p && i < p->nchg; i++)
		if (!strcmp(p->chg[i].name, "[jit]"))
			CHECK(p->chg[i].judged && !p->chg[i].changed);
	report_model_free(&m);
	free_all(4);
}

int main(void)
{
	test_roundtrip();
	test_increase();
	test_aa();
	test_bound();
	return check_summary();
}
