/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The CPUs' core types: Intel's hybrid P-cores and E-cores, the capacities
 * of big.LITTLE, or one type; and which of them a set of CPUs is on.
 */
#ifndef CTXBENCH_CORES_H
#define CTXBENCH_CORES_H

#include <sched.h>
#include <stddef.h>

#include "model/results.h"

/*
 * The core types of the machine under @root into @in: core_type_cpus, a
 * type ("P-core", "E-core", "capacity 1024") and its CPUs each, the
 * fastest first, and core_types, the line the report prints: "P-cores
 * 0-11, E-cores 12-19" from the PMUs of /sys/devices/cpu_core and
 * cpu_atom, "1024: 4-7, 414: 0-3 (cpu_capacity)" from each online CPU's
 * cpu_capacity, "one type (...)", or "unknown (...)".
 */
void cores_read(const char *root, struct result_info *in);

/*
 * Of the CPU list @cpus (a row's), how many are of the fastest type of
 * @in's core_type_cpus into *@big, of the others into *@little, and the
 * types they are into @types ("P-core+E-core"): 1, or 0 when the machine
 * has one type or its types, or @cpus, are unknown.
 */
int cores_of(const struct result_info *in, const char *cpus, unsigned int *big,
	     unsigned int *little, char *types, size_t size);

/*
 * The ends of the machine's core types, as -P big, little and big-little
 * place on them: the fastest type and the slowest, each its name ("P-core",
 * "capacity 414") and CPUs; ntypes, how many types the machine has (0
 * unknown), and words, the line of core_types.
 */
struct cores_ends {
	unsigned int ntypes;
	cpu_set_t big, little;
	char big_type[64], little_type[64];
	char words[96];
};

/* The ends of the core types under @root into @e, read as cores_read(). */
void cores_ends_read(const char *root, struct cores_ends *e);

#endif
