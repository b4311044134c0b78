/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The checks before a sweep starts: process limits, --mlock, and
 * real-time classes that would starve the machine or never stop.
 */
#ifndef CTXBENCH_RUN_CHECK_H
#define CTXBENCH_RUN_CHECK_H

#include <stddef.h>

#include "ipc/ipc.h"
#include "place.h"
#include "sched.h"
#include "sweep.h"

/*
 * Do the process limits allow every row of @s whose rings can run?
 * 0, or -1 with one line naming the limit in @err.
 */
int check_limits(const struct sweep_spec *s, char *err, size_t errlen);

/*
 * Can the participants of every row of @s lock their memory (--mlock),
 * at the largest working set?  0 without --mlock; else 0, or -1 with the
 * figures in @err.
 */
int check_mlock(const struct sweep_spec *s, char *err, size_t errlen);

/*
 * Can the participants of @ops at class @cls, @nr of them in each of
 * @rings rings at @place, run without starving a machine of @online CPUs
 * and be stopped on time?  0, or -1 with why in @err.
 */
int check_class(const struct ipc_ops *ops, const struct run_class *cls,
		const struct place *place, unsigned int nr, unsigned int rings,
		const struct place_topo *topo, long online, char *err,
		size_t errlen);

/*
 * --slice: are participants of some class of @s fair, and does the
 * kernel give a thread of the fair class the slice?  0 without it; else
 * 0, or -1 with why in @err.
 */
int check_slice(const struct sweep_spec *s, char *err, size_t errlen);

/*
 * The placements of @s by core type (big, little, big-little) on a
 * machine of one core type, or of types unknown, in @topo: refused, as
 * they mean nothing there.  0, or -1 with why in @err.
 */
int check_places(const struct sweep_spec *s, const struct place_topo *topo,
		 char *err, size_t errlen);

/* check_class() for every row of @s: 0, or -1 with why in @err. */
int check_classes(const struct sweep_spec *s, const struct place_topo *topo,
		  long online, char *err, size_t errlen);

#endif
