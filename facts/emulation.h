/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Whether the CPU is emulated (qemu's TCG), so that no time is taken for the kernel's. */
#ifndef CTXBENCH_EMULATION_H
#define CTXBENCH_EMULATION_H

#include <stddef.h>

/*
 * The hypervisor's CPUID signature (leaf 0x40000000, "KVMKVMKVM",
 * "TCGTCGTCGTCG") of the running CPU into @sig: 1 when there is one, 0
 * when the CPU says no hypervisor runs it, -1 when it cannot tell (no
 * x86).
 */
int emulation_signature(char *sig, size_t size);

/*
 * Whether the CPU is emulated, from the CPUID signature @sig (@has_sig as
 * emulation_signature() returned it; -1 when not read, as for a fixture
 * tree) and the model name @cpu_type of /proc/cpuinfo: "yes (...)" with
 * what says so, "no (...)", or "" when nothing tells.
 */
void emulation_classify(int has_sig, const char *sig, const char *cpu_type,
			char *out, size_t size);

/* Does the fact @emulated (as classified above) say the CPU is emulated? */
int emulation_yes(const char *emulated);

#endif
