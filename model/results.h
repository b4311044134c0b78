/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The results of a ctxbench invocation: plain data, no pointers into live
 * processes.  The runner's outcome is turned into this, and every output
 * format is a pure function of it.
 */
#ifndef CTXBENCH_RESULTS_H
#define CTXBENCH_RESULTS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/hist.h"

enum result_status {
	RESULT_OK,
	RESULT_SKIPPED, /* the machine cannot run the mechanism */
	RESULT_FAILED, /* a participant failed or died */
	RESULT_HUNG, /* the token stopped moving */
	RESULT_INTERRUPTED, /* ctxbench was asked to stop */
};

/* Row flags. */
#define RESULT_DEGENERATE 0x1 /* spinners sharing one CPU */
#define RESULT_MIGRATED 0x2 /* unpinned participants moved between CPUs */
#define RESULT_OVERSUB 0x4 /* more rings' tasks than CPUs for them */

/* The order of a plan's runs (--order). */
enum result_order {
	RESULT_ORDER_NONE, /* not recorded: files of earlier versions */
	RESULT_ORDER_INTERLEAVE, /* the rows take turns, a run each */
	RESULT_ORDER_SHUFFLE, /* the same, in a new random order each round */
	RESULT_ORDER_SEQUENTIAL, /* each row's runs back to back */
	RESULT_NORDERS
};

/*
 * The level a label's invocations replicate at (report_group()): its
 * boots when it has two or more; else its blocks, invocations in a row
 * with no other label's between them; invocations themselves when their
 * order is unknown (saved runs without start times).  One block of
 * several invocations is no replicate of a kernel at all.
 */
enum result_level {
	RESULT_LEVEL_INVOCATIONS, /* the order unknown, or one invocation */
	RESULT_LEVEL_ONE_BLOCK, /* all in one block: nothing between blocks */
	RESULT_LEVEL_BLOCKS,
	RESULT_LEVEL_BOOTS,
};

/* A named fact of a list: a vulnerability and its state, a parameter. */
struct result_kv {
	char key[64];
	char value[256];
};

#define RESULT_MAX_VULNS 64 /* files in .../cpu/vulnerabilities */
#define RESULT_MAX_HALT_POLL 16 /* halt-polling module parameters */
#define RESULT_MAX_CORE_TYPES 8 /* P-cores, E-cores, or capacities */

/*
 * The "Run information" block: facts about the machine and the test.
 * Strings are empty when unknown: the report then says "unknown".
 */
struct result_info {
	char label[128]; /* -n, default the kernel release */
	char note[128]; /* --note */
	char cpu_mhz[32];
	char cpu_type[128];
	char hostname[128];
	char kernel[128]; /* kernel release */
	int ncpu; /* online CPUs */
	double duration_s; /* -t */
	unsigned int runs; /* -r */
	int threads; /* participants were threads, not processes */
	unsigned int participants; /* tasks in the ring; 0 unknown */
	enum result_order order; /* of the runs */
	unsigned long long seed; /* of "shuffle"'s order */
	/*
	 * -G, --cgroup-depth: the participants were in cgroups this many
	 * levels below ctxbench's (0: none, ctxbench's own), each of a ring
	 * in its own when apart; what was made, and whether the cpu
	 * controller was on in them, as the Run information says it.
	 */
	unsigned int cgroup_depth;
	int cgroups_apart;
	char cgroups[256];
	/* --slice: the slice participants of the fair class had, us; 0 the kernel's */
	unsigned int slice_us;
	char kernel_version[256]; /* /proc/sys/kernel/version, uname -v */
	char boot_cmdline[4096]; /* /proc/cmdline */
	char preempt[96]; /* the preemption model, and where it was read */
	char fair_sched[80]; /* "EEVDF, base slice 3 ms (...)": facts/sched.h */
	char sched_ext[128]; /* "simple, all tasks (enabled; enable_seq 3)" */
	char proxy_exec[64]; /* "on (kernel config)" */
	char rt_runtime_us[24]; /* kernel.sched_rt_runtime_us, as read */
	char rt_period_us[24]; /* kernel.sched_rt_period_us */
	char rt_throttling[64]; /* "on: 950000 of 1000000 us (95%)" */
	char isolation[256]; /* "isolcpus=2-3 nohz_full=2-3", or "none" */
	char threaded_irqs[48]; /* "yes (threadirqs)", "no" */
	char config_hz[32]; /* CONFIG_HZ, or "250 (timer interrupts)" */
	char mitigations[64]; /* a summary of vulns[] */
	unsigned int nvulns;
	struct result_kv vulns[RESULT_MAX_VULNS]; /* name: state */
	char cpufreq_driver[64];
	char cpufreq_governor[128]; /* of every policy, "a,b" if they differ */
	char boost[64]; /* turbo / boost: "on (intel_pstate)" */
	char cpuidle_driver[64];
	char cpuidle_governor[64];
	char halt_poll[128]; /* a summary of halt_poll_params[] */
	unsigned int nhalt_poll;
	struct result_kv halt_poll_params[RESULT_MAX_HALT_POLL]; /* mod.param */
	char smt[64]; /* "on, active" */
	char core_sched[64]; /* core scheduling: "yes (prctl)" */
	char core_types[96]; /* "P-cores 0-11, E-cores 12-19": cores.h */
	unsigned int ncore_types;
	struct result_kv core_type_cpus[RESULT_MAX_CORE_TYPES]; /* "P-core" */
	char virt[96]; /* "yes (hypervisor flag)" */
	char emulated[64]; /* "yes (qemu TCG: ...)": see emulation.h */
	char machine[192]; /* DMI vendor and product */
	char clocksource[64];
	char tsc[96]; /* "stable (constant_tsc nonstop_tsc)": facts/tsc.h */
	char cpus_online[256]; /* "0-3" */
	char cpus_allowed[256]; /* sched_getaffinity(), set by the caller */
	char cpu_quota[192]; /* the cgroup's CPU quota and cpuset (cgroup.h) */
	char compiler[128]; /* that built ctxbench */
	char date[32]; /* of the start, UTC ISO 8601; set by the caller */
	/*
	 * The boot it ran in (/proc/sys/kernel/random/boot_id), "" unknown;
	 * when it started and when its last row ended, epoch seconds with
	 * their fraction, 0 unknown (saved runs of earlier versions).
	 */
	char boot_id[40];
	double start_s, end_s;
	/* --profile: the events sampled, or why there are no profiles. */
	char profile[160];
};

/*
 * A run is disturbed past these shares of its capacity or of a CPU's
 * starting frequency: run/disturb.h says how they are applied.
 */
#define DISTURB_MAX_SHARE 0.02 /* 2 % of the capacity */
#define DISTURB_MAX_FREQ 0.05 /* 5 % of the starting frequency */

/* One measured run. */
struct result_sample {
	uint64_t loops;
	double elapsed_s;
	double setup_s; /* creating the objects and starting the participants */
	double teardown_s; /* stopping, reaping and removing */
	/* What else the run's CPUs did: see run/disturb.h.  NAN unknown. */
	int disturbed;
	double steal_share, irq_share, other_share, freq_change;
	char why[96];
	long procs_running[2]; /* runnable tasks at start and end; -1 unknown */
	long long throttle; /* thermal throttle events; -1 unknown */
	/* Of several rings: the loops of the slowest and the fastest one. */
	uint64_t ring_min, ring_max;
	/*
	 * The median and interquartile mean of its timed round trips at full
	 * resolution (lib/pick.h), ns; 0: unknown (files before them).
	 */
	double rtt_p50_ns, rtt_iqm_ns;
};

/*
 * The participants' CPU usage over their loops (from the start to the
 * stop word, each its own getrusage(): not their fork, set-up or exit),
 * added up over the runs, and the loops and seconds it was spent on.
 */
struct result_cpu {
	double user_s, sys_s;
	long long nvcsw, nivcsw; /* voluntary and involuntary switches */
	uint64_t loops;
	double seconds;
};

/*
 * Where a row's measured time went (--profile): the symbols perf sampled
 * in its participants over the measured windows of its runs, the most
 * sampled first, and from a short trace of sched_wakeup and sched_switch
 * in each window, how long a woken participant waited to run.  Its
 * @event is empty when the row was not profiled.
 */
#define RESULT_PROFILE_SYMS 30 /* symbols kept; the rest are "other" */

struct result_sym {
	char name[96];
	int kernel; /* a kernel symbol (or the JIT image of a BPF program) */
	uint64_t samples;
	double share; /* of the row's samples */
};

struct result_profile {
	char event[24]; /* sampled: "cpu-clock", "cycles"; "" none */
	uint64_t samples; /* in the participants, over every run */
	uint64_t kernel; /* of those, in the kernel */
	uint64_t other; /* in symbols not listed */
	unsigned int nsyms;
	struct result_sym sym[RESULT_PROFILE_SYMS]; /* most samples first */
	/*
	 * The trace: wake-ups of a participant matched with the switch that
	 * ran it, over @trace_trips round trips in @trace_s seconds; the
	 * wake-up to run time of a round trip, ns (0: no wake-up traced).
	 */
	uint64_t wakeups, trace_trips;
	double trace_s, wake_ns;
};

/* An invocation's part of a merged row (report_group()). */
struct result_inv {
	double mean; /* loops/sec over its runs kept: see group.h */
	double cpu; /* CPU seconds a loop of its runs (all of them); 0 unknown */
	/*
	 * Its round trip: the geometric mean of its runs' medians at full
	 * resolution (of the runs its mean takes), else the median of its
	 * histogram interpolated within its bucket; ns, 0 unknown.
	 */
	double rtt;
	double start; /* when it started, epoch seconds; 0 unknown */
	unsigned int rep; /* its replicate of the label: see group.h */
	unsigned int runs, disturbed; /* its runs, and how many disturbed */
	/* Too few runs not disturbed: left out of the verdict (never kept). */
	int left;
	int kept; /* its disturbed runs are in its mean: the labels took turns */
	unsigned int of; /* which of its label's invocations, from 0 */
	unsigned int
		boot; /* which of its label's boots, from 0; UINT_MAX unknown */
};

/* One table row: a mechanism measured -r times. */
struct result_row {
	char mech[32]; /* CLI name */
	char title[32]; /* report title */
	char placement[48]; /* "any", "same", "cpus:0,2" */
	char cpus[32]; /* CPUs the participants were seen on: "0-1" */
	unsigned int procs; /* participants in the ring */
	unsigned int ws_kb; /* working set each touches per hop */
	unsigned int rings; /* rings run at once (-j), from 1 */
	int shared; /* they shared the mechanism's objects (--shared) */
	unsigned int waitv; /* futex-waitv's futexes a wait (--waitv); 0 */
	/* The participants' scheduling class; "" (older files): other. */
	char policy[8]; /* "other", "batch", "idle", "fifo", "rr" */
	int prio; /* fifo, rr: 1..99 */
	int nice; /* other, batch */
	double hop_work_ns; /* a hop's own cost without a switch; 0 unknown */
	long long migrations; /* moves between CPUs over all runs; -1 unknown */
	enum result_status status; /* of the last run that did not succeed */
	char reason[128];
	unsigned int flags;
	unsigned int nsamples;
	struct result_sample *sample; /* [nsamples], successful runs only */
	unsigned int
		discarded; /* disturbed runs run again (--retry-disturbed) */
	struct hist rtt; /* sampled round trips of every run, ns */
	struct result_cpu cpu; /* what the participants cost, every run */
	/*
	 * A row of several invocations (report_group()): each invocation
	 * that measured it.  NULL in one invocation's row.
	 */
	unsigned int ninv;
	struct result_inv *inv;
	struct result_profile profile; /* --profile; event "" none */
};

/* One invocation of ctxbench, measured now or read back from a file. */
struct results {
	/* Of the ctxbench that measured: "0.1.0-1234-g1a2b3c4d5e6f-dirty". */
	char version[64];
	char cmdline[1024]; /* its command line, quoted as a shell would */
	struct result_info info;
	int signo; /* the signal that interrupted the invocation, or 0 */
	unsigned int invocations; /* merged by report_group(); 0: one */
	/* Of a label merged by report_group(): what its replicates are. */
	enum result_level level;
	unsigned int boots; /* distinct boots known; 0 none */
	unsigned int blocks; /* stretches of its invocations; 0 unknown */
	unsigned int reps; /* replicates at that level */
	/*
	 * The labels compared took turns (group.h): a disturbance fell on
	 * either side at random, so disturbed runs are kept, not left out.
	 */
	int kept;
	unsigned int nrows;
	struct result_row *row;
};

/* The rings @row ran at once: rows of files before -j say none, 1. */
static inline unsigned int result_row_rings(const struct result_row *row)
{
	return row->rings > 1 ? row->rings : 1;
}

static inline double result_rate(const struct result_sample *s)
{
	return s->elapsed_s > 0 ? (double)s->loops / s->elapsed_s : 0;
}

/*
 * A quantile of a row's sampled round trips, as every format names it:
 * @key in flat keys ("rtt_p999_ns") and JSON members ("p999_ns"), @title
 * in the text report's header ("p99.9").
 */
struct result_quantile {
	double q;
	const char *key;
	const char *title;
};

/* The quantiles every format shows, in increasing order. */
#define RESULT_NQUANTILES 4
extern const struct result_quantile result_quantiles[RESULT_NQUANTILES];

struct stats;
/* Statistics of a row's loops/sec. */
void result_row_stats(const struct result_row *row, struct stats *s);

/*
 * The round trip of @row's runs (all, or only those not disturbed when
 * @clean), ns: the geometric mean of their medians at full resolution,
 * else (a file before them) the median of the row's histogram
 * interpolated within its bucket; 0 unknown.
 */
double result_row_rtt(const struct result_row *row, int clean);

const char *result_status_name(enum result_status st);

/* The name of order @o ("interleave"; "" for RESULT_ORDER_NONE). */
const char *result_order_name(enum result_order o);

/* The order named @name into *@o: 0, or -1 when no order has that name. */
int result_order_parse(const char *name, enum result_order *o);

/*
 * The names of the orders into @buf, each between @quote, as "a, b or c"
 * with @last (", " or " or ") before the last one.
 */
void result_order_list(char *buf, size_t size, const char *quote,
		       const char *last);

/* The status as saved files spell it ("ok", "failed"...), and back. */
const char *result_status_key(enum result_status st);
int result_status_parse(const char *key, enum result_status *st);

/*
 * @row's class as its label and key show it, into @buf: "fifo:80",
 * "batch", "other:nice5"; empty for other at nice 0, the default.
 */
void result_row_class(const struct result_row *row, char *buf, size_t size);

/*
 * Same mechanism, placement, class, ring size, working set, number of
 * rings and sharing?
 */
int result_row_same(const struct result_row *a, const struct result_row *b);

/* The parts of that key a comparison may leave out. */
enum result_key {
	RESULT_KEY_RINGS = 1, /* the number of rings */
	RESULT_KEY_RING = 2, /* the ring size and the working set */
};

/* result_row_same() but for the parts @ignore (enum result_key) of it. */
int result_row_same_but(const struct result_row *a, const struct result_row *b,
			unsigned int ignore);

/*
 * Are @a and @b the same invocation, saved twice (the same file, a copy,
 * a file merged from it)?  The same start, host, command line and label,
 * and in every row the same runs, loop for loop and second for second: two
 * invocations that measured never are.
 */
int results_same_run(const struct results *a, const struct results *b);

/* The row of @r that is the same as @like, or NULL. */
const struct result_row *results_find(const struct results *r,
				      const struct result_row *like);

/* Has @r rows of rings other than the ping-pong, or working sets? */
int results_rings(const struct results *r);

/* Has @r rows of several rings at once, or of shared objects? */
int results_parallel(const struct results *r);

/* Free what the rows hold (not @r itself). */
void results_free(struct results *r);

/*
 * A note (why a run was disturbed), @src, into @dst of @size bytes: whole when it fits; else cut where a
 * word ends, after its last whole note ("; ") if one fits, and marked
 * with " ..." ("a; b; ..."), never inside a word.  A single word longer
 * than the room is cut between characters, with "...".
 */
void result_note_fit(char *dst, size_t size, const char *src);

#endif
