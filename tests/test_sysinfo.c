/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tests of the Run information: each fact read from fixture trees (an x86
 * virtual machine that shows everything, a machine that shows nothing we
 * read, a hybrid laptop under a BPF scheduler, an RT big.LITTLE board, a
 * guest of a kernel with proxy execution), the parsers behind them, the
 * text block (golden) and its width, the saved form read back, and the
 * scheduler's facts and a row's in the formats.  Set
 * CTXBENCH_UPDATE_GOLDEN=1 to rewrite the golden files.
 */
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <sys/stat.h>

#include "golden.h"
#include "facts/rtinfo.h"
#include "lib/util.h"
#include "report/report.h"
#include "store/store.h"
#include "facts/emulation.h"
#include "facts/cores.h"
#include "facts/sched.h"
#include "facts/sysinfo.h"
#include "facts/tsc.h"
#include "render.h"
#include "analysis/model.h"
#include "report/formats.h"

#define VM TEST_DIR "/fixtures/sys-vm"
#define EMPTY TEST_DIR "/fixtures/sys-empty"
/* An Intel hybrid laptop: Fedora's 6.17, lazy, a BPF scheduler running. */
#define HYBRID TEST_DIR "/fixtures/sys-hybrid"
/* An arm64 big.LITTLE board: Debian 12's PREEMPT_RT 6.1, CFS. */
#define RTBOX TEST_DIR "/fixtures/sys-rt"
/* A KVM guest of a 6.17 kernel built with proxy execution. */
#define PROXY TEST_DIR "/fixtures/sys-proxy"

/* The value of @key in @kv of @n, or NULL. */
static const char *kv_get(const struct result_kv *kv, unsigned int n,
			  const char *key)
{
	for (unsigned int i = 0; i < n; i++)
		if (strcmp(kv[i].key, key) == 0)
			return kv[i].value;
	return NULL;
}

static void test_vm(void)
{
	static struct result_info in;
	const char *v;

	memset(&in, 0x55, sizeof(in));
	sysinfo_read(VM, &in);
	CHECK_STR(in.cpu_type, "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz");
	CHECK_STR(in.cpu_mhz, "2899.998");
	CHECK_STR(in.hostname, "guest1");
	CHECK_STR(in.kernel, "6.8.0-45-generic");
	CHECK_EQ_INT(in.ncpu, 4);
	CHECK_STR(
		in.kernel_version,
		"#45-Ubuntu SMP PREEMPT_DYNAMIC Fri Aug 30 12:02:04 UTC 2024");
	CHECK(strncmp(in.boot_cmdline, "BOOT_IMAGE=/vmlinuz-6.8.0-45-generic ",
		      37) == 0);
	CHECK(strstr(in.boot_cmdline, " vt.handoff=7") != NULL);
	CHECK(in.boot_cmdline[strlen(in.boot_cmdline) - 1] != '\n');
	CHECK_STR(in.preempt, "full (sched/preempt)");
	CHECK_STR(in.fair_sched,
		  "EEVDF, base slice 2.25 ms (sched/base_slice_ns)");
	CHECK_STR(in.sched_ext,
		  "none (no /sys/kernel/sched_ext: not built in)");
	CHECK_STR(in.proxy_exec, "no (kernel config)");
	CHECK_STR(in.core_sched, "yes (kernel config)");
	CHECK_STR(in.rt_runtime_us, "950000");
	CHECK_STR(in.rt_period_us, "1000000");
	CHECK_STR(in.rt_throttling, "on: 950000 of 1000000 us (95%)");
	CHECK_STR(in.isolation, "none");
	CHECK_STR(in.threaded_irqs, "no");
	CHECK_STR(in.config_hz, "1000"); /* from /boot/config-<release> */

	CHECK_EQ_INT(in.nvulns, 14);
	CHECK_STR(in.vulns[0].key, "gather_data_sampling"); /* sorted */
	CHECK_STR(in.vulns[13].key, "tsx_async_abort");
	v = kv_get(in.vulns, in.nvulns, "spectre_v2");
	CHECK(v &&
	      strncmp(v, "Mitigation: Enhanced / Automatic IBRS;", 38) == 0);
	CHECK_STR(in.mitigations,
		  "1 vulnerable (mmio_stale_data), 3 mitigated, 1 unknown");

	CHECK_STR(in.cpufreq_driver, "acpi-cpufreq");
	CHECK_STR(in.cpufreq_governor, "performance,schedutil");
	CHECK_STR(in.boost, "on (cpufreq boost=1)");
	CHECK_STR(in.cpuidle_driver, "haltpoll");
	CHECK_STR(in.cpuidle_governor, "haltpoll");

	/* haltpoll's and cpuidle_haltpoll's all, kvm's halt_poll_ns*. */
	CHECK_EQ_INT(in.nhalt_poll, 10);
	CHECK_STR(in.halt_poll_params[0].key,
		  "haltpoll.guest_halt_poll_allow_shrink");
	v = kv_get(in.halt_poll_params, in.nhalt_poll,
		   "haltpoll.guest_halt_poll_ns");
	CHECK(v && strcmp(v, "200000") == 0);
	v = kv_get(in.halt_poll_params, in.nhalt_poll,
		   "cpuidle_haltpoll.force");
	CHECK(v && strcmp(v, "N") == 0);
	v = kv_get(in.halt_poll_params, in.nhalt_poll,
		   "kvm.halt_poll_ns_shrink");
	CHECK(v && strcmp(v, "0") == 0);
	CHECK(!kv_get(in.halt_poll_params, in.nhalt_poll, "kvm.nx_huge_pages"));
	CHECK_STR(in.halt_poll,
		  "guest_halt_poll_ns=200000, halt_poll_ns=200000");

	CHECK_STR(in.smt, "on, active");
	CHECK_STR(in.core_types, "one type (no cpu_core or cpu_atom)");
	CHECK_EQ_INT(in.ncore_types, 0);
	CHECK_STR(in.virt, "yes (hypervisor flag)");
	CHECK_STR(in.machine, "QEMU Standard PC (Q35 + ICH9, 2009)");
	CHECK_STR(in.clocksource, "kvm-clock");
	CHECK_STR(in.tsc, "stable (constant_tsc nonstop_tsc)");
	CHECK_STR(in.boot_id, "5b2f6c1e-3d4a-4f7e-9a0b-1c2d3e4f5a6b");
	CHECK_STR(in.cpus_online, "0-3");
	CHECK_STR(in.compiler, SYSINFO_COMPILER);
	CHECK(in.compiler[0] != '\0');

	/* The caller's facts are left alone. */
	CHECK_EQ_INT((unsigned char)in.label[0], 0x55);
	CHECK_EQ_INT((unsigned char)in.cpus_allowed[0], 0x55);
	CHECK_EQ_INT((unsigned char)in.date[0], 0x55);
}

static void test_hybrid(void)
{
	static struct result_info in;

	memset(&in, 0x55, sizeof(in));
	sysinfo_read(HYBRID, &in);
	CHECK_STR(in.cpu_type, "12th Gen Intel(R) Core(TM) i7-12700H");
	CHECK_STR(in.kernel, "6.17.4-300.fc43.x86_64");
	CHECK_EQ_INT(in.ncpu, 20);
	CHECK_STR(in.preempt, "lazy (sched/preempt)");
	CHECK_STR(in.fair_sched,
		  "EEVDF, base slice 3 ms (sched/base_slice_ns)");
	CHECK_STR(in.sched_ext, "simple, all tasks (enabled; enable_seq 3)");
	/* sched_ext built in: CONFIG_SCHED_PROXY_EXEC cannot be. */
	CHECK_STR(in.proxy_exec, "no (kernel config)");
	CHECK_STR(in.core_sched, "yes (kernel config)");
	CHECK_STR(in.threaded_irqs, "no");
	CHECK_STR(in.config_hz, "1000");
	CHECK_STR(in.smt, "on, active");
	CHECK_STR(in.core_types, "P-cores 0-11, E-cores 12-19");
	CHECK_EQ_INT(in.ncore_types, 2);
	CHECK_STR(in.core_type_cpus[0].key, "P-core");
	CHECK_STR(in.core_type_cpus[0].value, "0-11");
	CHECK_STR(in.core_type_cpus[1].key, "E-core");
	CHECK_STR(in.core_type_cpus[1].value, "12-19");
	CHECK_STR(in.virt, "no (no hypervisor flag)");
	CHECK_STR(in.clocksource, "tsc");
	CHECK_STR(in.tsc, "stable (constant_tsc nonstop_tsc)");
}

static void test_rtbox(void)
{
	static struct result_info in;

	memset(&in, 0x55, sizeof(in));
	sysinfo_read(RTBOX, &in);
	CHECK_STR(in.kernel, "6.1.0-41-rt-arm64");
	CHECK_EQ_INT(in.ncpu, 8);
	/* No sched/preempt: PREEMPT_DYNAMIC excluded PREEMPT_RT then. */
	CHECK_STR(in.preempt, "rt (kernel version)");
	CHECK_STR(in.threaded_irqs, "yes (forced: PREEMPT_RT)");
	CHECK_STR(in.fair_sched,
		  "CFS, min granularity 3 ms (sched/min_granularity_ns)");
	CHECK_STR(in.sched_ext,
		  "none (no /sys/kernel/sched_ext: not built in)");
	CHECK_STR(in.proxy_exec, "no (kernel config)");
	CHECK_STR(in.core_sched, "no (kernel config)");
	CHECK_STR(in.rt_throttling, "off (sched_rt_runtime_us -1)");
	CHECK_STR(in.isolation, "isolcpus=6-7 nohz_full=6-7");
	CHECK_STR(in.config_hz, "250");
	CHECK_STR(in.virt, ""); /* arm64: no flags to tell */
	/* The big cores first, whatever their numbers. */
	CHECK_STR(in.core_types, "1024: 4-7, 414: 0-3 (cpu_capacity)");
	CHECK_EQ_INT(in.ncore_types, 2);
	CHECK_STR(in.core_type_cpus[0].key, "capacity 1024");
	CHECK_STR(in.core_type_cpus[0].value, "4-7");
	CHECK_STR(in.core_type_cpus[1].key, "capacity 414");
	CHECK_STR(in.core_type_cpus[1].value, "0-3");
	CHECK_STR(in.clocksource, "arch_sys_counter");
	CHECK_STR(in.tsc, "none (no x86 flags in /proc/cpuinfo)");
}

static void test_proxy(void)
{
	static struct result_info in;

	memset(&in, 0x55, sizeof(in));
	sysinfo_read(PROXY, &in);
	CHECK_STR(in.kernel, "6.17.0");
	CHECK_EQ_INT(in.ncpu, 4);
	/* debugfs not mounted; the dynamic kernel's configured model. */
	CHECK_STR(in.preempt, "full at boot (dynamic; kernel config)");
	CHECK_STR(in.fair_sched, "EEVDF (release 6.17: EEVDF from 6.6)");
	CHECK_STR(in.sched_ext,
		  "none (no /sys/kernel/sched_ext: not built in)");
	CHECK_STR(in.proxy_exec, "on (sched_proxy_exec=1)");
	CHECK_STR(in.core_sched, "yes (kernel config)");
	CHECK_STR(in.config_hz, "1000");
	CHECK_STR(in.virt, "yes (hypervisor flag)");
	CHECK_STR(in.core_types, "one type (no cpu_core or cpu_atom)");
	CHECK_STR(in.clocksource, "kvm-clock");
	/* KVM shows no invariant TSC unless asked (+invtsc). */
	CHECK_STR(in.tsc, "variable (no nonstop_tsc)");
}

/* Every machine fact of @in is unknown; the TSC is as @tsc says. */
static void check_unknown(const struct result_info *in, const char *tsc)
{
	CHECK_STR(in->cpu_type, "");
	CHECK_STR(in->cpu_mhz, "");
	CHECK_STR(in->hostname, "");
	CHECK_STR(in->kernel, "");
	CHECK_EQ_INT(in->ncpu, 0);
	CHECK_STR(in->kernel_version, "");
	CHECK_STR(in->boot_cmdline, "");
	CHECK_STR(in->boot_id, "");
	CHECK_STR(in->preempt, "");
	CHECK_STR(in->fair_sched, "unknown (no sched debugfs, no release)");
	CHECK_STR(in->sched_ext, "unknown (no /sys/kernel)");
	CHECK_STR(in->proxy_exec,
		  "unknown (no sched/features or kernel config)");
	CHECK_STR(in->core_sched, "unknown (no prctl or kernel config)");
	CHECK_STR(in->rt_runtime_us, "");
	CHECK_STR(in->rt_period_us, "");
	CHECK_STR(in->rt_throttling, "");
	CHECK_STR(in->isolation, "");
	CHECK_STR(in->threaded_irqs, "");
	CHECK_STR(in->config_hz, "");
	CHECK_EQ_INT(in->nvulns, 0);
	CHECK_STR(in->mitigations, "");
	CHECK_STR(in->cpufreq_driver, "");
	CHECK_STR(in->cpufreq_governor, "");
	CHECK_STR(in->boost, "");
	CHECK_STR(in->cpuidle_driver, "");
	CHECK_STR(in->cpuidle_governor, "");
	CHECK_EQ_INT(in->nhalt_poll, 0);
	CHECK_STR(in->halt_poll, "");
	CHECK_STR(in->smt, "");
	CHECK_STR(in->core_types, "unknown (no cpu_capacity or hybrid PMU)");
	CHECK_EQ_INT(in->ncore_types, 0);
	CHECK_STR(in->virt, "");
	CHECK_STR(in->emulated, "");
	CHECK_STR(in->machine, "");
	CHECK_STR(in->clocksource, "");
	CHECK_STR(in->tsc, tsc);
	CHECK_STR(in->cpus_online, "");
	CHECK_STR(in->compiler, SYSINFO_COMPILER);
}

static void test_empty(void)
{
	static struct result_info in;

	/*
	 * An arm64 /proc/cpuinfo (no flags: virtual or not, it cannot
	 * say), empty files, and the configuration only as config.gz.
	 */
	memset(&in, 0x55, sizeof(in));
	sysinfo_read(EMPTY, &in);
	check_unknown(&in, "none (no x86 flags in /proc/cpuinfo)");

	memset(&in, 0x55, sizeof(in));
	sysinfo_read(TEST_DIR "/fixtures/nonexistent", &in);
	check_unknown(&in, "unknown (no /proc/cpuinfo)");
}

/* Write @text to @root@path, making the directories on the way. */
static void put(const char *root, const char *path, const char *text)
{
	char name[512];
	FILE *f;

	snprintf(name, sizeof(name), "%s%s", root, path);
	for (char *p = name + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		CHECK(mkdir(name, 0700) == 0 || errno == EEXIST);
		*p = '/';
	}
	if (!text) { /* a directory */
		CHECK(mkdir(name, 0700) == 0 || errno == EEXIST);
		return;
	}
	f = fopen(name, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static int rm_one(const char *path, const struct stat *st, int flag,
		  struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* What the fixture trees do not show: other machines, other files. */
static void test_other_trees(void)
{
	static struct result_info in;
	char root[] = "/tmp/ctxbench-sysinfo-XXXXXX";

	CHECK(mkdtemp(root) != NULL);

	/* Bare metal: the configuration in /lib/modules, turbo off. */
	put(root, "/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu vme tsc\n");
	put(root, "/proc/sys/kernel/osrelease", "6.1.0-metal\n");
	put(root, "/proc/sys/kernel/version", "#1 SMP Mon Jan 1 2024\n");
	put(root, "/lib/modules/6.1.0-metal/config",
	    "CONFIG_HZ_300=y\nCONFIG_HZ=300\nCONFIG_PREEMPT_NONE=y\n");
	put(root, "/sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
	put(root, "/sys/devices/system/cpu/cpufreq", NULL);
	put(root, "/sys/devices/system/cpu/smt/active", "0\n");
	put(root, "/sys/module/ext4", NULL);
	/* What text may not hold (lib/text.h) is written \xNN, names too. */
	put(root, "/proc/sys/kernel/hostname",
	    "h\xc2\x85o\xe2\x80\xaest\x7f\n");
	put(root,
	    "/sys/devices/system/cpu/vulnerabilities/a\xc2\x9b"
	    "b",
	    "Not affected\n");
	sysinfo_read(root, &in);
	CHECK_STR(in.hostname, "h\\xc2\\x85o\\xe2\\x80\\xaest\\x7f");
	CHECK_EQ_INT(in.nvulns, 1);
	CHECK_STR(in.vulns[0].key, "a\\xc2\\x9b"
				   "b");
	CHECK_STR(in.virt, "no (no hypervisor flag)");
	CHECK_STR(in.preempt, "none (kernel config)");
	CHECK_STR(in.config_hz, "300");
	CHECK_STR(in.boost, "off (intel_pstate no_turbo=1)");
	CHECK_STR(in.cpufreq_driver, "none");
	CHECK_STR(in.cpufreq_governor, "none");
	CHECK_STR(in.halt_poll, "none");
	CHECK_STR(in.smt, "inactive");
	CHECK_STR(in.machine, "");
	CHECK(nftw(root, rm_one, 8, FTW_DEPTH | FTW_PHYS) == 0);

	/* Xen, boost per policy, older kernels' names. */
	CHECK(mkdtemp(strcpy(root, "/tmp/ctxbench-sysinfo-XXXXXX")) != NULL);
	put(root, "/sys/hypervisor/type", "xen\n");
	put(root, "/sys/kernel/debug/sched_preempt", "(none) voluntary full\n");
	put(root, "/sys/devices/system/cpu/cpufreq/policy0/boost", "1\n");
	put(root, "/sys/devices/system/cpu/cpufreq/policy1/boost", "0\n");
	put(root, "/sys/devices/system/cpu/cpuidle/current_governor_ro",
	    "menu\n");
	put(root, "/sys/class/dmi/id/product_name", "HVM domU\n");
	sysinfo_read(root, &in);
	CHECK_STR(in.virt, "yes (xen)");
	CHECK_STR(in.preempt, "none (sched/preempt)");
	CHECK_STR(in.boost, "mixed (cpufreq policy boost)");
	CHECK_STR(in.cpufreq_driver, "");
	CHECK_STR(in.cpuidle_governor, "menu");
	CHECK_STR(in.machine, "HVM domU");
	CHECK_STR(in.halt_poll, ""); /* no /sys/module to tell */
	put(root, "/sys/devices/system/cpu/cpufreq/policy1/boost", "1\n");
	sysinfo_read(root, &in);
	CHECK_STR(in.boost, "on (cpufreq policy boost=1)");
	CHECK(nftw(root, rm_one, 8, FTW_DEPTH | FTW_PHYS) == 0);
}

/*
 * A minimal userspace in a VM: Debian's kernels under qemu's TCG, no
 * debugfs mounted, no kernel configuration anywhere.
 */
static void test_minimal_vm(void)
{
	static struct result_info in;
	char root[] = "/tmp/ctxbench-sysinfo-XXXXXX";

	CHECK(mkdtemp(root) != NULL);
	put(root, "/proc/cpuinfo",
	    "processor\t: 0\nvendor_id\t: AuthenticAMD\n"
	    "model name\t: QEMU TCG CPU version 2.5+\n"
	    "flags\t\t: fpu de pse tsc msr hypervisor lahf_lm svm\n");
	put(root, "/proc/sys/kernel/osrelease", "6.1.0-57-rt-amd64\n");
	put(root, "/proc/sys/kernel/version",
	    "#1 SMP PREEMPT_RT Debian 6.1.192-3 (2026-11-26)\n");
	put(root, "/proc/cmdline", "console=ttyS0 panic=-1 quiet\n");
	put(root, "/sys/kernel/debug", NULL); /* not mounted */
	sysinfo_read(root, &in);
	CHECK_STR(in.kernel, "6.1.0-57-rt-amd64");
	CHECK_STR(in.preempt, "rt (kernel version)");
	CHECK_STR(in.config_hz, ""); /* a fixture's tick is not measured */
	CHECK_STR(in.virt, "yes (hypervisor flag)");
	CHECK_STR(in.emulated, "yes (qemu TCG: model name)");
	CHECK(emulation_yes(in.emulated));
	CHECK_STR(in.tsc, "variable (no constant_tsc, no nonstop_tsc)");

	put(root, "/proc/sys/kernel/osrelease", "6.1.0-57-amd64\n");
	put(root, "/proc/sys/kernel/version",
	    "#1 SMP PREEMPT_DYNAMIC Debian 6.1.192-3 (2026-11-26)\n");
	put(root, "/proc/cpuinfo",
	    "processor\t: 0\nmodel name\t: AMD EPYC 7B13\n"
	    "flags\t\t: fpu de pse tsc msr hypervisor\n");
	sysinfo_read(root, &in);
	CHECK_STR(in.preempt, "dynamic (kernel version)");
	CHECK_STR(in.emulated, ""); /* KVM or TCG: only CPUID can tell */
	CHECK(!emulation_yes(in.emulated));

	/* debugfs mounted: the model the dynamic kernel runs now. */
	put(root, "/sys/kernel/debug/sched/preempt", "none (voluntary) full\n");
	sysinfo_read(root, &in);
	CHECK_STR(in.preempt, "voluntary (sched/preempt)");
	CHECK(nftw(root, rm_one, 8, FTW_DEPTH | FTW_PHYS) == 0);
}

/* The fair class from debugfs, the sysctl, the release. */
static void test_fair(void)
{
	static const struct {
		const char *slice, *gran, *where, *release, *want;
	} cases[] = {
		{ "3000000", "", "", "6.17.4",
		  "EEVDF, base slice 3 ms "
		  "(sched/base_slice_ns)" },
		{ "700000", "", "", "",
		  "EEVDF, base slice 0.7 ms "
		  "(sched/base_slice_ns)" },
		{ "", "2250000", "sysctl", "5.4.0",
		  "CFS, min granularity 2.25 ms (sysctl)" },
		{ "junk", "", "", "6.6.0-rc1",
		  "EEVDF (release 6.6: EEVDF "
		  "from 6.6)" },
		{ "", "", "", "6.5.13-1-pve",
		  "CFS (release 6.5: EEVDF from "
		  "6.6)" },
		{ "", "", "", "2.6.22.19",
		  "neither (release 2.6: CFS from "
		  "2.6.23)" },
		{ "", "", "", "2.6.23", "CFS (release 2.6: EEVDF from 6.6)" },
		{ "", "", "", "", "unknown (no sched debugfs, no release)" },
		{ "", "", "", "linux",
		  "unknown (no sched debugfs, no release)" },
	};
	char out[96];

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		sched_fair(cases[i].slice, cases[i].gran, cases[i].where,
			   cases[i].release, out, sizeof(out));
		CHECK_STR(out, cases[i].want);
	}
	CHECK_EQ_INT(sched_fair_eevdf("EEVDF (release 6.6: EEVDF from 6.6)"),
		     1);
	CHECK_EQ_INT(sched_fair_eevdf("CFS, min granularity 3 ms (sysctl)"), 0);
	CHECK_EQ_INT(sched_fair_eevdf("unknown (no sched debugfs, no release)"),
		     -1);
	CHECK_EQ_INT(sched_fair_eevdf(""), -1);
}

/* sched_ext's state, scheduler and tasks from its sysfs files. */
static void test_sched_ext(void)
{
	static const struct {
		struct sched_ext_files x;
		const char *want, *name;
		int all;
	} cases[] = {
		{ { 1, 1, "enabled", "simple", "3", "1" },
		  "simple, all tasks (enabled; enable_seq 3)",
		  "simple",
		  1 },
		{ { 1, 1, "enabled", "lavd_1.0.12_g1e2f3a4_x86_64", "7", "0" },
		  "lavd_1.0.12_g1e2f3a4_x86_64, SCHED_EXT tasks only "
		  "(enabled; enable_seq 7)",
		  "",
		  0 },
		{ { 1, 1, "enabled", "", "1", "" },
		  "a BPF scheduler (enabled; enable_seq 1)",
		  "",
		  0 },
		{ { 1, 1, "enabling", "rusty", "2", "1" },
		  "rusty, enabling (enable_seq 2)",
		  "",
		  0 },
		{ { 1, 1, "disabled", "", "2", "" },
		  "none (disabled; enable_seq 2)",
		  "",
		  0 },
		{ { 1, 1, "disabled", "", "", "" },
		  "none (disabled; enable_seq unknown)",
		  "",
		  0 },
		{ { 1, 1, "", "", "", "" },
		  "unknown (sched_ext/state unreadable)",
		  "",
		  -1 },
		{ { 1, 0, "", "", "", "" },
		  "none (no /sys/kernel/sched_ext: not built in)",
		  "",
		  0 },
		{ { 0, 0, "", "", "", "" },
		  "unknown (no /sys/kernel)",
		  "",
		  -1 },
	};
	char out[128], name[72];

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		sched_ext_words(&cases[i].x, out, sizeof(out));
		CHECK_STR(out, cases[i].want);
		CHECK_EQ_INT(sched_ext_all(out, name, sizeof(name)),
			     cases[i].all);
		CHECK_STR(name, cases[i].name);
	}
	CHECK_EQ_INT(sched_ext_all("", name, sizeof(name)), -1);
}

/* Proxy execution and core scheduling, from each source in turn. */
static void test_proxy_core(void)
{
	static const struct {
		const char *features;
		enum kconfig_bool config;
		const char *cmdline, *release, *want;
	} px[] = {
		{ "TTWU_QUEUE PROXY_EXEC", KCONFIG_UNKNOWN, "", "6.16",
		  "on (sched/features)" },
		{ "NO_PROXY_EXEC SIS_UTIL", KCONFIG_YES, "", "6.17",
		  "off (sched/features)" },
		{ "TTWU_QUEUE", KCONFIG_NO, "sched_proxy_exec=1", "6.17",
		  "no (kernel config)" },
		{ "", KCONFIG_YES, "ro sched_proxy_exec=0", "6.17",
		  "off (sched_proxy_exec=0)" },
		{ "", KCONFIG_YES, "sched_proxy_exec=off", "",
		  "off (sched_proxy_exec=off)" },
		{ "", KCONFIG_YES, "sched_proxy_exec", "",
		  "on (sched_proxy_exec)" },
		{ "", KCONFIG_YES, "sched_proxy_exec=0 sched_proxy_exec=y", "",
		  "on (sched_proxy_exec=y)" },
		{ "", KCONFIG_YES, "ro -- sched_proxy_exec=0", "",
		  "on (kernel config)" },
		{ "", KCONFIG_UNKNOWN, "", "6.16.3",
		  "no (release 6.16: from "
		  "6.17)" },
		{ "", KCONFIG_UNKNOWN, "sched_proxy_exec=1", "6.18",
		  "unknown (sched_proxy_exec given; no kernel config)" },
		{ "", KCONFIG_UNKNOWN, "", "6.18",
		  "unknown (no sched/features or kernel config)" },
	};
	static const struct {
		int err;
		unsigned long long cookie;
		enum kconfig_bool config;
		const char *release, *want;
	} core[] = {
		{ 0, 0, KCONFIG_NO, "", "yes (prctl)" },
		{ 0, 0x1234, KCONFIG_UNKNOWN, "",
		  "yes, ctxbench has a cookie (prctl)" },
		{ ENODEV, 0, KCONFIG_UNKNOWN, "",
		  "yes, no SMT (prctl: ENODEV)" },
		{ EINVAL, 0, KCONFIG_YES, "", "no (prctl: EINVAL)" },
		{ EPERM, 0, KCONFIG_YES, "", "yes (kernel config)" },
		{ -1, 0, KCONFIG_NO, "6.17", "no (kernel config)" },
		{ -1, 0, KCONFIG_UNKNOWN, "5.10.0-33-amd64",
		  "no (release 5.10: from 5.14)" },
		{ ENOSYS, 0, KCONFIG_UNKNOWN, "6.1",
		  "unknown (prctl: Function not implemented)" },
		{ -1, 0, KCONFIG_UNKNOWN, "6.1",
		  "unknown (no prctl or kernel config)" },
	};
	char out[96];

	for (size_t i = 0; i < ARRAY_SIZE(px); i++) {
		sched_proxy(px[i].features, px[i].config, px[i].cmdline,
			    px[i].release, out, sizeof(out));
		CHECK_STR(out, px[i].want);
	}
	for (size_t i = 0; i < ARRAY_SIZE(core); i++) {
		sched_core(core[i].err, core[i].cookie, core[i].config,
			   core[i].release, out, sizeof(out));
		CHECK_STR(out, core[i].want);
	}
	CHECK_EQ_INT(sched_said("on (sched/features)", "on", "off no"), 1);
	CHECK_EQ_INT(sched_said("no (kernel config)", "on", "off no"), 0);
	CHECK_EQ_INT(sched_said("yes, no SMT (prctl: ENODEV)", "yes", "no"), 1);
	CHECK_EQ_INT(sched_said("unknown (no prctl)", "yes", "no"), -1);
	CHECK_EQ_INT(sched_said("", "yes", "no"), -1);
}

/*
 * The new facts of every fixture fit the text report's line, 57 columns
 * after the name, as each function words them.
 */
static void test_fact_widths(void)
{
	static const char *const roots[] = {
		VM,    HYBRID, RTBOX,
		PROXY, EMPTY,  TEST_DIR "/fixtures/nonexistent"
	};
	static struct result_info in;

	for (size_t i = 0; i < ARRAY_SIZE(roots); i++) {
		const char *v[] = { in.fair_sched, in.sched_ext,  in.proxy_exec,
				    in.core_sched, in.core_types, in.tsc };

		sysinfo_read(roots[i], &in);
		for (size_t k = 0; k < ARRAY_SIZE(v); k++) {
			if (strlen(v[k]) > 57)
				fprintf(stderr, "too wide: %s\n", v[k]);
			CHECK(v[k][0] && strlen(v[k]) <= 57);
		}
	}
}

/* Core types of other machines; the types of a row's CPUs. */
static void test_cores(void)
{
	static struct result_info in;
	char root[] = "/tmp/ctxbench-sysinfo-XXXXXX", path[96], types[64];
	unsigned int big, little;

	CHECK(mkdtemp(root) != NULL);
	put(root, "/sys/devices/system/cpu/online", "0-9\n");
	for (int cpu = 0; cpu < 10; cpu++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cpu_capacity", cpu);
		put(root, path, "1024\n");
	}
	sysinfo_read(root, &in);
	CHECK_STR(in.core_types, "one type (cpu_capacity 1024)");
	CHECK_EQ_INT(in.ncore_types, 1);
	CHECK_STR(in.core_type_cpus[0].value, "0-9");
	CHECK_EQ_INT(cores_of(&in, "0-1", &big, &little, types, sizeof(types)),
		     0);
	/* Ten capacities, more types than kept. */
	for (int cpu = 0; cpu < 10; cpu++) {
		char cap[16];

		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cpu_capacity", cpu);
		snprintf(cap, sizeof(cap), "%d\n", 100 + cpu);
		put(root, path, cap);
	}
	sysinfo_read(root, &in);
	CHECK_STR(in.core_types, "over 8 types (cpu_capacity)");
	CHECK_EQ_INT(in.ncore_types, 0);
	/* A CPU without one: the PMUs decide, cpu_core alone one type. */
	put(root, "/sys/devices/system/cpu/cpu9/cpu_capacity", "x\n");
	put(root, "/sys/devices/cpu_core/cpus", "0-9\n");
	sysinfo_read(root, &in);
	CHECK_STR(in.core_types, "one type (P-cores 0-9)");
	CHECK(nftw(root, rm_one, 8, FTW_DEPTH | FTW_PHYS) == 0);

	sysinfo_read(HYBRID, &in);
	CHECK_EQ_INT(cores_of(&in, "0-1", &big, &little, types, sizeof(types)),
		     1);
	CHECK_EQ_INT(big, 2);
	CHECK_EQ_INT(little, 0);
	CHECK_STR(types, "P-core");
	CHECK_EQ_INT(
		cores_of(&in, "3,12-13", &big, &little, types, sizeof(types)),
		1);
	CHECK_EQ_INT(big, 1);
	CHECK_EQ_INT(little, 2);
	CHECK_STR(types, "P-core+E-core");
	CHECK_EQ_INT(cores_of(&in, "14", &big, &little, types, sizeof(types)),
		     1);
	CHECK_STR(types, "E-core");
	/* Unknown CPUs (a row of a file before them), or none of these. */
	CHECK_EQ_INT(cores_of(&in, "", &big, &little, types, sizeof(types)), 0);
	CHECK_EQ_INT(cores_of(&in, "40", &big, &little, types, sizeof(types)),
		     0);
	sysinfo_read(RTBOX, &in);
	CHECK_EQ_INT(cores_of(&in, "0,4", &big, &little, types, sizeof(types)),
		     1);
	CHECK_STR(types, "capacity 1024+capacity 414");
}

/* The TSC's stability from the flags, the command line, the clocksources. */
static void test_tsc(void)
{
	static const struct {
		struct tsc_flags f;
		const char *cmdline, *available, *want;
	} cases[] = {
		{ { 1, 1, 1, 1, 0 },
		  "",
		  "tsc hpet",
		  "stable (constant_tsc "
		  "nonstop_tsc)" },
		/* A guest whose hypervisor vouches for it. */
		{ { 1, 1, 1, 0, 1 },
		  "",
		  "kvm-clock tsc",
		  "stable (tsc_reliable)" },
		{ { 1, 1, 0, 0, 0 },
		  "ro tsc=reliable",
		  "",
		  "stable (tsc=reliable)" },
		/* The CPU's words first; the line stays short. */
		{ { 1, 1, 1, 1, 1 },
		  "tsc=reliable",
		  "tsc",
		  "stable (constant_tsc nonstop_tsc, tsc_reliable)" },
		/* Both given: the kernel takes both, unstable wins. */
		{ { 1, 1, 1, 1, 1 },
		  "tsc=reliable tsc=unstable",
		  "kvm-clock",
		  "unstable (tsc=unstable, not a clocksource)" },
		{ { 1, 1, 1, 1, 0 },
		  "tsc=unstable",
		  "",
		  "unstable (tsc=unstable)" },
		{ { 1, 1, 1, 1, 0 },
		  "",
		  "hpet acpi_pm",
		  "unstable (not a clocksource)" },
		{ { 1, 1, 1, 1, 0 },
		  "-- tsc=unstable",
		  "tsc",
		  "stable (constant_tsc nonstop_tsc)" },
		{ { 1, 1, 1, 0, 0 }, "", "", "variable (no nonstop_tsc)" },
		{ { 1, 1, 0, 1, 0 }, "", "", "variable (no constant_tsc)" },
		{ { 1, 0, 0, 0, 0 }, "", "", "none (no tsc flag)" },
		{ { 1, -1, -1, -1, -1 },
		  "",
		  "",
		  "none (no x86 flags in /proc/cpuinfo)" },
		{ { 0, -1, -1, -1, -1 }, "", "", "unknown (no /proc/cpuinfo)" },
	};
	char out[96];

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		tsc_words(&cases[i].f, cases[i].cmdline, cases[i].available,
			  out, sizeof(out));
		CHECK_STR(out, cases[i].want);
	}
}

/* What says a CPU is emulated: CPUID's hypervisor leaf, the model name. */
static void test_emulation(void)
{
	static const struct {
		int has_sig;
		const char *sig, *model, *want;
	} cases[] = {
		{ 1, "TCGTCGTCGTCG", "QEMU Virtual CPU version 2.5+",
		  "yes (qemu TCG: CPUID TCGTCGTCGTCG)" },
		{ 1, "TCGTCGTCGTCG", "", "yes (qemu TCG: CPUID TCGTCGTCGTCG)" },
		{ -1, "", "QEMU TCG CPU version 2.5+",
		  "yes (qemu TCG: model name)" },
		/* qemu's default model runs under KVM too. */
		{ 1, "KVMKVMKVM", "QEMU Virtual CPU version 2.5+", "no (KVM)" },
		{ -1, "", "QEMU Virtual CPU version 2.5+", "" },
		{ 1, "Microsoft Hv", "Intel(R) Xeon(R)", "no (Hyper-V)" },
		{ 1, "XenVMMXenVMM", "", "no (Xen)" },
		{ 1, "NewVisor", "", "no (NewVisor)" },
		{ 0, "", "AMD Ryzen 9 7950X", "no (no hypervisor)" },
		{ -1, "", "", "" },
		{ 1, "", "", "" },
	};
	char out[64], sig[16];
	int has;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		emulation_classify(cases[i].has_sig, cases[i].sig,
				   cases[i].model, out, sizeof(out));
		if (strcmp(out, cases[i].want) != 0)
			fprintf(stderr, "emulation case %zu:\n", i);
		CHECK_STR(out, cases[i].want);
		CHECK_EQ_INT(emulation_yes(out),
			     strncmp(cases[i].want, "yes", 3) == 0);
	}
	/* The running CPU: whatever it says is one of the three answers. */
	has = emulation_signature(sig, sizeof(sig));
	CHECK(has >= -1 && has <= 1);
	CHECK(has == 1 || sig[0] == '\0');
	CHECK(strlen(sig) <= 12);
}

static void test_preempt(void)
{
	static const char dyn[] =
		"#1 SMP PREEMPT_DYNAMIC Thu Jan  4 10:00:00 UTC";
	static const struct {
		const char *debugfs, *version, *cmdline, *config, *want;
	} cases[] = {
		{ "none voluntary (full)", dyn, "preempt=none", "none",
		  "full (sched/preempt)" },
		{ "none voluntary full (lazy)", "", "", "",
		  "lazy (sched/preempt)" },
		/* PREEMPT_RT (6.12 on): full or lazy on top of RT. */
		{ "(full) lazy ", "#1 SMP PREEMPT_DYNAMIC Sun", "", "",
		  "rt (full; sched/preempt)" },
		{ "full (lazy) ", "#1 SMP PREEMPT_RT Sun", "", "",
		  "rt (lazy; sched/preempt)" },
		{ "(full) ", "", "", "rt", "rt (full; sched/preempt)" },
		{ "garbage ()", "#1 SMP PREEMPT Mon", "", "",
		  "full (kernel version)" },
		{ "", "#1 SMP PREEMPT_RT Thu Jan 4", "", "",
		  "rt (kernel version)" },
		{ "", "#1 SMP PREEMPT RT Thu Jan 4", "", "",
		  "rt (kernel version)" },
		{ "", dyn, "ro quiet preempt=none", "voluntary",
		  "none at boot (dynamic; preempt=none)" },
		{ "", dyn, "preempt=full preempt=voluntary", "",
		  "voluntary at boot (dynamic; preempt=voluntary)" },
		{ "", dyn, "preempt=bogus nopreempt=none", "voluntary",
		  "voluntary at boot (dynamic; kernel config)" },
		/* After "--" the words are init's. */
		{ "", dyn, "ro -- preempt=none", "voluntary",
		  "voluntary at boot (dynamic; kernel config)" },
		{ "", dyn, "", "", "dynamic (kernel version)" },
		{ "", dyn, "", "rt", "dynamic (kernel version)" },
		{ "", "#1 SMP PREEMPT_LAZY Thu", "", "",
		  "lazy (kernel version)" },
		{ "", "#1 SMP PREEMPT Mon Jan 1", "", "none",
		  "full (kernel version)" },
		{ "", "#1 SMP Mon Jan 1", "", "voluntary",
		  "voluntary (kernel config)" },
		{ "", "#1 SMP Mon Jan 1", "", "none", "none (kernel config)" },
		/* A configuration that is not this kernel's is not believed. */
		{ "", "#1 SMP Mon Jan 1", "", "full",
		  "none or voluntary (kernel version)" },
		{ "", "#1 SMP Mon Jan 1", "", "",
		  "none or voluntary (kernel version)" },
		{ "", "#1 SMP PREEMPTIBLE Mon", "", "",
		  "none or voluntary (kernel version)" },
		{ "", "", "", "full", "full (kernel config)" },
		{ "", "", "preempt=full", "", "" },
	};
	char out[96];

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		sysinfo_preempt(cases[i].debugfs, cases[i].version,
				cases[i].cmdline, cases[i].config, out,
				sizeof(out));
		if (strcmp(out, cases[i].want) != 0)
			fprintf(stderr, "preempt case %zu:\n", i);
		CHECK_STR(out, cases[i].want);
	}
}

/* RT throttling, isolation and threaded IRQs, from what was read. */
static void test_rt(void)
{
	static const struct {
		const char *runtime, *period, *want;
	} thr[] = {
		{ "950000", "1000000", "on: 950000 of 1000000 us (95%)" },
		{ "-1", "1000000", "off (sched_rt_runtime_us -1)" },
		{ "1000000", "1000000", "on: 1000000 of 1000000 us (100%)" },
		{ "950000", "", "on: 950000 us per period" },
		{ "", "1000000", "" },
		{ "junk", "1000000", "" },
	};
	static const struct {
		const char *cmdline, *preempt, *iso, *irqs;
	} cl[] = {
		{ "ro quiet", "full (sched/preempt)", "none", "no" },
		{ "isolcpus=2-3 nohz_full=2-3 threadirqs", "",
		  "isolcpus=2-3 nohz_full=2-3", "yes (threadirqs)" },
		{ "nohz_full=1 isolcpus=managed_irq,domain,1", "",
		  "isolcpus=managed_irq,domain,1 nohz_full=1", "no" },
		/* The last word counts; not a prefix of another word. */
		{ "isolcpus=1 isolcpus=2 threadirqsx xisolcpus=3", "",
		  "isolcpus=2", "no" },
		/* After "--" the words are init's. */
		{ "ro -- isolcpus=1 threadirqs", "", "none", "no" },
		{ "ro", "rt (kernel version)", "none",
		  "yes (forced: PREEMPT_RT)" },
		{ "", "rt (kernel version)", "", "yes (forced: PREEMPT_RT)" },
		{ "", "rt (lazy; sched/preempt)", "",
		  "yes (forced: PREEMPT_RT)" },
		{ "", "", "", "" },
	};
	char out[256];

	for (size_t i = 0; i < ARRAY_SIZE(thr); i++) {
		rtinfo_throttling(thr[i].runtime, thr[i].period, out,
				  sizeof(out));
		CHECK_STR(out, thr[i].want);
	}
	for (size_t i = 0; i < ARRAY_SIZE(cl); i++) {
		rtinfo_isolation(cl[i].cmdline, out, sizeof(out));
		CHECK_STR(out, cl[i].iso);
		rtinfo_irqs(cl[i].cmdline, cl[i].preempt, out, sizeof(out));
		CHECK_STR(out, cl[i].irqs);
	}
}

static void test_mitigations(void)
{
	static const struct result_kv some[] = {
		{ "itlb_multihit", "KVM: Mitigation: VMX unsupported" },
		{ "l1tf", "Not affected" },
		{ "mds",
		  "Vulnerable: Clear CPU buffers attempted, no microcode" },
		{ "meltdown", "Not affected" },
		{ "spectre_v2", "Mitigation: Retpolines; BHI: Vulnerable" },
	};
	static const struct result_kv off[] = {
		{ "gather_data_sampling", "Vulnerable" },
		{ "itlb_multihit", "KVM: Vulnerable" },
		{ "l1tf", "Processor vulnerable" },
		{ "mds", "Vulnerable; SMT vulnerable" },
		{ "meltdown", "Vulnerable" },
		{ "mmio_stale_data", "Unknown: No mitigations" },
		{ "retbleed", "Vulnerable" },
		{ "spec_store_bypass", "Vulnerable" },
		{ "spectre_v1", "Vulnerable: __user pointer sanitization" },
		{ "spectre_v2", "Vulnerable; IBPB: disabled; STIBP: disabled" },
		{ "srbds", "Not affected" },
	};
	static struct result_kv many[RESULT_MAX_VULNS];
	char out[64];

	sysinfo_mitigations(some, 0, out, sizeof(out));
	CHECK_STR(out, "");
	sysinfo_mitigations(some + 1, 1, out, sizeof(out));
	CHECK_STR(out, "1 not affected");
	sysinfo_mitigations(some, ARRAY_SIZE(some), out, sizeof(out));
	CHECK_STR(out, "1 vulnerable (mds), 2 mitigated, 2 not affected");
	/* mitigations=off: the names that fit, then how many more. */
	sysinfo_mitigations(off, ARRAY_SIZE(off), out, sizeof(out));
	CHECK_STR(out, "9 vulnerable (gather_data_sampling +8), 1 unknown");
	CHECK(strlen(out) <= 56);

	for (unsigned int i = 0; i < RESULT_MAX_VULNS; i++) {
		snprintf(many[i].key, sizeof(many[i].key),
			 "a_very_long_vulnerability_name_number_%02u", i);
		snprintf(many[i].value, sizeof(many[i].value), "%s",
			 i % 3 ? "Vulnerable" : "Mitigation: yes");
	}
	sysinfo_mitigations(many, RESULT_MAX_VULNS, out, sizeof(out));
	CHECK_STR(out, "42 vulnerable, 22 mitigated");
}

static void test_halt_poll(void)
{
	static const struct result_kv both[] = {
		{ "haltpoll.guest_halt_poll_grow", "2" },
		{ "haltpoll.guest_halt_poll_ns", "200000" },
		{ "kvm.halt_poll_ns", "0" },
	};
	static const struct result_kv other[] = {
		{ "cpuidle_haltpoll.force", "Y" },
		{ "kvm.halt_poll_ns_grow", "2" },
	};
	char out[128];

	sysinfo_halt_poll(both, 0, out, sizeof(out));
	CHECK_STR(out, "");
	sysinfo_halt_poll(both, ARRAY_SIZE(both), out, sizeof(out));
	CHECK_STR(out, "guest_halt_poll_ns=200000, halt_poll_ns=0");
	sysinfo_halt_poll(both + 2, 1, out, sizeof(out));
	CHECK_STR(out, "halt_poll_ns=0");
	sysinfo_halt_poll(other, ARRAY_SIZE(other), out, sizeof(out));
	CHECK_STR(out, "cpuidle_haltpoll.force=Y, kvm.halt_poll_ns_grow=2");
}

static void test_date(void)
{
	char buf[32];

	sysinfo_date(0, buf, sizeof(buf));
	CHECK_STR(buf, "1970-01-01T00:00:00Z");
	sysinfo_date(1700000000, buf, sizeof(buf));
	CHECK_STR(buf, "2023-11-14T22:13:20Z");
	sysinfo_date(1700000000, buf, 8); /* too small: nothing, not half */
	CHECK_STR(buf, "");
}

/* A run on the machine of @root, with the caller's facts fixed. */
static void fill(struct results *r, const char *root, const char *label,
		 const char *date)
{
	memset(r, 0, sizeof(*r));
	sysinfo_read(root, &r->info);
	snprintf(r->info.label, sizeof(r->info.label), "%s", label);
	r->info.duration_s = 5;
	r->info.runs = 3;
	r->info.participants = 2;
	if (!date)
		return; /* the caller's facts unknown too */
	snprintf(r->version, sizeof(r->version), "0.1.0");
	/* The compiler of this build would change the golden file. */
	snprintf(r->info.compiler, sizeof(r->info.compiler), "gcc 13.2.0");
	snprintf(r->info.cpus_allowed, sizeof(r->info.cpus_allowed), "0-3");
	snprintf(r->info.date, sizeof(r->info.date), "%s", date);
}

static char *render(const struct results *const *r, unsigned int n, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	test_render(f, "text", r, n, 0, NULL, 0);
	fclose(f);
	return buf;
}

static void test_text(void)
{
	static struct results vm, vm2, empty;
	const struct results *one[] = { &vm }, *none[] = { &empty };
	const struct results *two[] = { &vm, &vm2 };
	size_t len;
	char *text;

	fill(&vm, VM, "6.8-vm", "2024-09-01T10:00:00Z");
	text = render(one, 1, &len);
	golden_check("info-vm.txt", text, len);
	golden_lines(text, 80);
	/* The original's five come first, as they always did. */
	CHECK(strstr(text, "Run: 6.8-vm\n  CPU_MHz              2899.998\n"
			   "  CPUtype              Intel") != NULL);
	/* The boot command line goes on, whole, over indented lines. */
	CHECK(strstr(text, "  BootCmdline          BOOT_IMAGE=") != NULL);
	CHECK(strstr(text, "\n                       ") != NULL);
	CHECK(strstr(text, "vt.handoff=7\n") != NULL);
	free(text);

	fill(&empty, EMPTY, "arm", NULL);
	empty.info.compiler[0] = '\0';
	text = render(none, 1, &len);
	golden_check("info-empty.txt", text, len);
	golden_lines(text, 80);
	CHECK(strstr(text, "  BootCmdline          unknown\n") != NULL);
	CHECK(strstr(text, "  CONFIG_HZ            unknown\n") != NULL);
	free(text);

	/* Compared: what the runs share once, what differs per run. */
	fill(&vm2, VM, "6.8-vm-powersave", "2024-09-01T11:30:00Z");
	snprintf(vm2.info.cpufreq_governor, sizeof(vm2.info.cpufreq_governor),
		 "powersave");
	text = render(two, 2, &len);
	golden_check("info-compare.txt", text, len);
	golden_lines(text, 80);
	CHECK(strstr(text, "Run: ALL\n  CPU_MHz ") != NULL);
	CHECK(strstr(text, "Run: 6.8-vm-powersave\n"
			   "  CpufreqGovernor      powersave\n"
			   "  Date                 2024-09-01T11:30:00Z\n\n") !=
	      NULL);
	free(text);

	/* Values longer than a line are cut; one long word is split. */
	memset(vm2.info.compiler, 'x', sizeof(vm2.info.compiler) - 1);
	vm2.info.compiler[sizeof(vm2.info.compiler) - 1] = '\0';
	memset(vm2.info.boot_cmdline, 'y', 150);
	snprintf(vm2.info.boot_cmdline + 150, 32, " quiet");
	one[0] = &vm2;
	text = render(one, 1, &len);
	golden_lines(text, 80);
	CHECK(strstr(text, "  Compiler             xxx") != NULL);
	CHECK(strstr(text, "xxx...\n") != NULL);
	CHECK(strstr(text, "yyy quiet\n") != NULL);
	free(text);
}

/*
 * Format @name's report of @n invocations @r with @flags (REPORT_BRIEF),
 * the model built as the output phase builds it.
 */
static char *render_as(const char *name, const struct results *const *r,
		       unsigned int n, unsigned int flags, size_t *len)
{
	const struct report_format *const *fmt = report_formats;
	struct report_model m;
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	while (*fmt && strcmp((*fmt)->name, name))
		fmt++;
	CHECK(*fmt != NULL);
	CHECK_EQ_INT(report_model_build(&m, r, n, 0, NULL, 0, flags), 0);
	if (*fmt)
		CHECK_EQ_INT((*fmt)->render(f, &m), 0);
	report_model_free(&m);
	fclose(f);
	return buf;
}

/*
 * The scheduler's facts of the hybrid laptop under two BPF schedulers
 * and of the RT board, and a row's: what differs names the schedulers,
 * each row says which ran it and on which cores, in every format.
 */
static void test_sched_report(void)
{
	static struct result_sample smp[] = {
		{ .loops = 1000000, .elapsed_s = 5.0 },
		{ .loops = 1010000, .elapsed_s = 5.0 }
	};
	static struct result_row row[3] = {
		{ .mech = "pipe",
		  .title = "pipe",
		  .placement = "any",
		  .cpus = "0,12",
		  .procs = 2,
		  .nsamples = 2,
		  .sample = smp },
		{ .mech = "futex",
		  .title = "futex",
		  .placement = "any",
		  .cpus = "13-14",
		  .procs = 2,
		  .policy = "fifo",
		  .prio = 50,
		  .nsamples = 2,
		  .sample = smp },
		{ .mech = "pipe",
		  .title = "pipe",
		  .placement = "any",
		  .cpus = "0,5",
		  .procs = 2,
		  .nsamples = 2,
		  .sample = smp },
	};
	static struct results simple, lavd, rt;
	const struct results *two[] = { &simple, &lavd }, *one[] = { &rt };
	size_t len;
	char *out;

	fill(&simple, HYBRID, "6.17-simple", "2025-11-01T10:00:00Z");
	fill(&lavd, HYBRID, "6.17-lavd", "2025-11-01T10:30:00Z");
	snprintf(lavd.info.sched_ext, sizeof(lavd.info.sched_ext),
		 "lavd, all tasks (enabled; enable_seq 4)");
	fill(&rt, RTBOX, "6.1-rt", "2025-11-02T09:00:00Z");
	simple.nrows = lavd.nrows = 2;
	simple.row = lavd.row = row;
	rt.nrows = 1;
	rt.row = &row[2];

	out = render_as("text", two, 2, 0, &len);
	golden_check("info-sched.txt", out, len);
	golden_lines(out, 80);
	CHECK(strstr(out, "Run: 6.17-simple\n  SchedExt             simple, "
			  "all tasks (enabled; enable_seq 3)\n") != NULL);
	/* fifo is not the BPF scheduler's to run; the cores are said. */
	CHECK(strstr(out,
		     "    (sched_ext: run by the BPF scheduler lavd)\n"
		     "    (core types: ran on P-cores and E-cores)\n") != NULL);
	CHECK(strstr(out, "    (core types: ran on E-cores)\n") != NULL);
	free(out);
	out = render_as("text", two, 2, REPORT_BRIEF, &len);
	golden_check("info-sched-brief.txt", out, len);
	golden_lines(out, 80);
	free(out);
	out = render_as("kv", two, 2, 0, &len);
	golden_check("info-sched.kv", out, len);
	CHECK(strstr(out, "6.17-lavd/pipe.any.2p.0k.sched_ext: 1\n") != NULL);
	CHECK(strstr(out, "6.17-lavd/futex.any.2p.0k.fifo_50.sched_ext") ==
	      NULL);
	CHECK(strstr(out, "6.17-lavd/futex.any.2p.0k.fifo_50."
			  "ran_on_little_cpus: 2\n") != NULL);
	free(out);
	out = render_as("html", two, 2, 0, &len);
	CHECK(strstr(out, "<th scope=\"row\">SchedExt</th><td>simple, all "
			  "tasks (enabled; enable_seq 3)</td><td>lavd, all "
			  "tasks (enabled; enable_seq 4)</td>") != NULL);
	CHECK(strstr(out, "<p class=\"note\">(core types: ran on E-cores)") !=
	      NULL);
	free(out);

	out = render_as("text", one, 1, 0, &len);
	golden_check("info-rt.txt", out, len);
	golden_lines(out, 80);
	CHECK(strstr(out, "(core types: ran on CPUs of capacity 1024 and "
			  "414)\n") != NULL);
	free(out);
}

/* Read @doc; 0, or -1 with its message in @err. */
static int read_doc(const char *doc, struct results **r, unsigned int *n,
		    char *err, size_t errlen)
{
	*r = NULL;
	*n = 0;
	return store_read_buf(doc, strlen(doc), r, n, err, errlen);
}

static void free_all(struct results *r, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		results_free(&r[i]);
	free(r);
}

static void test_json_of(const char *root);

static void test_json(void)
{
	static const char *const roots[] = { VM, HYBRID, RTBOX, PROXY };

	for (size_t i = 0; i < ARRAY_SIZE(roots); i++)
		test_json_of(roots[i]);
}

/* Every fact of the machine of @root written reads back the same. */
static void test_json_of(const char *root)
{
	static struct results vm;
	const struct results *one[] = { &vm };
	struct results *back;
	unsigned int n;
	char *json, *text, *text2, err[256];
	size_t len, tlen, tlen2;
	FILE *f;

	fill(&vm, root, "6.8-vm", "2024-09-01T10:00:00Z");
	f = open_memstream(&json, &len);
	report_json(f, one, 1);
	fclose(f);
	CHECK(strstr(json, "\"vulnerabilities\": {") != NULL);
	if (strcmp(root, VM) == 0)
		CHECK(strstr(json, "\"haltpoll.guest_halt_poll_ns\": "
				   "\"200000\"") != NULL);
	if (strcmp(root, HYBRID) == 0)
		CHECK(strstr(json, "\"core_type_cpus\": {\n          "
				   "\"P-core\": \"0-11\",\n") != NULL);
	CHECK_EQ_INT(read_doc(json, &back, &n, err, sizeof(err)), 0);
	CHECK_EQ_INT(n, 1);
	if (n == 1) {
		const struct result_info *a = &vm.info, *b = &back->info;

		CHECK_STR(b->kernel_version, a->kernel_version);
		CHECK_STR(b->boot_cmdline, a->boot_cmdline);
		CHECK_STR(b->preempt, a->preempt);
		CHECK_STR(b->mitigations, a->mitigations);
		CHECK_EQ_INT(b->nvulns, a->nvulns);
		CHECK_EQ_INT(b->nhalt_poll, a->nhalt_poll);
		CHECK_STR(b->date, a->date);
		CHECK_STR(b->cpus_allowed, a->cpus_allowed);
		/* And all the rest, to the byte. */
		CHECK(memcmp(a, b, sizeof(*a)) == 0);
		text = render(one, 1, &tlen);
		text2 = render((const struct results *const *)&back, 1, &tlen2);
		CHECK(tlen == tlen2 && memcmp(text, text2, tlen) == 0);
		free(text);
		free(text2);
	}
	free(json);
	free_all(back, n);
}

/* Files of before these facts load, and say "unknown". */
static void test_json_old(void)
{
	struct results *r = NULL;
	unsigned int n = 0;
	size_t len;
	char err[256], *text;

	CHECK_EQ_INT(store_read_file(TEST_DIR "/fixtures/json/minimal.json", &r,
				     &n, err, sizeof(err)),
		     0);
	CHECK_EQ_INT(n, 1);
	if (n == 1) {
		CHECK_EQ_INT(r->info.nvulns, 0);
		CHECK_STR(r->info.preempt, "");
		text = render((const struct results *const *)&r, 1, &len);
		CHECK(strstr(text, "  Preemption           unknown\n") != NULL);
		CHECK(strstr(text, "  Date                 unknown\n") != NULL);
		free(text);
	}
	free_all(r, n);
}

/* A document whose one invocation has the info members @info. */
static char *doc_with(const char *info)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	fprintf(f,
		"{\"format\":\"ctxbench\",\"schema_version\":1,"
		"\"invocations\":[{\"info\":{\"label\":\"x\",%s},"
		"\"parameters\":{\"seconds\":1,\"runs\":1},\"results\":[]}]}",
		info);
	fclose(f);
	return buf;
}

static void test_json_bad(void)
{
	static const struct {
		const char *info, *says;
	} cases[] = {
		{ "\"vulnerabilities\":{\"mds\":\"a\",\"mds\":\"b\"}",
		  "\"mds\" appears twice" },
		{ "\"vulnerabilities\":{\"mds\":1}",
		  "\"mds\" must be a string, not a number" },
		{ "\"vulnerabilities\":[]",
		  "\"vulnerabilities\" must be an object, not an array" },
		{ "\"vulnerabilities\":{\"\":\"x\"}",
		  "a name in \"vulnerabilities\" is empty" },
		{ "\"halt_poll_params\":{\"a\":\"x\\ny\"}",
		  "\"a\" is not one line of printable UTF-8: U+000A (a line "
		  "break)" },
		/* A name is text too (lib/text.h): said, not taken for "". */
		{ "\"vulnerabilities\":{\"a\\u202eb\":\"x\"}",
		  "column 98: a name in \"vulnerabilities\" is not one line of "
		  "printable UTF-8: U+202E (a bidirectional control)" },
		{ "\"date\":5", "\"date\" must be a string, not a number" },
		{ "\"date\":\"a\",\"date\":\"b\"", "\"date\" appears twice" },
		{ "\"smt\":\"on\",\"vulnerabilities\":{},\"vulnerabilities\":{}",
		  "\"vulnerabilities\" appears twice" },
	};
	struct results *r;
	unsigned int n;
	char err[256], *doc;
	FILE *f;
	size_t len;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		doc = doc_with(cases[i].info);
		CHECK_EQ_INT(read_doc(doc, &r, &n, err, sizeof(err)), -1);
		if (!strstr(err, cases[i].says)) {
			fprintf(stderr, "'%s': '%s' does not say '%s'\n",
				cases[i].info, err, cases[i].says);
			CHECK(0);
		}
		free(doc);
		free_all(r, n);
	}

	/* As many named facts as the struct holds, and not one more. */
	for (unsigned int max = RESULT_MAX_VULNS; max <= RESULT_MAX_VULNS + 1;
	     max++) {
		char *info = NULL;

		f = open_memstream(&info, &len);
		fputs("\"vulnerabilities\":{", f);
		for (unsigned int i = 0; i < max; i++)
			fprintf(f, "%s\"v%u\":\"Not affected\"", i ? "," : "",
				i);
		fputs("}", f);
		fclose(f);
		doc = doc_with(info);
		CHECK_EQ_INT(read_doc(doc, &r, &n, err, sizeof(err)),
			     max > RESULT_MAX_VULNS ? -1 : 0);
		if (max > RESULT_MAX_VULNS)
			CHECK(strstr(err, "more than 64 members in "
					  "\"vulnerabilities\"") != NULL);
		else if (n == 1)
			CHECK_EQ_INT(r->info.nvulns, RESULT_MAX_VULNS);
		free(info);
		free(doc);
		free_all(r, n);
	}

	/* A boot command line longer than the kernel's is refused. */
	{
		static char
			info[sizeof(((struct result_info *)0)->boot_cmdline) +
			     32];

		len = (size_t)snprintf(info, sizeof(info),
				       "\"boot_cmdline\":\"");
		memset(info + len, 'a', sizeof(info) - len - 2);
		info[sizeof(info) - 2] = '"';
		info[sizeof(info) - 1] = '\0';
		doc = doc_with(info);
		CHECK_EQ_INT(read_doc(doc, &r, &n, err, sizeof(err)), -1);
		CHECK(strstr(err,
			     "\"boot_cmdline\" is longer than 4095 bytes") !=
		      NULL);
		free(doc);
		free_all(r, n);
	}
}

int main(void)
{
	test_vm();
	test_hybrid();
	test_rtbox();
	test_proxy();
	test_empty();
	test_other_trees();
	test_minimal_vm();
	test_emulation();
	test_preempt();
	test_fair();
	test_sched_ext();
	test_proxy_core();
	test_tsc();
	test_cores();
	test_fact_widths();
	test_rt();
	test_mitigations();
	test_halt_poll();
	test_date();
	test_text();
	test_json();
	test_sched_report();
	test_json_old();
	test_json_bad();
	return check_summary();
}
