/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --profile: perf record around each measured window of a row, the
 * symbols it sampled in the participants and the wake-ups it traced,
 * added up into the row's profile.
 *
 * One perf process a run, system-wide (-a): the switch that runs a woken
 * participant happens in whatever ran before it on its CPU (the idle
 * task, most often), which a perf attached to the participants (-p) never
 * sees.  It is started before the run's set-up with its events disabled
 * (-D -1) and driven through its control socket: at the window's start
 * the tracepoints are enabled for a short slice (a bounded number of
 * events, from the warm-up's rate), then the sampling event for the rest
 * of the window, and every event is disabled before the window's end.
 * So nothing is sampled outside the window, and the trace's own cost is
 * not in the profile.  Samples are kept of the participants' processes
 * only.  Every call takes NULL, and does nothing then.
 */
#ifndef CTXBENCH_PROFILE_H
#define CTXBENCH_PROFILE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "model/results.h"

struct profile;
struct run_proc;

/*
 * A profiler for a sweep of @nrows rows, when perf can run here: found
 * (CTXBENCH_PERF, else perf in PATH) and permitted (root, or
 * kernel.perf_event_paranoid -1).  NULL with why not in @why.
 */
struct profile *profile_open(unsigned int nrows, char *why, size_t size);

/* What the Run information says of it. */
void profile_describe(const struct profile *pf, char *buf, size_t size);

/*
 * Did perf fail during the sweep?  1 with why in @why: then no row has a
 * profile, and no more runs are profiled.
 */
int profile_failed(const struct profile *pf, char *why, size_t size);

void profile_close(struct profile *pf);

/* The runner's side, inside run_once(). */

/* Start perf for one run, its events disabled, and wait until it is ready. */
void profile_run_begin(struct profile *pf);

/*
 * The window starts at @t with the ring's count @count, after a warm-up
 * at @rate loops/sec, for @duration_s, of the @nproc processes @proc, of
 * rings of @hops participants each.
 */
void profile_window_begin(struct profile *pf, const struct run_proc *proc,
			  unsigned int nproc, unsigned int hops, double t,
			  uint64_t count, double rate, double duration_s);

/* A look inside the window, at @t with @count: the trace may end here. */
void profile_window_tick(struct profile *pf, double t, uint64_t count);

/* The window ends: every event disabled. */
void profile_window_end(struct profile *pf, double t, uint64_t count);

/*
 * perf's process group while it runs (its pid), else 0: the run's guard
 * kills it when the runner dies, so that what a perf wrapper forked does
 * not outlive a SIGKILL of ctxbench (perf itself dies with the runner).
 */
pid_t profile_group(const struct profile *pf);

/* perf's own CPU time since it was ready, seconds: none of the run's. */
double profile_cpu_s(const struct profile *pf);

/*
 * Stop perf and reap it; when @ok, what it recorded is read into the
 * run's profile, which profile_keep() adds to a row.
 */
void profile_run_end(struct profile *pf, int ok);

/* The last run is one of row @k's runs: its profile joins the row's. */
void profile_keep(struct profile *pf, unsigned int k);

/* Row @k's profile, into @out (left empty when none). */
void profile_row(const struct profile *pf, unsigned int k,
		 struct result_profile *out);

#endif
