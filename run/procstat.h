/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Snapshots of what the kernel says the CPUs did: the per-CPU times of
 * /proc/stat, the runnable tasks, and each CPU's frequency and thermal
 * throttle count from /sys.
 */
#ifndef CTXBENCH_PROCSTAT_H
#define CTXBENCH_PROCSTAT_H

#include <stdint.h>

/* CPUs beyond this number are not kept (a disturbance over them is unknown). */
#define PROCSTAT_MAX_CPUS 256

/*
 * One "cpuN" line of /proc/stat, in USER_HZ ticks (sysconf(_SC_CLK_TCK)).
 * The kernel keeps nanoseconds and truncates each field to whole ticks.
 * Columns an old kernel does not print (iowait, irq, softirq before 2.6,
 * steal before 2.6.11) read as 0; guest time is already inside user and
 * nice, so its columns are not kept.
 */
struct procstat_cpu {
	uint64_t user, nice, system, idle, iowait, irq, softirq, steal;
	int present; /* the line was there: the CPU was online */
};

struct procstat {
	unsigned int ncpu_max; /* one past the highest CPU seen, <= MAX */
	struct procstat_cpu all; /* the aggregate "cpu" line */
	struct procstat_cpu cpu[PROCSTAT_MAX_CPUS];
	long procs_running; /* runnable tasks, /proc/stat; -1 unknown */
};

/*
 * Parse the text of /proc/stat into @out: the "cpu" and "cpuN" lines
 * (at least the four columns of the oldest kernels) and procs_running.
 * Returns 0, or -EINVAL when a cpu
 * line is malformed or there is none.
 */
int procstat_parse(const char *text, struct procstat *out);

/*
 * Read @root/proc/stat ("" for the running system; tests pass a fixture
 * tree) into @out.  Returns 0 or a negative
 * errno; on a machine whose /proc/stat outgrows the buffer, the lines past
 * it (procs_running last) are left unknown.
 */
int procstat_read(const char *root, struct procstat *out);

/*
 * The current frequency of @cpu in kHz, from
 * @root/sys/devices/system/cpu/cpuN/cpufreq/scaling_cur_freq.
 * Returns 0, or -1 when the file is absent or not a positive number
 * (no cpufreq driver, as in most virtual machines).
 */
int procstat_freq_read(const char *root, int cpu, long *khz);

/*
 * How many times @cpu's core has been thermally throttled since boot,
 * from @root/sys/devices/system/cpu/cpuN/thermal_throttle/
 * core_throttle_count (x86 only).  Returns 0, or -1 when absent.
 */
int procstat_throttle_read(const char *root, int cpu, long long *count);

/* What /proc/TID/stat says of a task. */
struct procstat_task {
	int state; /* R runnable, S sleeping, T stopped, ... */
	uint64_t cpu_ticks; /* utime + stime, in USER_HZ ticks */
};

/*
 * Parse the text of /proc/TID/stat into @out: the state, the field after
 * the name (which may itself hold spaces and parentheses), and the CPU
 * time 11 and 12 fields after it.  Returns 0, or -EINVAL.
 */
int procstat_task_parse(const char *text, struct procstat_task *out);

/* The same of task @tid, from @root/proc/TID/stat; or a negative errno. */
int procstat_task_read(const char *root, int tid, struct procstat_task *out);

#endif
