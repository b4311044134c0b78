/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Saved runs of one label merged into one, invocation by invocation. */
#include <errno.h>
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

/* Add invocation @from's row to the merged @row. */
static int group_add(struct result_row *row, const struct result_row *from)
{
	struct result_sample *smp;
	struct stats s;

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
		double *m = realloc(row->inv_mean,
				    (2 * row->ninv + 1) * sizeof(*m));

		if (!m)
			return -ENOMEM;
		row->inv_mean = m;
	}
	result_row_stats(from, &s);
	row->inv_mean[row->ninv++] = s.mean;
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

/* Invocation @from into group @g, which holds room for @max rows. */
static int group_merge(struct results *g, const struct results *from,
		       unsigned int max)
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

		if (!row || group_add(row, &from->row[j]) < 0)
			return -ENOMEM;
	}
	return 0;
}

void report_group_free(struct results *g, unsigned int n)
{
	for (unsigned int i = 0; g && i < n; i++)
		results_free(&g[i]);
	free(g);
}

int report_group(const struct results *const *r, unsigned int n,
		 struct results **out, unsigned int *ngroups, unsigned int *gi)
{
	struct results *g = calloc(n ? n : 1, sizeof(*g));
	unsigned int ng = 0;

	if (!g)
		return -ENOMEM;
	for (unsigned int i = 0; i < n; i++) {
		unsigned int k, max = 0;

		for (k = 0; k < ng; k++)
			if (!strcmp(g[k].info.label, r[i]->info.label))
				break;
		if (k == ng)
			ng++;
		/* Room for every row of every invocation of the label. */
		for (unsigned int i2 = 0; i2 < n; i2++)
			if (!strcmp(r[i2]->info.label, r[i]->info.label))
				max += r[i2]->nrows;
		if (!g[k].row) {
			g[k].row = calloc(max ? max : 1, sizeof(*g[k].row));
			if (!g[k].row)
				goto fail;
		}
		if (group_merge(&g[k], r[i], max) < 0)
			goto fail;
		if (gi)
			gi[i] = k;
	}
	*out = g;
	*ngroups = ng;
	return 0;
fail:
	report_group_free(g, ng);
	return -ENOMEM;
}
