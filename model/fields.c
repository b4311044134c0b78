/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The tables of a saved run's members, in the order the JSON holds them. */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "fields.h"
#include "lib/util.h"
#include "results.h"
#include "schema.h"

#define MAX_SIGNAL 64
#define MAX_NCPU 1048576
#define MAX_CPU_S 1e12 /* CPU seconds of a row */
#define MAX_EPOCH_S 1e11 /* a start or end: year 5138 */
#define MAX_SHARE 1e3 /* a share of a run's CPUs, or a clock's change */

#define SIZE(st, m) sizeof(((st *)0)->m)
#define AT(st, m) .off = offsetof(st, m), .size = SIZE(st, m)

#define INFO_STR(k, m)                                                  \
	{                                                               \
		.key = k, .type = FIELD_STR, AT(struct result_info, m), \
	}
#define INFO_KVS(k, m, count, most)                                     \
	{                                                               \
		.key = k, .type = FIELD_KVS, AT(struct result_info, m), \
		.aux = offsetof(struct result_info, count), .max = most \
	}

/* In the JSON's order; the Run information block's is facts[]'s. */
const struct field info_fields[] = {
	{ .key = "label",
	  .type = FIELD_STR,
	  AT(struct result_info, label),
	  .flags = FIELD_REQUIRED | FIELD_NONEMPTY },
	INFO_STR("note", note),
	INFO_STR("cpu_mhz", cpu_mhz),
	INFO_STR("cpu_type", cpu_type),
	INFO_STR("hostname", hostname),
	INFO_STR("kernel", kernel),
	{ .key = "ncpu",
	  .type = FIELD_INT,
	  AT(struct result_info, ncpu),
	  .max = MAX_NCPU,
	  .flags = FIELD_ZERO_UNKNOWN },
	{ .key = "kernel_version",
	  .type = FIELD_STR,
	  AT(struct result_info, kernel_version),
	  .flags = FIELD_WRAP },
	{ .key = "boot_cmdline",
	  .type = FIELD_STR,
	  AT(struct result_info, boot_cmdline),
	  .flags = FIELD_WRAP },
	INFO_STR("preemption", preempt),
	INFO_STR("fair_scheduler", fair_sched),
	INFO_STR("sched_ext", sched_ext),
	INFO_STR("proxy_exec", proxy_exec),
	INFO_STR("sched_rt_runtime_us", rt_runtime_us),
	INFO_STR("sched_rt_period_us", rt_period_us),
	INFO_STR("rt_throttling", rt_throttling),
	INFO_STR("isolation", isolation),
	INFO_STR("threaded_irqs", threaded_irqs),
	INFO_STR("config_hz", config_hz),
	INFO_STR("mitigations", mitigations),
	INFO_KVS("vulnerabilities", vulns, nvulns, RESULT_MAX_VULNS),
	INFO_STR("cpufreq_driver", cpufreq_driver),
	INFO_STR("cpufreq_governor", cpufreq_governor),
	INFO_STR("boost", boost),
	INFO_STR("cpuidle_driver", cpuidle_driver),
	INFO_STR("cpuidle_governor", cpuidle_governor),
	INFO_STR("halt_poll", halt_poll),
	INFO_KVS("halt_poll_params", halt_poll_params, nhalt_poll,
		 RESULT_MAX_HALT_POLL),
	INFO_STR("smt", smt),
	INFO_STR("core_scheduling", core_sched),
	INFO_STR("core_types", core_types),
	INFO_KVS("core_type_cpus", core_type_cpus, ncore_types,
		 RESULT_MAX_CORE_TYPES),
	INFO_STR("virtual", virt),
	INFO_STR("emulated", emulated),
	INFO_STR("machine", machine),
	INFO_STR("clocksource", clocksource),
	INFO_STR("tsc", tsc),
	INFO_STR("cpus_online", cpus_online),
	INFO_STR("cpus_allowed", cpus_allowed),
	INFO_STR("cpu_quota", cpu_quota),
	INFO_STR("compiler", compiler),
	INFO_STR("date", date),
	{ .key = "boot_id",
	  .type = FIELD_STR,
	  AT(struct result_info, boot_id),
	  .flags = FIELD_SPARSE },
	{ .key = "start",
	  .type = FIELD_DOUBLE,
	  AT(struct result_info, start_s),
	  .max = MAX_EPOCH_S,
	  .flags = FIELD_SPARSE },
	{ .key = "end",
	  .type = FIELD_DOUBLE,
	  AT(struct result_info, end_s),
	  .max = MAX_EPOCH_S,
	  .flags = FIELD_SPARSE },
	{ .key = "profile",
	  .type = FIELD_STR,
	  AT(struct result_info, profile),
	  .flags = FIELD_SPARSE },
	{ .key = "cgroups",
	  .type = FIELD_STR,
	  AT(struct result_info, cgroups),
	  .flags = FIELD_SPARSE,
	  .empty = "none" },
	{ .key = NULL }
};

const struct field param_fields[] = {
	{ .key = "seconds",
	  .type = FIELD_DOUBLE,
	  AT(struct result_info, duration_s),
	  .max = SAVED_MAX_SECONDS,
	  .flags = FIELD_REQUIRED | FIELD_OPEN_MIN },
	{ .key = "runs",
	  .type = FIELD_UINT,
	  AT(struct result_info, runs),
	  .min = 1,
	  .max = SAVED_MAX_SAMPLES,
	  .flags = FIELD_REQUIRED },
	{ .key = "tasks",
	  .type = FIELD_TASKS,
	  AT(struct result_info, threads) },
	{ .key = "participants",
	  .type = FIELD_UINT,
	  AT(struct result_info, participants),
	  .max = SAVED_MAX_PROCS },
	{ .key = "order", .type = FIELD_ORDER, AT(struct result_info, order) },
	{ .key = "seed",
	  .type = FIELD_LL,
	  AT(struct result_info, seed),
	  .max = UINT32_MAX },
	{ .key = "cgroup_depth",
	  .type = FIELD_UINT,
	  AT(struct result_info, cgroup_depth),
	  .max = SAVED_MAX_CGROUP_DEPTH,
	  .flags = FIELD_SPARSE },
	{ .key = "cgroups_apart",
	  .type = FIELD_BOOL,
	  AT(struct result_info, cgroups_apart),
	  .flags = FIELD_SPARSE },
	{ .key = "slice_us",
	  .type = FIELD_UINT,
	  AT(struct result_info, slice_us),
	  .max = SAVED_MAX_SLICE_US,
	  .flags = FIELD_SPARSE,
	  .empty = "default" },
	{ .key = NULL }
};

const struct field invocation_fields[] = {
	{ .key = "ctxbench_version",
	  .type = FIELD_STR,
	  AT(struct results, version) },
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

#define SYM(k, t, m, ...)                                                  \
	{                                                                  \
		.key = k, .type = t, AT(struct result_sym, m), __VA_ARGS__ \
	}

static const struct field sym_fields[] = {
	SYM("symbol", FIELD_STR, name,
	    .flags = FIELD_REQUIRED | FIELD_NONEMPTY),
	SYM("kernel", FIELD_BOOL, kernel),
	SYM("samples", FIELD_U64, samples, .flags = FIELD_REQUIRED),
	SYM("share", FIELD_DOUBLE, share, .max = 1),
	{ .key = NULL }
};

#define PROF(k, t, m, ...)                                                     \
	{                                                                      \
		.key = k, .type = t, AT(struct result_profile, m), __VA_ARGS__ \
	}

const struct field profile_fields[] = {
	PROF("event", FIELD_STR, event,
	     .flags = FIELD_REQUIRED | FIELD_NONEMPTY | FIELD_NAME),
	PROF("samples", FIELD_U64, samples, .flags = FIELD_REQUIRED),
	PROF("kernel_samples", FIELD_U64, kernel),
	PROF("other_samples", FIELD_U64, other),
	{ .key = "symbols",
	  .type = FIELD_LIST,
	  .off = offsetof(struct result_profile, sym),
	  .size = sizeof(struct result_sym),
	  .aux = offsetof(struct result_profile, nsyms),
	  .max = SAVED_MAX_PROFILE_SYMS,
	  .sub = sym_fields },
	PROF("wakeups", FIELD_U64, wakeups),
	PROF("trace_trips", FIELD_U64, trace_trips),
	PROF("trace_s", FIELD_DOUBLE, trace_s, .max = SAVED_MAX_SECONDS),
	PROF("wake_ns", FIELD_DOUBLE, wake_ns, .max = SAVED_MAX_SECONDS * 1e9),
	{ .key = NULL }
};

#define ROW(k, t, m, ...)                                                  \
	{                                                                  \
		.key = k, .type = t, AT(struct result_row, m), __VA_ARGS__ \
	}

const struct field row_fields[] = {
	ROW("mech", FIELD_STR, mech, .flags = FIELD_REQUIRED | FIELD_NAME),
	ROW("title", FIELD_STR, title, .flags = FIELD_REQUIRED),
	ROW("placement", FIELD_STR, placement, .flags = FIELD_REQUIRED),
	ROW("participants", FIELD_UINT, procs, .min = 1,
	    .max = SAVED_MAX_PROCS),
	ROW("ws_kb", FIELD_UINT, ws_kb, .max = SAVED_MAX_WS_KB),
	ROW("rings", FIELD_UINT, rings, .min = 1, .max = SAVED_MAX_RINGS,
	    .flags = FIELD_SPARSE),
	ROW("shared", FIELD_BOOL, shared, .flags = FIELD_SPARSE),
	ROW("waitv", FIELD_UINT, waitv, .max = SAVED_MAX_WAITV,
	    .flags = FIELD_SPARSE),
	ROW("policy", FIELD_STR, policy, .empty = "other"),
	ROW("priority", FIELD_INT, prio, .max = 99),
	ROW("nice", FIELD_INT, nice, .min = -20, .max = 19),
	ROW("hop_work_ns", FIELD_DOUBLE, hop_work_ns,
	    .max = SAVED_MAX_SECONDS * 1e9),
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
	ROW("profile", FIELD_OBJECT, profile, .flags = FIELD_SPARSE,
	    .sub = profile_fields),
	{ .key = NULL }
};

#define SAMPLE(k, t, m, ...)                                                  \
	{                                                                     \
		.key = k, .type = t, AT(struct result_sample, m), __VA_ARGS__ \
	}

const struct field sample_fields[] = {
	SAMPLE("loops", FIELD_U64, loops, .flags = FIELD_REQUIRED),
	SAMPLE("elapsed_s", FIELD_DOUBLE, elapsed_s, .min = SAVED_MIN_SECONDS,
	       .max = SAVED_MAX_SECONDS, .flags = FIELD_REQUIRED),
	SAMPLE("loops_per_s", FIELD_RATE, loops, .max = HUGE_VAL),
	SAMPLE("setup_s", FIELD_DOUBLE, setup_s, .max = SAVED_MAX_SECONDS),
	SAMPLE("teardown_s", FIELD_DOUBLE, teardown_s,
	       .max = SAVED_MAX_SECONDS),
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
	SAMPLE("rtt_p50_ns", FIELD_DOUBLE, rtt_p50_ns, .max = 1e12,
	       .flags = FIELD_SPARSE),
	SAMPLE("rtt_iqm_ns", FIELD_DOUBLE, rtt_iqm_ns, .max = 1e12,
	       .flags = FIELD_SPARSE),
	{ .key = NULL }
};

/*
 * The facts of the Run information block, in its order: each one's name
 * there and the path of its member in the tables above.  The order of
 * the table is the order printed (perf's feat_ops[]): a new fact is a
 * line at its place, and no other line changes.
 */
static const struct {
	const char *name, *path;
} facts[] = {
	{ "CPU_MHz", "info.cpu_mhz" },
	{ "CPUtype", "info.cpu_type" },
	{ "HostName", "info.hostname" },
	{ "KernelName", "info.kernel" },
	{ "Ncpu", "info.ncpu" },
	{ "Seconds", "parameters.seconds" },
	{ "Runs", "parameters.runs" },
	{ "Tasks", "parameters.tasks" },
	{ "Order", "parameters.order" },
	{ "Cgroups", "info.cgroups" },
	{ "Slice_us", "parameters.slice_us" },
	{ "KernelVersion", "info.kernel_version" },
	{ "Preemption", "info.preemption" },
	{ "FairScheduler", "info.fair_scheduler" },
	{ "SchedExt", "info.sched_ext" },
	{ "ProxyExec", "info.proxy_exec" },
	{ "RTThrottling", "info.rt_throttling" },
	{ "Isolation", "info.isolation" },
	{ "ThreadedIRQs", "info.threaded_irqs" },
	{ "CONFIG_HZ", "info.config_hz" },
	{ "Mitigations", "info.mitigations" },
	{ "CpufreqDriver", "info.cpufreq_driver" },
	{ "CpufreqGovernor", "info.cpufreq_governor" },
	{ "Boost", "info.boost" },
	{ "CpuidleDriver", "info.cpuidle_driver" },
	{ "CpuidleGovernor", "info.cpuidle_governor" },
	{ "HaltPoll", "info.halt_poll" },
	{ "SMT", "info.smt" },
	{ "CoreScheduling", "info.core_scheduling" },
	{ "CoreTypes", "info.core_types" },
	{ "Virtual", "info.virtual" },
	{ "Emulated", "info.emulated" },
	{ "Machine", "info.machine" },
	{ "Clocksource", "info.clocksource" },
	{ "TSC", "info.tsc" },
	{ "CPUsOnline", "info.cpus_online" },
	{ "CPUsAllowed", "info.cpus_allowed" },
	{ "CPUQuota", "info.cpu_quota" },
	{ "Compiler", "info.compiler" },
	{ "CtxbenchVersion", "ctxbench_version" },
	{ "Date", "info.date" },
	{ "BootCmdline", "info.boot_cmdline" },
};

int field_fact(unsigned int i, const char **name, const struct field **f,
	       size_t *base, const char **path)
{
	size_t off;

	if (i >= ARRAY_SIZE(facts))
		return -1;
	*f = field_find(invocation_fields, facts[i].path, &off);
	if (!*f)
		return -2;
	*name = facts[i].name;
	*base = off - (*f)->off;
	if (path)
		*path = facts[i].path;
	return 0;
}

const struct field *field_find(const struct field *t, const char *path,
			       size_t *off)
{
	size_t len = strcspn(path, "."), below = 0;
	const struct field *f;

	*off = 0;
	for (; t->key; t++) {
		if (strlen(t->key) != len || strncmp(t->key, path, len))
			continue;
		*off = t->off;
		if (!path[len])
			return t;
		if (t->type != FIELD_OBJECT)
			return NULL;
		f = field_find(t->sub, path + len + 1, &below);
		*off += below;
		return f;
	}
	return NULL;
}

int field_index(const struct field *t, const char *key)
{
	for (int i = 0; t[i].key; i++)
		if (strcmp(t[i].key, key) == 0)
			return i;
	return -1;
}
