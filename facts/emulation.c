/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Whether the CPU is emulated (qemu's TCG): CPUID, model name.
 *
 * Emulated CPUs: under qemu's TCG every instruction is translated and
 * every time is the emulator's, so a run there says nothing of the kernel.
 * qemu names itself in the CPUID hypervisor leaf ("TCGTCGTCGTCG", as KVM
 * does with "KVMKVMKVM"), and its "max" CPU model in the model name.
 */
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "emulation.h"
#include "lib/util.h"

#define EMULATION_TCG "TCGTCGTCGTCG"
#define EMULATION_TCG_MODEL "QEMU TCG CPU"

int emulation_signature(char *sig, size_t size)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned int a, b, c, d;
	char s[13];

	if (size)
		sig[0] = '\0';
	if (!__get_cpuid(1, &a, &b, &c, &d))
		return -1;
	if (!(c & (1U << 31))) /* the hypervisor bit */
		return 0;
	__cpuid(0x40000000, a, b, c, d);
	memcpy(s, &b, 4);
	memcpy(s + 4, &c, 4);
	memcpy(s + 8, &d, 4);
	s[12] = '\0';
	for (int i = 0; i < 12 && s[i]; i++)
		if (s[i] < ' ' || s[i] > '~')
			s[i] = '?';
	snprintf(sig, size, "%s", s);
	return 1;
#else
	if (size)
		sig[0] = '\0';
	return -1;
#endif
}

void emulation_classify(int has_sig, const char *sig, const char *cpu_type,
			char *out, size_t size)
{
	static const char *const hv[][2] = {
		{ "KVMKVMKVM", "KVM" },		  { "Microsoft Hv", "Hyper-V" },
		{ "VMwareVMware", "VMware" },	  { "XenVMMXenVMM", "Xen" },
		{ "VBoxVBoxVBox", "VirtualBox" }, { "bhyve bhyve ", "bhyve" },
		{ "ACRNACRNACRN", "ACRN" },
	};
	const char *name = sig;

	if (has_sig == 1 && strcmp(sig, EMULATION_TCG) == 0) {
		snprintf(out, size, "yes (qemu TCG: CPUID %s)", sig);
		return;
	}
	if (strncmp(cpu_type, EMULATION_TCG_MODEL,
		    strlen(EMULATION_TCG_MODEL)) == 0) {
		snprintf(out, size, "yes (qemu TCG: model name)");
		return;
	}
	if (has_sig == 0) {
		snprintf(out, size, "no (no hypervisor)");
		return;
	}
	if (has_sig == 1 && sig[0]) {
		for (size_t i = 0; i < ARRAY_SIZE(hv); i++)
			if (strcmp(sig, hv[i][0]) == 0)
				name = hv[i][1];
		snprintf(out, size, "no (%s)", name);
		return;
	}
	out[0] = '\0';
}

int emulation_yes(const char *emulated)
{
	return strncmp(emulated, "yes", 3) == 0;
}
