/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The progress line on a terminal: what is being measured, how long the
 * invocation has run and about how long the rest will take, rewritten in
 * place on stderr before each run and cleared before the report.
 */
#ifndef CTXBENCH_PROGRESS_H
#define CTXBENCH_PROGRESS_H

#include <stddef.h>

#include "run/sweep.h"

/* Columns of the line at most: a line that wraps cannot be rewritten. */
#define PROGRESS_WIDTH 79

/*
 * What one run costs besides its -t and its warm-up: creating the
 * objects, starting and reaping the participants.
 */
#define PROGRESS_RUN_OVERHEAD_S 0.02

struct progress {
	int fd; /* where the line goes; -1: nowhere (not a terminal, -q) */

	/* The plan. */
	unsigned int nruns; /* measured runs, all rows together */
	unsigned int nhops; /* hop-work measurements (rings only) */
	double run_s; /* expected seconds of one run, overhead included */
	double hop_s; /* of one hop-work measurement */

	/* What finished before the measurement going on. */
	unsigned int runs_done, hops_done;

	/* The measurement going on. */
	const char *mech; /* CLI name */
	const char *placement; /* NULL: a hop-work measurement */
	int rings; /* name the ring size and working set */
	unsigned int procs, ws_kb;
	unsigned int run, runs; /* run @run, from 1, of the row's @runs */
	/* Rings at once, and whether shared; named when @parallel. */
	unsigned int nrings;
	int shared, parallel;

	/* The writer's own. */
	unsigned int run_next, hop_next;
	double start_s; /* CLOCK_MONOTONIC at progress_init() */
	int shown; /* a line is on the terminal */
};

/*
 * Start counting for a plan of @nruns runs of @run_s seconds and @nhops
 * hop-work measurements of @hop_s seconds; the line goes to @fd, or
 * nowhere when @fd is -1.
 */
void progress_init(struct progress *p, int fd, unsigned int nruns,
		   unsigned int nhops, double run_s, double hop_s);

/* Seconds the measurement going on and those after it should take. */
double progress_left_s(const struct progress *p);

/*
 * The line for @p after @elapsed_s seconds into @buf, without the
 * carriage return and the erase: at most PROGRESS_WIDTH characters, the
 * row's name shortened first.  Returns its length.
 */
size_t progress_format(const struct progress *p, double elapsed_s, char *buf,
		       size_t size);

/*
 * The next run is one of the @runs of @mech at @placement (@rings: the
 * row is named with its ring size @procs and working set @ws_kb).
 * Writes nothing: progress_run() does.
 */
void progress_row(struct progress *p, const char *mech, const char *placement,
		  int rings, unsigned int procs, unsigned int ws_kb,
		  unsigned int runs);

/*
 * After progress_row(): the row runs @nrings rings at once, sharing
 * objects if @shared; the line names them ("x2 shared") when @parallel.
 */
void progress_parallel(struct progress *p, unsigned int nrings, int shared,
		       int parallel);

/*
 * Run @i, from 0, of the current row begins: show it.  Each call counts
 * one run of the plan as started, whichever row it belongs to, so that
 * rows may take turns.
 */
void progress_run(struct progress *p, unsigned int i);

/* @n runs of the plan will not happen (a row skipped or failed). */
void progress_drop(struct progress *p, unsigned int n);

/* The hop-work measurement of @mech at @ws_kb begins: show it. */
void progress_hop(struct progress *p, const char *mech, unsigned int ws_kb);

/* Erase the line, if one is shown: before a message or the report. */
void progress_clear(struct progress *p);

/*
 * Start @p for the sweep @s, on a terminal and without -q (@quiet): its
 * runs and hop-work measurements, each expected to take its time, its
 * warm-up and a little more.
 */
void progress_start(struct progress *p, const struct sweep_spec *s, int quiet);

/*
 * The sweep's hooks that keep @p's line as it goes, and say why a row
 * ended on a run that did not succeed.
 */
struct sweep_hooks progress_hooks(struct progress *p);

#endif
