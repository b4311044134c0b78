/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Saved runs with the same label are invocations of the same kernel:
 * merged into one, they are the replicates a comparison judges by.
 */
#ifndef CTXBENCH_GROUP_H
#define CTXBENCH_GROUP_H

#include "model/results.h"

/*
 * Merge the @n invocations @r by label, in the order the labels first
 * appear, into *@out (an array of *@ngroups, freed with results_free()
 * on each and free()).  A merged row holds the runs of every invocation
 * that measured it, one after the other, and each invocation's part in
 * inv[]: the mean of its runs not disturbed, its start and replicate.
 * When every label of @r took turns (as below; boots too), disturbed
 * runs are kept (the group's kept): a disturbance then fell on either
 * side at random, noise the test sees, not a bias; else they are left
 * out, as in blocks a disturbance can fall on one side only.
 *
 * A label's replicates are its boots when it has two or more (every
 * invocation's boot known); else, when every label of @r took turns (two
 * blocks or more each, none of more than two invocations, as turns in
 * alternating order give), its invocations (RESULT_LEVEL_INVOCATIONS);
 * else its blocks when two or more: a block is a stretch of its
 * invocations, by start time on the timeline of the @nt invocations @t
 * (all those given, @r among them), with no other label's between them;
 * else, with one block of several invocations, none
 * (RESULT_LEVEL_ONE_BLOCK); else, the order unknown (a start missing),
 * its invocations.  *@gi (may be NULL) gets, for each of the @n, the
 * index of its group.  Returns 0, or -ENOMEM with nothing allocated.
 */
int report_group(const struct results *const *r, unsigned int n,
		 const struct results *const *t, unsigned int nt,
		 struct results **out, unsigned int *ngroups, unsigned int *gi);

/* Free what report_group() made. */
void report_group_free(struct results *g, unsigned int n);

#endif
