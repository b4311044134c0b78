/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The memory of a run: its shared mapping laid out, a participant thread's
 * stack.
 *
 * The shared mapping of a run laid out: the control block, the mechanism's
 * rings, the peers, the participants' slots, the round trip histograms,
 * then the mechanism's state on pages of its own.
 */
#include <unistd.h>

#include "map.h"
#include "ring.h"

static size_t run_align(size_t n, size_t a)
{
	return (n + a - 1) / a * a;
}

void run_layout(const struct run_spec *spec, struct run_layout *l)
{
	unsigned int rings = run_rings(spec), nr = spec->nr * rings;
	unsigned int nobj = spec->shared ? 1 : rings, obj_nr = nr / nobj;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	l->off_ring = run_align(sizeof(struct run_ctl), IPC_LINE);
	l->off_peer = run_align(l->off_ring + nobj * sizeof(struct ipc_ring),
				IPC_LINE);
	l->off_slot =
		run_align(l->off_peer + nr * sizeof(struct ipc_peer), IPC_LINE);
	l->off_rtt =
		run_align(l->off_slot + nr * sizeof(struct run_slot), IPC_LINE);
	l->off_pick =
		run_align(l->off_rtt + rings * sizeof(struct hist), IPC_LINE);
	l->off_state =
		run_align(l->off_pick + rings * sizeof(struct pick), page);
	l->state_size = spec->ops->size ? spec->ops->size(obj_nr) : 0;
	l->state_step = run_align(l->state_size, page);
	l->size = l->off_state + nobj * l->state_step;
}

size_t run_map_size(const struct run_spec *spec)
{
	struct run_layout l;

	run_layout(spec, &l);
	return l.size;
}
