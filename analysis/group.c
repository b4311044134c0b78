/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Saved runs of one label merged into one, invocation by invocation. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "lib/stats.h"
#include "lib/cpulist.h"

/* The row of @g like @like, made (empty, named) if it is not there yet. */
static struct result_row *
group_row(struct results *g, const struct result_row *like, unsigned int max)
{
	struct result_row *row;

	for (unsigned int j = 0; j < g->nrows; j++)
		if (result_row_same(&g->row[j], like))
			return &g->row[j];
	if (g->nrows == max)
		return NULL;
	row = &g->row[g->nrows++];
	memset(row, 0, sizeof(*row));
	memcpy(row->mech, like->mech, sizeof(row->mech));
	memcpy(row->title, like->title, sizeof(row->title));
	memcpy(row->placement, like->placement, sizeof(row->placement));
	row->procs = like->procs;
	row->ws_kb = like->ws_kb;
	row->rings = like->rings;
	row->shared = like->shared;
	row->waitv = like->waitv;
	memcpy(row->policy, like->policy, sizeof(row->policy));
	row->prio = like->prio;
	row->nice = like->nice;
	row->hop_work_ns = like->hop_work_ns;
	return row;
}

/* The union of two CPU lists, as a list, into @to. */
static void group_cpus(char *to, size_t size, const char *more)
{
	cpu_set_t a, b;

	if (!to[0] || cpulist_parse(to, &a) < 0 ||
	    cpulist_parse(more, &b) < 0) {
		if (!to[0])
			snprintf(to, size, "%s", more);
		return;
	}
	CPU_OR(&a, &a, &b);
	cpulist_format(&a, to, size);
}

/*
 * Invocation @from's part of a row, started at @start, of replicate @rep:
 * the mean of its runs not disturbed, or of all of them when the labels
 * took turns (@kept), and its CPU a loop.  Not kept, with fewer runs not
 * disturbed than half of its runs it is left out of the verdict: what is
 * left of it is the machine's, not the kernel's.  Kept, a disturbance is
 * noise that fell on either side at random, and the test sees it.
 */
static void group_inv(struct result_inv *inv, const struct result_row *from,
		      double start, unsigned int rep, int kept)
{
	double sum = 0, all = 0;
	unsigned int clean = 0;

	memset(inv, 0, sizeof(*inv));
	inv->start = start;
	inv->rep = rep;
	inv->runs = from->nsamples;
	for (unsigned int i = 0; i < from->nsamples; i++) {
		all += result_rate(&from->sample[i]);
		if (from->sample[i].disturbed) {
			inv->disturbed++;
			continue;
		}
		sum += result_rate(&from->sample[i]);
		clean++;
	}
	if (from->cpu.loops)
		inv->cpu = (from->cpu.user_s + from->cpu.sys_s) /
			   (double)from->cpu.loops;
	if (kept && inv->runs) {
		inv->kept = 1;
		inv->mean = all / inv->runs;
		inv->rtt = result_row_rtt(from, 0);
		return;
	}
	inv->rtt = result_row_rtt(from, 1);
	inv->left = !clean || 2 * clean < inv->runs;
	inv->mean = clean ? sum / clean : 0;
}

/*
 * Add invocation @from's row, of replicate @rep, to the merged @row: the
 * label's invocation @of, in its boot @boot (UINT_MAX: unknown).
 */
static int group_add(struct result_row *row, const struct result_row *from,
		     double start, unsigned int rep, unsigned int of,
		     unsigned int boot, int kept)
{
	struct result_sample *smp;

	if (from->status != RESULT_OK) {
		row->status = from->status;
		memcpy(row->reason, from->reason, sizeof(row->reason));
	}
	row->flags |= from->flags;
	row->discarded += from->discarded;
	if (row->migrations < 0 || from->migrations < 0)
		row->migrations = -1;
	else
		row->migrations += from->migrations;
	if (!from->nsamples)
		return 0;
	smp = realloc(row->sample,
		      (row->nsamples + from->nsamples) * sizeof(*smp));
	if (!smp)
		return -ENOMEM;
	row->sample = smp;
	memcpy(smp + row->nsamples, from->sample,
	       from->nsamples * sizeof(*smp));
	row->nsamples += from->nsamples;
	if (!(row->ninv & (row->ninv + 1))) { /* 0, 1, 3, 7...: grow */
		struct result_inv *m =
			realloc(row->inv, (2 * row->ninv + 1) * sizeof(*m));

		if (!m)
			return -ENOMEM;
		row->inv = m;
	}
	group_inv(&row->inv[row->ninv], from, start, rep, kept);
	row->inv[row->ninv].boot = boot;
	row->inv[row->ninv++].of = of;
	if (!(row->hop_work_ns > 0))
		row->hop_work_ns = from->hop_work_ns;
	group_cpus(row->cpus, sizeof(row->cpus), from->cpus);
	hist_merge(&row->rtt, &from->rtt);
	row->cpu.user_s += from->cpu.user_s;
	row->cpu.sys_s += from->cpu.sys_s;
	row->cpu.nvcsw += from->cpu.nvcsw;
	row->cpu.nivcsw += from->cpu.nivcsw;
	row->cpu.loops += from->cpu.loops;
	row->cpu.seconds += from->cpu.seconds;
	return 0;
}

/*
 * Invocation @from, of replicate @rep and boot @boot, into group @g of
 * @max rows' room.
 */
static int group_merge(struct results *g, const struct results *from,
		       unsigned int max, unsigned int rep, unsigned int boot)
{
	if (!g->invocations++) {
		memcpy(g->version, from->version, sizeof(g->version));
		memcpy(g->cmdline, from->cmdline, sizeof(g->cmdline));
		g->info = from->info;
	}
	if (!g->signo)
		g->signo = from->signo;
	for (unsigned int j = 0; j < from->nrows; j++) {
		struct result_row *row = group_row(g, &from->row[j], max);

		if (!row ||
		    group_add(row, &from->row[j], from->info.start_s, rep,
			      g->invocations - 1, boot, g->kept) < 0)
			return -ENOMEM;
	}
	return 0;
}

/* The index of @x's boot among the boots of its label in @r. */
static unsigned int group_boot(const struct results *const *r, unsigned int n,
			       const struct results *x)
{
	unsigned int k = 0;

	for (unsigned int i = 0; i < n; i++) {
		int seen = 0;

		if (strcmp(r[i]->info.label, x->info.label))
			continue;
		for (unsigned int j = 0; j < i && !seen; j++)
			seen = !strcmp(r[j]->info.label, x->info.label) &&
			       !strcmp(r[j]->info.boot_id, r[i]->info.boot_id);
		if (seen)
			continue;
		if (!strcmp(r[i]->info.boot_id, x->info.boot_id))
			return k;
		k++;
	}
	return k;
}

/*
 * The blocks of @x's label that start no later than @x on the timeline
 * @t, @nt invocations sorted by start: a block starts where an
 * invocation of the label follows one of another label, or none.
 */
static unsigned int group_block(const struct results *const *t, unsigned int nt,
				const struct results *x)
{
	unsigned int k = 0;

	for (unsigned int i = 0; i < nt; i++)
		if (t[i]->info.start_s <= x->info.start_s &&
		    !strcmp(t[i]->info.label, x->info.label) &&
		    (!i || strcmp(t[i - 1]->info.label, x->info.label)))
			k++;
	return k;
}

/*
 * Did every label @g of @ng take turns on the timeline @sorted (@nt
 * invocations by start)?  Each has two blocks or more and none of its
 * blocks holds more than two invocations, as the turns give in an order
 * that alternates (A B, then B A: the two Bs at the turn, one block).
 * Then each invocation is a replicate: the block at the turn is no
 * longer a stretch of the machine than any other pair of invocations.
 */
static int group_turns(const struct results *g, unsigned int ng,
		       const struct results *const *sorted, unsigned int nt)
{
	if (!ng)
		return 0;
	for (unsigned int k = 0; k < ng; k++)
		if (g[k].blocks < 2)
			return 0;
	for (unsigned int i = 0, run = 0; i < nt; i++) {
		int ours = 0;

		for (unsigned int k = 0; k < ng && !ours; k++)
			ours = !strcmp(g[k].info.label, sorted[i]->info.label);
		if (!ours)
			continue;
		run = i && !strcmp(sorted[i - 1]->info.label,
				   sorted[i]->info.label) ?
			      run + 1 :
			      1;
		if (run > 2)
			return 0;
	}
	return 1;
}

static int group_by_start(const void *a, const void *b)
{
	double x = (*(const struct results *const *)a)->info.start_s;
	double y = (*(const struct results *const *)b)->info.start_s;

	return (x > y) - (x < y);
}

/*
 * The level each label of @r replicates at, into @g[@lab[i]], and the
 * replicate of each invocation into @rep.  The blocks are counted on the
 * timeline of @t (all the invocations given, so that an invocation of
 * another set between two of a label ends a block), sorted into @sorted.
 */
static void group_levels(const struct results *const *r, unsigned int n,
			 const unsigned int *lab, struct results *g,
			 unsigned int ng, const struct results **sorted,
			 const struct results *const *t, unsigned int nt,
			 unsigned int *rep)
{
	int known = 1, turns;

	for (unsigned int i = 0; i < nt; i++)
		known &= t[i]->info.start_s > 0;
	for (unsigned int i = 0; i < n; i++)
		known &= r[i]->info.start_s > 0;
	memcpy(sorted, t, nt * sizeof(*sorted));
	qsort(sorted, nt, sizeof(*sorted), group_by_start);
	for (unsigned int k = 0; k < ng; k++) {
		int ids = 1;

		g[k].boots = g[k].blocks = 0;
		for (unsigned int i = 0; i < n; i++) {
			if (lab[i] != k)
				continue;
			ids &= !!r[i]->info.boot_id[0];
			if (group_boot(r, n, r[i]) + 1 > g[k].boots)
				g[k].boots = group_boot(r, n, r[i]) + 1;
			if (known &&
			    group_block(sorted, nt, r[i]) > g[k].blocks)
				g[k].blocks = group_block(sorted, nt, r[i]);
		}
		if (!ids)
			g[k].boots = 0;
	}
	turns = known && group_turns(g, ng, sorted, nt);
	for (unsigned int k = 0; k < ng; k++) {
		g[k].kept = turns;
		if (g[k].boots >= 2)
			g[k].level = RESULT_LEVEL_BOOTS;
		else if (turns)
			g[k].level = RESULT_LEVEL_INVOCATIONS;
		else if (g[k].blocks >= 2)
			g[k].level = RESULT_LEVEL_BLOCKS;
		else if (g[k].blocks == 1 && g[k].invocations >= 2)
			g[k].level = RESULT_LEVEL_ONE_BLOCK;
		else
			g[k].level = RESULT_LEVEL_INVOCATIONS;
	}
	for (unsigned int i = 0; i < n; i++) {
		struct results *gk = &g[lab[i]];

		switch (gk->level) {
		case RESULT_LEVEL_BOOTS:
			rep[i] = group_boot(r, n, r[i]);
			break;
		case RESULT_LEVEL_BLOCKS:
			rep[i] = group_block(sorted, nt, r[i]) - 1;
			break;
		case RESULT_LEVEL_ONE_BLOCK:
			rep[i] = 0;
			break;
		default:
			rep[i] = gk->reps; /* counted below */
		}
		if (gk->level == RESULT_LEVEL_INVOCATIONS || rep[i] >= gk->reps)
			gk->reps = rep[i] + 1;
	}
}

void report_group_free(struct results *g, unsigned int n)
{
	for (unsigned int i = 0; g && i < n; i++)
		results_free(&g[i]);
	free(g);
}

int report_group(const struct results *const *r, unsigned int n,
		 const struct results *const *t, unsigned int nt,
		 struct results **out, unsigned int *ngroups, unsigned int *gi)
{
	struct results *g = calloc(n ? n : 1, sizeof(*g));
	unsigned int *lab = calloc(n ? n : 1, sizeof(*lab));
	unsigned int *rep = calloc(n ? n : 1, sizeof(*rep));
	const struct results **sorted = calloc(nt ? nt : 1, sizeof(*sorted));
	unsigned int ng = 0;

	if (!g || !lab || !rep || !sorted)
		goto fail;
	for (unsigned int i = 0; i < n; i++) {
		unsigned int k;

		for (k = 0; k < ng; k++)
			if (!strcmp(g[k].info.label, r[i]->info.label))
				break;
		if (k == ng)
			memcpy(g[ng++].info.label, r[i]->info.label,
			       sizeof(g[k].info.label));
		lab[i] = k;
		g[k].invocations++;
	}
	group_levels(r, n, lab, g, ng, sorted, t, nt, rep);
	for (unsigned int k = 0; k < ng; k++)
		g[k].invocations = 0; /* counted again by group_merge() */
	for (unsigned int i = 0; i < n; i++) {
		unsigned int k = lab[i], max = 0;

		/* Room for every row of every invocation of the label. */
		for (unsigned int i2 = 0; i2 < n; i2++)
			if (lab[i2] == k)
				max += r[i2]->nrows;
		if (!g[k].row) {
			g[k].row = calloc(max ? max : 1, sizeof(*g[k].row));
			if (!g[k].row)
				goto fail;
		}
		if (group_merge(&g[k], r[i], max, rep[i],
				r[i]->info.boot_id[0] ? group_boot(r, n, r[i]) :
							UINT_MAX) < 0)
			goto fail;
		if (gi)
			gi[i] = k;
	}
	free(lab);
	free(rep);
	free(sorted);
	*out = g;
	*ngroups = ng;
	return 0;
fail:
	free(lab);
	free(rep);
	free(sorted);
	report_group_free(g, ng);
	return -ENOMEM;
}
