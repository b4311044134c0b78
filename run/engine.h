/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The engine: a sweep checked against the machine, the machine's facts
 * read, the sweep run into results.  Its caller says what to run and
 * renders what was measured (fio's backend.c beside fio.c): ctxbench.c
 * from the command line, a test from a sweep it builds itself.
 */
#ifndef CTXBENCH_RUN_ENGINE_H
#define CTXBENCH_RUN_ENGINE_H

#include "model/results.h"
#include "sweep.h"

/*
 * What the engine tells its caller as it goes.  Every member may be NULL:
 * then nothing is told or added.
 */
struct engine_hooks {
	void *arg; /* the first argument of each hook */
	/*
	 * The run's limits allow it: the caller's own checks (-o's file).
	 * 0, or -1 having said why, which stops the run as bad input.
	 */
	int (*check)(void *arg);
	/*
	 * The machine's facts are in @res->info: the caller's own added
	 * (label, note, the sweep's figures, shuffle's seed, which the
	 * sweep then takes).
	 */
	void (*info)(void *arg, struct results *res);
	/* The sweep @s is about to start, and has ended. */
	void (*start)(void *arg, const struct sweep_spec *s);
	void (*stop)(void *arg);
	/* Told as the sweep goes (the progress line). */
	struct sweep_hooks sweep;
};

/*
 * Every run of @s, with perf around each when @profile, into @res: its
 * rows, and the Run information's facts.  Returns the exit status so
 * far, 0 or 1 (a row failed or hung), when the sweep ran and @res is to
 * be reported (@res->signo says whether a signal cut it short); else, the
 * reason said on stderr, -2 when the machine or the caller's checks
 * refuse the sweep (exit status 2), -1 when it could not run (1).
 */
int engine_run(struct sweep_spec *s, int profile, const struct engine_hooks *h,
	       struct results *res);

#endif
