/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Placements: where the participants of a ring run. */
#ifndef CTXBENCH_PLACE_H
#define CTXBENCH_PLACE_H

#include <sched.h>
#include <stddef.h>

#include "facts/cores.h"

enum place_kind {
	PLACE_ANY, /* not pinned: the scheduler decides */
	PLACE_SAME, /* every participant on one CPU */
	PLACE_CROSS, /* different CPUs, different physical cores first */
	PLACE_SMT, /* the two SMT siblings of one core */
	PLACE_CPUS, /* explicit CPUs, participant i on cpu[i % ncpu] */
	/*
	 * Core types (hybrid machines): different CPUs of the fastest type,
	 * of the slowest, or alternately one and the other, different
	 * physical cores first each.
	 */
	PLACE_BIG,
	PLACE_LITTLE,
	PLACE_BIG_LITTLE,
};

/* Does @kind place by core type, which a machine of one type lacks? */
#define PLACE_BY_TYPE(kind)                               \
	((kind) == PLACE_BIG || (kind) == PLACE_LITTLE || \
	 (kind) == PLACE_BIG_LITTLE)

#define PLACE_MAX_CPUS 64

struct place {
	enum place_kind kind;
	char name[48]; /* as the report prints it: "same", "cpus:0,2" */
	unsigned int ncpu; /* PLACE_CPUS */
	int cpu[PLACE_MAX_CPUS];
};

/* What placement needs to know of the machine. */
struct place_topo {
	cpu_set_t allowed; /* sched_getaffinity() */
	int core[CPU_SETSIZE]; /* package * 65536 + core id, -1 unknown */
	struct cores_ends types; /* the fastest and the slowest core type */
};

/* The @i-th word of -P ("any", ..., "cpus:A,B"), NULL past the last. */
const char *place_word(size_t i);

/*
 * Parse a -P list ("same,cross,cpus:0,1,any") into @out (at most @max).
 * Numbers after "cpus:" belong to it until the next name.  Returns the
 * count, or -1 with a one-line message in @err.
 */
int place_parse(const char *arg, struct place *out, unsigned int max, char *err,
		size_t errlen);

/*
 * Read the core of each allowed CPU and the core types from @root (""
 * live); the allowed CPUs are @allowed, or sched_getaffinity()'s when
 * NULL.
 */
int place_topo_read(const char *root, const cpu_set_t *allowed,
		    struct place_topo *t);

/*
 * The CPU of each of @nr participants for @p, into @cpu (-1: unpinned).
 * Returns 0, or -1 with the reason this machine cannot offer @p in
 * @why: the placement is then skipped, not an error.
 */
int place_resolve(const struct place *p, const struct place_topo *t,
		  unsigned int nr, int *cpu, char *why, size_t whylen);

/*
 * The same for @rings rings of @nr participants at once, into @cpu[rings
 * * nr] (ring k's participants at k * nr ..): with "same" each ring on a
 * CPU of its own, with "cross" (explicit CPUs, and the core types' over
 * their type's CPUs) each ring over CPUs of its own, spread so that rings
 * share CPUs as little as the allowed ones let them, wrapping round when
 * there are too few.  *@over says whether they crowd each other: a CPU
 * holds more participants than one ring alone puts on any CPU (unpinned:
 * spread evenly over the allowed).
 * Returns 0, or -1 with the reason in @why, as place_resolve().
 */
int place_resolve_rings(const struct place *p, const struct place_topo *t,
			unsigned int nr, unsigned int rings, int *cpu,
			int *over, char *why, size_t whylen);

#endif
