/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The saved run's version and limits: what the reader takes, a plan respects. */
#ifndef CTXBENCH_SCHEMA_H
#define CTXBENCH_SCHEMA_H

#include "lib/hist.h"

/* The version of the saved-run format this ctxbench writes and reads. */
#define SAVED_SCHEMA_VERSION 1

/* Limits of what a saved file may hold; more is refused, not allocated. */
#define SAVED_MAX_FILE_BYTES (256u << 20)
#define SAVED_MAX_DEPTH 32 /* nesting of arrays and objects */
#define SAVED_MAX_INVOCATIONS 128 /* in one report, over all its files */
/* Per invocation; a run refuses a plan of more (plan.c). */
#define SAVED_MAX_ROWS 2048
/*
 * The most bytes the JSON of a row takes without its samples (every
 * bucket of its histogram), and of one sample: a run refuses a plan whose
 * saved run could be larger than the reader takes.
 */
#define SAVED_ROW_BYTES \
	(HIST_BUCKETS * 48 + 4096 + SAVED_MAX_PROFILE_SYMS * 256)
#define SAVED_SAMPLE_BYTES 1024
#define SAVED_MAX_SAMPLES 10000 /* per row, as -r allows */
#define SAVED_MAX_SECONDS 1e6 /* elapsed time of one run */
#define SAVED_MIN_SECONDS 1e-4 /* -t is at least 0.001 */
#define SAVED_MAX_RATE 1e9 /* loops/sec: a round trip in 1 ns is none */
#define SAVED_MAX_PROCS 1024 /* participants in a ring */
#define SAVED_MAX_RINGS 1024 /* rings at once */
#define SAVED_MAX_WAITV 128 /* futexes a wait: futex_waitv()'s most */
#define SAVED_MAX_WS_KB 16384 /* working set per hop */
#define SAVED_MAX_CGROUP_DEPTH 1024 /* levels of cgroups below ctxbench's */
#define SAVED_MAX_SLICE_US 1000000 /* a fair task's slice asked (--slice) */
#define SAVED_MAX_PROFILE_SYMS 30 /* a row's profile: RESULT_PROFILE_SYMS */

#endif
