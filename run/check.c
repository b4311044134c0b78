/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The checks before a sweep starts, each over every row that will run. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "run.h"

/*
 * Every row of @s with rings that can run, as a spec at working set @kb,
 * through @check; 0, or the first -1, with why in @err.
 */
static int check_rows(const struct sweep_spec *s, unsigned int kb,
		      int (*check)(const struct run_spec *, char *, size_t),
		      char *err, size_t errlen)
{
	for (unsigned int i = 0; i < s->nops; i++) {
		if (sweep_unshareable(s->ops[i], s->shared, NULL, 0))
			continue; /* skipped: nothing runs */
		for (unsigned int k = 0; k < s->nprocs; k++) {
			for (unsigned int q = 0; q < s->nrings; q++) {
				struct run_spec spec = sweep_run_spec(
					s, s->ops[i], s->procs[k], kb);

				spec.rings = s->rings[q];
				spec.shared = s->shared;
				if (check(&spec, err, errlen) < 0)
					return -1;
			}
		}
	}
	return 0;
}

int check_limits(const struct sweep_spec *s, char *err, size_t errlen)
{
	return check_rows(s, 0, run_check_limits, err, errlen);
}

/* Checked once the rows exist: the participants inherit them. */
int check_mlock(const struct sweep_spec *s, char *err, size_t errlen)
{
	unsigned int kb = 0;

	if (!s->mlock)
		return 0;
	for (unsigned int m = 0; m < s->nsizes; m++)
		kb = s->size_kb[m] > kb ? s->size_kb[m] : kb;
	return check_rows(s, kb, run_check_mlock, err, errlen);
}

/*
 * Spinners of @ops at @cls on CPUs @cpu (@nr of them, -1s when unpinned),
 * placed @where: sharing a CPU, or on every one?
 */
static int check_spinners(const struct ipc_ops *ops,
			  const struct run_class *cls, const char *where,
			  const int *cpu, unsigned int nr,
			  const struct place_topo *topo, long online, char *err,
			  size_t errlen)
{
	const char *name = run_class_name(cls->policy);
	unsigned int busy, allowed = (unsigned int)CPU_COUNT(&topo->allowed);
	cpu_set_t used;

	/* Yielding ones hand the CPU to each other: only theirs is shared. */
	if (!(ops->flags & IPC_YIELD_WAIT) &&
	    sweep_cpus_shared(topo, cpu, nr)) {
		snprintf(
			err, errlen,
			"%s %s %s:%d: spinners at a real-time class sharing a CPU: one keeps it and the others never run (only RT throttling takes the CPU from one): not run (give each its own CPU, -P cross, or use spin-yield)",
			ops->name, where, name, cls->prio);
		return -1;
	}
	CPU_ZERO(&used);
	for (unsigned int i = 0; cpu[0] >= 0 && i < nr; i++)
		CPU_SET(cpu[i], &used);
	busy = cpu[0] >= 0  ? (unsigned int)CPU_COUNT(&used) :
	       nr < allowed ? nr :
			      allowed;
	if (online > 0 && busy >= (unsigned long)online) {
		snprintf(
			err, errlen,
			"%s %s %s:%d: spinners at a real-time class on every CPU (%u of %ld) would leave the rest of the machine only what RT throttling gives it for -t: not run (leave a CPU free)",
			ops->name, where, name, cls->prio, busy, online);
		return -1;
	}
	return 0;
}

/*
 * At a real-time class a participant that never sleeps (a spinner, one
 * that only yields, which then yields to nothing but its peers, or
 * null's, which does not wait at all) keeps its CPU until RT throttling
 * takes it away, 5 % of the time by default: such participants sharing a
 * CPU would never let each other run (yielding ones aside), and on every
 * online CPU they would leave the rest of the machine, the shell that
 * started ctxbench included, next to nothing for -t.  And the runner must
 * run above them, to stop them on time: not at 99.  The class may be
 * ctxbench's own (chrt), which its participants inherit.
 */
int check_class(const struct ipc_ops *ops, const struct run_class *cls,
		const struct place *place, unsigned int nr, unsigned int rings,
		const struct place_topo *topo, long online, char *err,
		size_t errlen)
{
	char where[sizeof(place->name) + 16];
	int over, rc = 0, *cpu;
	const char *name = run_class_name(cls->policy);

	if (!(ops->flags & IPC_NEVER_SLEEPS) || !run_class_rt(cls->policy))
		return 0;
	if (cls->prio >= RUN_PRIO_MAX && cls->inherited) {
		snprintf(
			err, errlen,
			"%s at %s:%d, ctxbench's own class: ctxbench must run above participants that never sleep to stop them on time: start it at priority %d or less (chrt), or give --policy",
			ops->name, name, cls->prio, RUN_PRIO_MAX - 1);
		return -1;
	}
	if (cls->prio >= RUN_PRIO_MAX) {
		snprintf(
			err, errlen,
			"%s at %s:%d: ctxbench must run above spinning participants to stop them on time: give --prio %d or less",
			ops->name, name, cls->prio, RUN_PRIO_MAX - 1);
		return -1;
	}
	snprintf(where, sizeof(where), "%s", place->name);
	if (rings > 1)
		snprintf(where + strlen(where), sizeof(where) - strlen(where),
			 " x%u", rings);
	/* Every ring's participants: two spinners of any rings on one CPU. */
	nr *= rings;
	/* RUN_MAX_NR of them: on the heap, not on a small stack. */
	cpu = nr > RUN_MAX_NR ? NULL : malloc(RUN_MAX_NR * sizeof(*cpu));
	if (cpu && place_resolve_rings(place, topo, nr / rings, rings, cpu,
				       &over, err, errlen) == 0)
		rc = check_spinners(ops, cls, where, cpu, nr, topo, online, err,
				    errlen);
	/* Else skipped anyway, or the run runs out of memory too. */
	free(cpu);
	return rc;
}

int check_places(const struct sweep_spec *s, const struct place_topo *topo,
		 char *err, size_t errlen)
{
	if (topo->types.ntypes >= 2)
		return 0;
	for (unsigned int i = 0; i < s->nplaces; i++) {
		if (!PLACE_BY_TYPE(s->place[i].kind))
			continue;
		snprintf(
			err, errlen,
			"-P/--placement: %s places by core type, but this machine's CoreTypes is '%s': big, little and big-little need two types, as a hybrid CPU's P-cores and E-cores, or CPUs of different cpu_capacity",
			s->place[i].name, topo->types.words);
		return -1;
	}
	return 0;
}

int check_classes(const struct sweep_spec *s, const struct place_topo *topo,
		  long online, char *err, size_t errlen)
{
	enum { D_OPS, D_PLACE, D_CLASS, D_PROCS, D_RINGS, D_N };
	const unsigned int dim[D_N] = { s->nops, s->nplaces, s->nclasses,
					s->nprocs, s->nrings };
	unsigned int at[D_N] = { 0 };

	do {
		if (check_class(s->ops[at[D_OPS]], &s->cls[at[D_CLASS]],
				&s->place[at[D_PLACE]], s->procs[at[D_PROCS]],
				s->rings[at[D_RINGS]], topo, online, err,
				errlen) < 0)
			return -1;
	} while (sweep_odometer(at, dim, D_N));
	return 0;
}

int check_slice(const struct sweep_spec *s, char *err, size_t errlen)
{
	int fair = 0;

	if (!s->slice_us)
		return 0;
	for (unsigned int i = 0; i < s->nclasses; i++)
		fair |= run_class_fair(&s->cls[i]);
	if (!fair) {
		snprintf(
			err, errlen,
			"--slice: only the fair class (SCHED_OTHER, SCHED_BATCH) has a slice, and no participant runs in it: ctxbench's own class is another (give --policy other or batch)");
		return -1;
	}
	return run_slice_check(s->slice_us, err, errlen);
}
