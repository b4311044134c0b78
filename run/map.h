/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The memory of a run: where each part of the mapping the runner shares
 * with its participants lies, and the stack of a participant thread.
 * Below both the runner (run.c) and the limits checked for it (limits.c).
 */
#ifndef CTXBENCH_RUN_MAP_H
#define CTXBENCH_RUN_MAP_H

#include <stddef.h>

#include "run.h"

/*
 * Stack of a participant thread, set for each (pthread_attr_setstacksize):
 * not glibc's default, which is RLIMIT_STACK, however small or large.
 */
#define RUN_THREAD_STACK (256 * 1024)

/* Where each part of the shared mapping of a run lies, and its size. */
struct run_layout {
	size_t off_ring, off_peer, off_slot, off_rtt, off_pick, off_state;
	size_t state_size, state_step, size;
};

/* The layout of the mapping of a run of @spec, into @l. */
void run_layout(const struct run_spec *spec, struct run_layout *l);

/* The bytes of the mapping a run of @spec shares with its participants. */
size_t run_map_size(const struct run_spec *spec);

#endif
