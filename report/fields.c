/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The tables of a saved run's members, in the order the JSON holds them. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fields.h"
#include "report.h"

#define MAX_SIGNAL 64
#define MAX_NCPU 1048576
#define MAX_PARTICIPANTS 65536
#define MAX_CPU_S 1e12 /* CPU seconds of a row */
#define MAX_SHARE 1e3 /* a share of a run's CPUs, or a clock's change */

#define SIZE(st, m) sizeof(((st *)0)->m)
#define AT(st, m) .off = offsetof(st, m), .size = SIZE(st, m)

/* A string of the Run information block, and one only saved. */
#define INFO_STR(k, m, n, l)                                            \
	{                                                               \
		.key = k, .type = FIELD_STR, AT(struct result_info, m), \
		.name = n, .line = l                                    \
	}
#define INFO_KVS(k, m, count, most)                                     \
	{                                                               \
		.key = k, .type = FIELD_KVS, AT(struct result_info, m), \
		.aux = offsetof(struct result_info, count), .max = most \
	}

static const struct field info_fields[] = {
	{ .key = "label",
	  .type = FIELD_STR,
	  AT(struct result_info, label),
	  .flags = FIELD_REQUIRED | FIELD_NONEMPTY },
	INFO_STR("note", note, NULL, 0),
	INFO_STR("cpu_mhz", cpu_mhz, "CPU_MHz", 1),
	INFO_STR("cpu_type", cpu_type, "CPUtype", 2),
	INFO_STR("hostname", hostname, "HostName", 3),
	INFO_STR("kernel", kernel, "KernelName", 4),
	{ .key = "ncpu",
	  .type = FIELD_INT,
	  AT(struct result_info, ncpu),
	  .max = MAX_NCPU,
	  .flags = FIELD_ZERO_UNKNOWN,
	  .name = "Ncpu",
	  .line = 5 },
	{ .key = "kernel_version",
	  .type = FIELD_STR,
	  AT(struct result_info, kernel_version),
	  .flags = FIELD_WRAP,
	  .name = "KernelVersion",
	  .line = 10 },
	{ .key = "boot_cmdline",
	  .type = FIELD_STR,
	  AT(struct result_info, boot_cmdline),
	  .flags = FIELD_WRAP,
	  .name = "BootCmdline",
	  .line = FIELD_INFO_LINES },
	INFO_STR("preemption", preempt, "Preemption", 11),
	INFO_STR("sched_rt_runtime_us", rt_runtime_us, NULL, 0),
	INFO_STR("sched_rt_period_us", rt_period_us, NULL, 0),
	INFO_STR("rt_throttling", rt_throttling, "RTThrottling", 12),
	INFO_STR("isolation", isolation, "Isolation", 13),
	INFO_STR("threaded_irqs", threaded_irqs, "ThreadedIRQs", 14),
	INFO_STR("config_hz", config_hz, "CONFIG_HZ", 15),
	INFO_STR("mitigations", mitigations, "Mitigations", 16),
	INFO_KVS("vulnerabilities", vulns, nvulns, RESULT_MAX_VULNS),
	INFO_STR("cpufreq_driver", cpufreq_driver, "CpufreqDriver", 17),
	INFO_STR("cpufreq_governor", cpufreq_governor, "CpufreqGovernor", 18),
	INFO_STR("boost", boost, "Boost", 19),
	INFO_STR("cpuidle_driver", cpuidle_driver, "CpuidleDriver", 20),
	INFO_STR("cpuidle_governor", cpuidle_governor, "CpuidleGovernor", 21),
	INFO_STR("halt_poll", halt_poll, "HaltPoll", 22),
	INFO_KVS("halt_poll_params", halt_poll_params, nhalt_poll,
		 RESULT_MAX_HALT_POLL),
	INFO_STR("smt", smt, "SMT", 23),
	INFO_STR("virtual", virt, "Virtual", 24),
	INFO_STR("emulated", emulated, "Emulated", 25),
	INFO_STR("machine", machine, "Machine", 26),
	INFO_STR("clocksource", clocksource, "Clocksource", 27),
	INFO_STR("cpus_online", cpus_online, "CPUsOnline", 28),
	INFO_STR("cpus_allowed", cpus_allowed, "CPUsAllowed", 29),
	INFO_STR("cpu_quota", cpu_quota, "CPUQuota", 30),
	INFO_STR("compiler", compiler, "Compiler", 31),
	INFO_STR("date", date, "Date", 33),
	{ .key = NULL }
};

static const struct field param_fields[] = {
	{ .key = "seconds",
	  .type = FIELD_DOUBLE,
	  AT(struct result_info, duration_s),
	  .max = REPORT_MAX_SECONDS,
	  .flags = FIELD_REQUIRED | FIELD_OPEN_MIN,
	  .name = "Seconds",
	  .line = 6 },
	{ .key = "runs",
	  .type = FIELD_UINT,
	  AT(struct result_info, runs),
	  .min = 1,
	  .max = REPORT_MAX_SAMPLES,
	  .flags = FIELD_REQUIRED,
	  .name = "Runs",
	  .line = 7 },
	{ .key = "tasks",
	  .type = FIELD_TASKS,
	  AT(struct result_info, threads),
	  .name = "Tasks",
	  .line = 8 },
	{ .key = "participants",
	  .type = FIELD_UINT,
	  AT(struct result_info, participants),
	  .max = MAX_PARTICIPANTS },
	{ .key = "order",
	  .type = FIELD_ORDER,
	  AT(struct result_info, order),
	  .name = "Order",
	  .line = 9 },
	{ .key = "seed",
	  .type = FIELD_LL,
	  AT(struct result_info, seed),
	  .max = UINT32_MAX },
	{ .key = NULL }
};

const struct field invocation_fields[] = {
	{ .key = "ctxbench_version",
	  .type = FIELD_STR,
	  AT(struct results, version),
	  .name = "CtxbenchVersion",
	  .line = 32 },
	{ .key = "command", .type = FIELD_STR, AT(struct results, cmdline) },
	{ .key = "info",
	  .type = FIELD_OBJECT,
	  AT(struct results, info),
	  .flags = FIELD_REQUIRED,
	  .sub = info_fields },
	{ .key = "parameters",
	  .type = FIELD_OBJECT,
	  AT(struct results, info),
	  .flags = FIELD_REQUIRED,
	  .sub = param_fields },
	{ .key = "interrupted_by_signal",
	  .type = FIELD_INT,
	  AT(struct results, signo),
	  .max = MAX_SIGNAL },
	{ .key = "results",
	  .type = FIELD_ROWS,
	  AT(struct results, row),
	  .flags = FIELD_REQUIRED },
	{ .key = NULL }
};

/* The participants' CPU usage: a repeated member is taken, the last wins. */
#define CPU_NUM(k, t, m, most)                                              \
	{                                                                   \
		.key = k, .type = t, AT(struct result_cpu, m), .max = most, \
		.flags = FIELD_REPEAT                                       \
	}

static const struct field cpu_fields[] = {
	CPU_NUM("user_s", FIELD_DOUBLE, user_s, MAX_CPU_S),
	CPU_NUM("sys_s", FIELD_DOUBLE, sys_s, MAX_CPU_S),
	CPU_NUM("nvcsw", FIELD_LL, nvcsw, (double)INT64_MAX),
	CPU_NUM("nivcsw", FIELD_LL, nivcsw, (double)INT64_MAX),
	CPU_NUM("loops", FIELD_U64, loops, 0),
	CPU_NUM("seconds", FIELD_DOUBLE, seconds, MAX_CPU_S),
	{ .key = NULL }
};

#define ROW(k, t, m, ...)                                                  \
	{                                                                  \
		.key = k, .type = t, AT(struct result_row, m), __VA_ARGS__ \
	}

const struct field row_fields[] = {
	ROW("mech", FIELD_STR, mech, .flags = FIELD_REQUIRED),
	ROW("title", FIELD_STR, title, .flags = FIELD_REQUIRED),
	ROW("placement", FIELD_STR, placement, .flags = FIELD_REQUIRED),
	ROW("participants", FIELD_UINT, procs, .min = 1,
	    .max = REPORT_MAX_PROCS),
	ROW("ws_kb", FIELD_UINT, ws_kb, .max = REPORT_MAX_WS_KB),
	ROW("rings", FIELD_UINT, rings, .min = 1, .max = REPORT_MAX_RINGS,
	    .flags = FIELD_SPARSE),
	ROW("shared", FIELD_BOOL, shared, .flags = FIELD_SPARSE),
	ROW("policy", FIELD_STR, policy, .empty = "other"),
	ROW("priority", FIELD_INT, prio, .max = 99),
	ROW("nice", FIELD_INT, nice, .min = -20, .max = 19),
	ROW("hop_work_ns", FIELD_DOUBLE, hop_work_ns,
	    .max = REPORT_MAX_SECONDS * 1e9),
	ROW("status", FIELD_STATUS, status, .flags = FIELD_REQUIRED),
	ROW("reason", FIELD_STR, reason),
	ROW("flags", FIELD_FLAGS, flags),
	ROW("cpus", FIELD_STR, cpus),
	ROW("migrations", FIELD_LL, migrations, .min = -1,
	    .max = (double)INT64_MAX),
	ROW("discarded", FIELD_UINT, discarded, .max = INT32_MAX),
	ROW("samples", FIELD_SAMPLES, sample, .flags = FIELD_REQUIRED),
	ROW("summary", FIELD_SUMMARY, sample),
	ROW("rtt", FIELD_RTT, rtt),
	ROW("cpu", FIELD_OBJECT, cpu, .flags = FIELD_INLINE, .sub = cpu_fields),
	{ .key = NULL }
};

#define SAMPLE(k, t, m, ...)                                                  \
	{                                                                     \
		.key = k, .type = t, AT(struct result_sample, m), __VA_ARGS__ \
	}

const struct field sample_fields[] = {
	SAMPLE("loops", FIELD_U64, loops, .flags = FIELD_REQUIRED),
	SAMPLE("elapsed_s", FIELD_DOUBLE, elapsed_s, .min = REPORT_MIN_SECONDS,
	       .max = REPORT_MAX_SECONDS, .flags = FIELD_REQUIRED),
	SAMPLE("loops_per_s", FIELD_RATE, loops, .max = HUGE_VAL),
	SAMPLE("setup_s", FIELD_DOUBLE, setup_s, .max = REPORT_MAX_SECONDS),
	SAMPLE("teardown_s", FIELD_DOUBLE, teardown_s,
	       .max = REPORT_MAX_SECONDS),
	SAMPLE("disturbed", FIELD_BOOL, disturbed),
	SAMPLE("steal_share", FIELD_MAYBE, steal_share, .max = MAX_SHARE),
	SAMPLE("irq_share", FIELD_MAYBE, irq_share, .max = MAX_SHARE),
	SAMPLE("other_share", FIELD_MAYBE, other_share, .max = MAX_SHARE),
	SAMPLE("freq_change", FIELD_MAYBE, freq_change, .min = -MAX_SHARE,
	       .max = MAX_SHARE),
	SAMPLE("disturbed_why", FIELD_STR, why),
	SAMPLE("procs_running", FIELD_PAIR, procs_running, .min = -1,
	       .max = INT32_MAX),
	SAMPLE("throttle", FIELD_LL, throttle, .min = -1,
	       .max = (double)INT64_MAX),
	SAMPLE("ring_min_loops", FIELD_U64, ring_min, .flags = FIELD_SPARSE),
	SAMPLE("ring_max_loops", FIELD_U64, ring_max, .flags = FIELD_SPARSE),
	{ .key = NULL }
};

int field_index(const struct field *t, const char *key)
{
	for (int i = 0; t[i].key; i++)
		if (strcmp(t[i].key, key) == 0)
			return i;
	return -1;
}
