/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Whether the TSC is stable: what the CPU flags, the boot command line
 * and the clocksources say of it, in a guest as on bare metal.
 */
#ifndef CTXBENCH_TSC_H
#define CTXBENCH_TSC_H

#include <stddef.h>

#include "model/results.h"

/*
 * What /proc/cpuinfo's first flags line says: each flag 1 or 0, all -1
 * when there is no such line (not x86), and @cpuinfo 0 when the file
 * cannot be read.
 */
struct tsc_flags {
	int cpuinfo;
	int tsc, constant, nonstop, reliable; /* tsc_reliable */
};

/*
 * The TSC's stability into @out from @f, the boot command line @cmdline
 * and @available, available_clocksource as read ("" unread): "unstable
 * (tsc=unstable, not a clocksource)" when the kernel was told or found
 * it so; "stable (constant_tsc nonstop_tsc)" when invariant, or said
 * reliable (the tsc_reliable flag; else tsc=reliable); "variable (no
 * nonstop_tsc)"; "none (no tsc flag)"; "unknown (...)".
 */
void tsc_words(const struct tsc_flags *f, const char *cmdline,
	       const char *available, char *out, size_t size);

/*
 * The TSC's fact of @in from what kwords_cpu_flags() gave, @cpuinfo and
 * @flags, and from the clocksources under @root; its boot command line
 * read.
 */
void tsc_read(const char *root, int cpuinfo, const char *flags,
	      struct result_info *in);

#endif
