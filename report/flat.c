/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The flat formats for test harnesses (--format kv, tsv), and their keys.
 *
 * The flat formats: one line per figure, "key: value" or "key<TAB>value",
 * with a stable key built from the row, for the harnesses that run
 * ctxbench on many machines.  docs/keys.md is the contract.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare.h"
#include "formats.h"
#include "analysis/profile.h"
#include "analysis/textkit.h"
#include "report.h"
#include "analysis/rings.h"
#include "analysis/trend.h"
#include "lib/stats.h"

/* The two shapes of the flat formats: "key: value" and "key<TAB>value". */
enum report_flat_shape { REPORT_FLAT_KV, REPORT_FLAT_TSV };

/*
 * The metrics of the flat formats, each once: flat_put() takes one of
 * them, and docs/keys.md's tables are made from them (ctxbench dump keys,
 * tools/gen-refs).
 */
/* The metrics, in the order of docs/keys.md's tables. */
enum flat_key {
	FK_OK,
	FK_SKIPPED,
	FK_FAILED,
	FK_HUNG,
	FK_INTERRUPTED,
	FK_LOOPS_PER_SEC,
	FK_LOOPS_PER_SEC_LOW,
	FK_LOOPS_PER_SEC_HIGH,
	FK_CV_PCT,
	FK_RUNS,
	FK_LOOPS_PER_SEC_RUN,
	FK_DISTURBED_RUNS,
	FK_DISTURBED,
	FK_DISCARDED_RUNS,
	FK_RTT_SAMPLES,
	FK_RTT_MIN_NS,
	FK_RTT_P50_NS,
	FK_RTT_P90_NS,
	FK_RTT_P99_NS,
	FK_RTT_P999_NS,
	FK_RTT_MAX_NS,
	FK_CPU_USER,
	FK_CPU_SYS,
	FK_CPU_VOL,
	FK_CPU_INVOL,
	FK_CPU_BUSY,
	FK_MIGRATIONS,
	FK_DEGENERATE,
	FK_HOP_NS,
	FK_HOP_WORK_NS,
	FK_RING_SLOWEST,
	FK_RING_FASTEST,
	FK_SCALABILITY,
	FK_OVERSUBSCRIBED,
	FK_EMULATED,
	FK_MIGRATED,
	FK_SCHED_EXT,
	FK_RAN_ON_BIG_CPUS,
	FK_RAN_ON_LITTLE_CPUS,
	FK_EEVDF,
	FK_PROXY_EXEC,
	FK_CORE_SCHEDULING,
	FK_TSC_STABLE,
	FK_OUTLIERS,
	FK_OUTLIER_RUN,
	FK_CLUSTERS_LOW_RUNS,
	FK_CLUSTERS_LOW_RATE,
	FK_CLUSTERS_HIGH_RUNS,
	FK_CLUSTERS_HIGH_RATE,
	FK_INVOCATIONS,
	FK_CHANGE_PCT,
	FK_DETECT_PCT,
	FK_P,
	FK_MARKED,
	FK_JUDGED,
	FK_NOT_JUDGED_NO_NOISE,
	FK_NOT_JUDGED_NO_RUNS,
	FK_NOT_JUDGED_NO_BASELINE_ROW,
	FK_NOT_JUDGED_DISTURBED,
	FK_NOT_JUDGED_ONE_BLOCK,
	FK_NOT_JUDGED_NO_SPREAD,
	FK_REPLICATES_FOR_WANT,
	FK_LEFT_OUT_RUNS,
	FK_DISTURBED_KEPT,
	FK_DRIFT,
	FK_CPU_JUDGED,
	FK_CPU_CHANGE_PCT,
	FK_CPU_DETECT_PCT,
	FK_CPU_P,
	FK_CPU_MARKED,
	FK_CPU_REPLICATES_FOR_WANT,
	FK_RTT_JUDGED,
	FK_RTT_CHANGE_PCT,
	FK_RTT_DETECT_PCT,
	FK_RTT_P,
	FK_RTT_MARKED,
	FK_RTT_REPLICATES_FOR_WANT,
	FK_VERDICT_SLOWER,
	FK_VERDICT_FASTER,
	FK_VERDICT_NOT_SIGNIFICANT,
	FK_VERDICT_NOT_JUDGED,
	FK_VERDICT_BY_LOOPS,
	FK_VERDICT_BY_CPU,
	FK_VERDICT_BY_RTT,
	FK_VERDICT_NEEDS_BOOTS,
	FK_VERDICT_NEEDS_BLOCKS,
	FK_VERDICT_NEEDS_INVOCATIONS,
	FK_SERIES_POSITION,
	FK_STEP_CHANGE_PCT,
	FK_STEP_DETECT_PCT,
	FK_STEP_P,
	FK_STEP_MARKED,
	FK_STEP_JUDGED,
	FK_STEP_NOT_JUDGED_NO_NOISE,
	FK_STEP_NOT_JUDGED_NO_RUNS,
	FK_STEP_NOT_JUDGED_NO_BASELINE_ROW,
	FK_STEP_NOT_JUDGED_DISTURBED,
	FK_STEP_NOT_JUDGED_ONE_BLOCK,
	FK_STEP_NOT_JUDGED_NO_SPREAD,
	FK_PROFILE_SAMPLES,
	FK_PROFILE_WAKE_US,
	FK_PROFILE_TRIP_US,
	FK_PROFILE_SHARE,
	FK_PROFILE_CHANGE,
	FK_PROFILE_CHANGED,
	FK_NKEYS
};

#define K(id, n, g, u, w) \
	[FK_##id] = { .name = n, .group = g, .unit = u, .what = w }

/* clang-format off */
const struct report_flat_key report_flat_keys[FK_NKEYS + 1] = {
	K(OK, "ok", "status", NULL, "was measured: its figures follow"),
	K(SKIPPED, "skipped", "status", NULL,
	  "could not run on this machine (a placement it cannot offer, a mechanism it lacks); nothing follows"),
	K(FAILED, "failed", "status", NULL,
	  "a participant failed or died; nothing follows"),
	K(HUNG, "hung", "status", NULL,
	  "the token stopped moving; nothing follows"),
	K(INTERRUPTED, "interrupted", "status", NULL,
	  "ctxbench was stopped by a signal; nothing follows"),

	K(LOOPS_PER_SEC, "loops_per_sec", "run", "loops/s",
	  "the average over the runs: the report's `average`"),
	K(LOOPS_PER_SEC_LOW, "loops_per_sec_low", "run", "loops/s",
	  "the slowest run of those averaged: `low`"),
	K(LOOPS_PER_SEC_HIGH, "loops_per_sec_high", "run", "loops/s",
	  "the fastest run of those averaged: `high`"),
	K(CV_PCT, "cv_pct", "run", "%",
	  "coefficient of variation of the loops/sec of the runs averaged: "
	  "`cv`"),
	K(RUNS, "runs", "run", "count", "runs measured"),
	K(LOOPS_PER_SEC_RUN, "loops_per_sec_runN", "run", "loops/s",
	  "run N, from 1, in the order they ran"),
	K(DISTURBED_RUNS, "disturbed_runs", "run", "count",
	  "runs that other work disturbed (see [method.md](method.md#disturbance-when-not-to-trust-a-number))"),
	K(DISTURBED, "disturbed", "run", "0 or 1",
	  "1 when some of the row's runs were disturbed (`disturbed_runs` above 0), else 0: one key a harness can flag the row by, on every row measured"),
	K(DISCARDED_RUNS, "discarded_runs", "run", "count",
	  "disturbed runs run again (`--retry-disturbed`)"),

	K(RTT_SAMPLES, "rtt_samples", "rtt", "count",
	  "round trips timed, over all runs"),
	K(RTT_MIN_NS, "rtt_min_ns", "rtt", "ns", "the fastest"),
	K(RTT_P50_NS, "rtt_p50_ns", "rtt", "ns", "median"),
	K(RTT_P90_NS, "rtt_p90_ns", "rtt", "ns", "90th percentile"),
	K(RTT_P99_NS, "rtt_p99_ns", "rtt", "ns", "99th percentile"),
	K(RTT_P999_NS, "rtt_p999_ns", "rtt", "ns", "99.9th percentile"),
	K(RTT_MAX_NS, "rtt_max_ns", "rtt", "ns", "the slowest"),

	K(CPU_USER, "cpu_user_ns_per_loop", "cpu", "ns",
	  "user CPU time of all participants per loop"),
	K(CPU_SYS, "cpu_sys_ns_per_loop", "cpu", "ns",
	  "system CPU time of all participants per loop"),
	K(CPU_VOL, "cpu_vol_cs_per_loop", "cpu", "count",
	  "voluntary context switches per loop"),
	K(CPU_INVOL, "cpu_invol_cs_per_loop", "cpu", "count",
	  "involuntary context switches per loop"),
	K(CPU_BUSY, "cpu_busy_cpus", "cpu", "CPUs",
	  "CPU time over the time the token moved"),

	K(MIGRATIONS, "migrations", "other", "count",
	  "the scheduler's count of moves between CPUs, when the kernel shows it"),
	K(DEGENERATE, "degenerate", "other", "1",
	  "spinners sharing one CPU: the token moves only when a time slice ends"),
	K(HOP_NS, "hop_ns", "other", "ns",
	  "with rings or working sets (`-p`, `-s`): one hop, lat_ctx's figure"),
	K(HOP_WORK_NS, "hop_work_ns", "other", "ns",
	  "with rings or working sets: a hop's own work without a switch"),
	K(RING_SLOWEST, "ring_slowest_loops_per_sec", "other", "loops/s",
	  "in a run with `-j` or `--shared`: the mean over the runs of the slowest ring's loops/sec (of one ring, its own)"),
	K(RING_FASTEST, "ring_fastest_loops_per_sec", "other", "loops/s",
	  "with it: of the fastest ring"),
	K(SCALABILITY, "scalability", "other", "ratio",
	  "with it, when the same run measured the row of one ring of the same mechanism, placement, ring and sharing: `loops_per_sec` over N times that row's (1 is perfect)"),
	K(OVERSUBSCRIBED, "oversubscribed", "other", "1",
	  "with it: a CPU held more of the rings' participants than one ring alone puts on a CPU"),
	K(EMULATED, "emulated", "other", "1",
	  "the CPU was emulated (qemu TCG): every time is the emulator's, not the kernel's (the text report's `(emulated CPU: ...)`)"),
	K(MIGRATED, "migrated", "other", "1",
	  "unpinned: the participants moved between CPUs; `migrations` says how often when the kernel showed it (`(unpinned: ...)`)"),
	K(SCHED_EXT, "sched_ext", "other", "1",
	  "a BPF scheduler of sched_ext ran the participants: one ran every task, and their class is one it takes, not fifo or rr (`(sched_ext: run by the BPF scheduler ...)`; the Run information's `SchedExt` names it)"),
	K(RAN_ON_BIG_CPUS, "ran_on_big_cpus", "other", "count",
	  "on a machine of several core types (`CoreTypes`): the row's CPUs of the fastest type, P-cores or the highest `cpu_capacity` (`(core types: ran on ...)`)"),
	K(RAN_ON_LITTLE_CPUS, "ran_on_little_cpus", "other", "count",
	  "with it: the row's CPUs of the other types, E-cores or lower capacities"),
	K(EEVDF, "eevdf", "other", "0 or 1",
	  "the fair class of the label's kernel: 1 EEVDF, 0 CFS (`FairScheduler`); absent when unknown, or when the label's invocations say otherwise one from another, as for the three below"),
	K(PROXY_EXEC, "proxy_exec", "other", "0 or 1",
	  "proxy execution: 1 on, 0 off or not built in (`ProxyExec`)"),
	K(CORE_SCHEDULING, "core_scheduling", "other", "0 or 1",
	  "1 when the kernel has core scheduling, else 0 (`CoreScheduling`)"),
	K(TSC_STABLE, "tsc_stable", "other", "0 or 1",
	  "1 when the TSC is stable, 0 unstable or not invariant (`TSC`); absent without a TSC"),
	K(OUTLIERS, "outliers", "other", "count",
	  "with 4 runs or more: the runs whose loops/sec lie outside the Tukey fences, 1.5 interquartile ranges beyond the quartiles (`(outside the Tukey fences: ...)`)"),
	K(OUTLIER_RUN, "outlier_runN", "other", "loops/s",
	  "with it, one a run: run N, from 1, is such a run; its loops/sec"),
	K(CLUSTERS_LOW_RUNS, "clusters_low_runs", "other", "count",
	  "with 4 runs or more, when the runs fall in two clusters (`(two clusters: ...)`): the runs of the lower"),
	K(CLUSTERS_LOW_RATE, "clusters_low_loops_per_sec", "other", "loops/s",
	  "with it: the mean loops/sec of the lower cluster"),
	K(CLUSTERS_HIGH_RUNS, "clusters_high_runs", "other", "count",
	  "with it: the runs of the upper cluster"),
	K(CLUSTERS_HIGH_RATE, "clusters_high_loops_per_sec", "other", "loops/s",
	  "with it: the mean loops/sec of the upper cluster"),
	K(INVOCATIONS, "invocations", "other", "count",
	  "in a report of several saved runs, a row measured by two or more invocations of its label: how many"),
	K(CHANGE_PCT, "change_pct", "other", "%",
	  "in a report of two or more labels, not the baseline's: the change of `loops_per_sec` against the baseline's same row, positive faster (the text report's `change`)"),
	K(DETECT_PCT, "detect_pct", "other", "%",
	  "with it, when known: the smallest change the comparison would mark 4 times in 5 (the text report's `detect`), in the way the row moved: of a row slower than the baseline's, the slowdown, under 100 (see [method.md](method.md#saved-runs-and-comparisons)); without invocation-level noise, what the runs alone could see, a lower bound (`[detect]`)"),
	K(P, "p", "other", "p",
	  "with it, only when judged against the noise between invocations: the two-sided p-value of the change (Student's t on the invocations' mean logs, see [method.md](method.md#saved-runs-and-comparisons))"),
	K(MARKED, "marked", "other", "0 or 1",
	  "with `p`: 1 when the change stands out from that noise (p below 0.05, the text report's `*...*`), else 0"),
	K(JUDGED, "judged", "other", "0 or 1",
	  "in a report of two or more labels, every row not the baseline's: 1 when its change was judged against the noise between invocations (`p` and `marked` follow), 0 when not (a `not_judged_`*why* key says why)"),
	K(NOT_JUDGED_NO_NOISE, "not_judged_no_noise", "other", "1",
	  "with `judged` 0: one invocation a label and no `--noise` (the text report's bare change)"),
	K(NOT_JUDGED_NO_RUNS, "not_judged_no_runs", "other", "1",
	  "with `judged` 0: no successful run on one side (no `change_pct`)"),
	K(NOT_JUDGED_NO_BASELINE_ROW, "not_judged_no_baseline_row", "other", "1",
	  "with `judged` 0: the baseline did not measure the row (no `change_pct`)"),
	K(NOT_JUDGED_DISTURBED, "not_judged_disturbed", "other", "1",
	  "with `change_pct`, instead of `p` and `marked`: too few of a side's replicates kept a majority of runs not disturbed (the text report's `change!`)"),
	K(NOT_JUDGED_ONE_BLOCK, "not_judged_one_block", "other", "1",
	  "with `change_pct`, instead of `p` and `marked`: a label's invocations came in one block (one boot, all in a row) and no `--noise` gives the noise between blocks (the text report's `change?`)"),
	K(NOT_JUDGED_NO_SPREAD, "not_judged_no_spread", "other", "1",
	  "with `change_pct`, instead of `p` and `marked`: every replicate of both sides alike (quantised values, ties), no spread to judge by (the text report's `change=`)"),
	K(REPLICATES_FOR_WANT, "replicates_for_want", "other", "count",
	  "not judged, or judged with `detect_pct` above `--want` (default 5, or `--fail-above`'s percent): the replicates a side would need for `detect_pct` to reach it, from the spread between replicates measured"),
	K(LEFT_OUT_RUNS, "left_out_runs", "other", "count",
	  "with `change_pct`, when some were: the row's disturbed runs left out of `loops_per_sec` and the verdict (all the runs of an invocation left out, fewer than half of them undisturbed)"),
	K(DISTURBED_KEPT, "disturbed_kept", "other", "0 or 1",
	  "every compared row not the baseline's: the rule for disturbed runs, 1 when they were kept in `loops_per_sec` and the verdict (the labels took turns: a disturbance fell on either side at random), 0 when they were left out (blocks, or the order unknown)"),
	K(DRIFT, "drift_pct_per_hour", "other", "%",
	  "with `change_pct`, when significant: the trend of the row's invocation means over their start, inside their blocks or boots, per hour"),
	K(CPU_JUDGED, "cpu_judged", "other", "0 or 1",
	  "with `disturbed_kept` 1 and the row's CPU time measured on both sides: the second verdict, on CPU per loop (the participants' user and system time over their loops), 1 when judged (`cpu_p` and `cpu_marked` follow), else 0"),
	K(CPU_CHANGE_PCT, "cpu_change_pct", "other", "%",
	  "with it: the change of CPU per loop against the baseline's same row, as a rate (loops a CPU second), positive faster (the text report's `CPU per loop:` line)"),
	K(CPU_DETECT_PCT, "cpu_detect_pct", "other", "%",
	  "with it, when known: the smallest change of CPU per loop the comparison would mark 4 times in 5"),
	K(CPU_P, "cpu_p", "other", "p",
	  "with `cpu_judged` 1: the two-sided p-value of that change"),
	K(CPU_MARKED, "cpu_marked", "other", "0 or 1",
	  "with `cpu_p`: 1 when the change of CPU per loop stands out at the report's level (Benjamini-Hochberg at 10 % over every test of the report, as `marked`), else 0"),
	K(CPU_REPLICATES_FOR_WANT, "cpu_replicates_for_want", "other", "count",
	  "as `replicates_for_want`, of CPU per loop"),
	K(RTT_JUDGED, "rtt_judged", "other", "0 or 1",
	  "with `disturbed_kept` 1, where the verdict's method tests the round trip: its verdict (each invocation's geometric mean of its runs' median round trip at full resolution), 1 when judged (`rtt_p` and `rtt_marked` follow), else 0"),
	K(RTT_CHANGE_PCT, "rtt_change_pct", "other", "%",
	  "with it: the change of the round trip against the baseline's same row, as a rate (round trips a second), positive faster"),
	K(RTT_DETECT_PCT, "rtt_detect_pct", "other", "%",
	  "with it, when known: the smallest change of the round trip the comparison would mark 4 times in 5"),
	K(RTT_P, "rtt_p", "other", "p",
	  "with `rtt_judged` 1: the two-sided p-value of that change"),
	K(RTT_MARKED, "rtt_marked", "other", "0 or 1",
	  "with `rtt_p`: 1 when the change of the round trip stands out at the report's level, else 0"),
	K(RTT_REPLICATES_FOR_WANT, "rtt_replicates_for_want", "other", "count",
	  "as `replicates_for_want`, of the round trip"),
	K(VERDICT_SLOWER, "verdict_slower", "other", "1",
	  "in a report of two or more labels, every row with runs not the baseline's: its verdict, one of the four `verdict_` keys below, the words every format says (the text report's `verdict`): marked slower by some statistic (`verdict_by_` says which)"),
	K(VERDICT_FASTER, "verdict_faster", "other", "1",
	  "the same: marked faster by some statistic"),
	K(VERDICT_NOT_SIGNIFICANT, "verdict_not_significant", "other", "1",
	  "the same: judged by some statistic, marked by none (`not significant`; `verdict_needs_` says what it would need)"),
	K(VERDICT_NOT_JUDGED, "verdict_not_judged", "other", "1",
	  "the same: judged by no statistic (`not judged`; a `not_judged_`*why* key says why)"),
	K(VERDICT_BY_LOOPS, "verdict_by_loops_per_sec", "other", "1",
	  "with `verdict_slower`, `verdict_faster` or `verdict_not_significant`: the statistic that decided the row, one of three keys: of the statistics that marked it the one of the least p over its weight, else of those that judged it the least detect (JSON's `decided_by`): loops/sec"),
	K(VERDICT_BY_CPU, "verdict_by_cpu_per_loop", "other", "1",
	  "the same: CPU per loop (the text's `CPU/loop`)"),
	K(VERDICT_BY_RTT, "verdict_by_rtt", "other", "1",
	  "the same: the round trip (the text's `RTT`)"),
	K(VERDICT_NEEDS_BOOTS, "verdict_needs_boots", "other", "count",
	  "with `verdict_not_significant`, when known: the replicates a side would need for the detect of the statistic that decided it to reach `--want` (the verdict's `needs ~N boots`), where the label's replicates are boots"),
	K(VERDICT_NEEDS_BLOCKS, "verdict_needs_blocks", "other", "count",
	  "the same, where they are blocks"),
	K(VERDICT_NEEDS_INVOCATIONS, "verdict_needs_invocations", "other", "count",
	  "the same, where they are invocations (in turn, or of an order unknown)"),
	K(SERIES_POSITION, "series_position", "other", "count",
	  "with `--series`: the label's place in the series, from 1 (the order given, or by start)"),
	K(STEP_CHANGE_PCT, "step_change_pct", "other", "%",
	  "with it, every label but the first: the change of `loops_per_sec` against the label before it in the series, positive faster (the trend's `step`): the `change_pct` of a report of those two labels alone"),
	K(STEP_DETECT_PCT, "step_detect_pct", "other", "%",
	  "with it, when known: that step's `detect_pct`"),
	K(STEP_P, "step_p", "other", "p",
	  "with it, only when the step was judged: its `p`"),
	K(STEP_MARKED, "step_marked", "other", "0 or 1",
	  "with `step_p`: 1 when the step stands out from the noise (`*...*`), else 0"),
	K(STEP_JUDGED, "step_judged", "other", "0 or 1",
	  "with `--series`, every label but the first: 1 when its step was judged, 0 when not (a `step_not_judged_`*why* key says why, as `not_judged_`*why*)"),
	K(STEP_NOT_JUDGED_NO_NOISE, "step_not_judged_no_noise", "other", "1",
	  "with `step_judged` 0: one invocation a label and no `--noise`"),
	K(STEP_NOT_JUDGED_NO_RUNS, "step_not_judged_no_runs", "other", "1",
	  "with `step_judged` 0: no successful run on one side (no `step_change_pct`)"),
	K(STEP_NOT_JUDGED_NO_BASELINE_ROW, "step_not_judged_no_baseline_row", "other", "1",
	  "with `step_judged` 0: the label before it did not measure the row (no `step_change_pct`)"),
	K(STEP_NOT_JUDGED_DISTURBED, "step_not_judged_disturbed", "other", "1",
	  "with `step_judged` 0: too few of a side's replicates undisturbed"),
	K(STEP_NOT_JUDGED_ONE_BLOCK, "step_not_judged_one_block", "other", "1",
	  "with `step_judged` 0: one block a label and no `--noise`"),
	K(STEP_NOT_JUDGED_NO_SPREAD, "step_not_judged_no_spread", "other", "1",
	  "with `step_judged` 0: no spread between the replicates"),
	K(PROFILE_SAMPLES, "profile_samples", "other", "count",
	  "with `--profile`: the samples of the participants in a profile of the row, on average over the label's invocations (`Where the time went`)"),
	K(PROFILE_WAKE_US, "profile_wake_us", "other", "us",
	  "with it, when a wake-up was traced: the time from a participant's wake-up (sched_wakeup) to the switch that ran it, over a round trip"),
	K(PROFILE_TRIP_US, "profile_trip_us", "other", "us",
	  "with it: the round trip while traced, of which that is part"),
	K(PROFILE_SHARE, "profile_SYM_share_pct", "other", "%",
	  "with it, one a symbol of the row's most sampled (5): SYM the symbol, each byte but letters, digits, `_` and `-` made `_`, the same for the symbol in every key of the row; its share of the samples. Symbols that would make the same SYM in a row (`memcpy` of the kernel and of libc, `foo.isra.0` and `foo_isra_0`): the one whose name is SYM as it is keeps it, else the kernel's, else the first by name; the others get `_2`, `_3`... after it, the first that no other symbol of the row has (`memcpy_2`, or `memcpy_3` beside a symbol named `memcpy_2`)"),
	K(PROFILE_CHANGE, "profile_SYM_change_pct", "other", "%",
	  "with it, in a report of two labels with profiles, one a symbol whose share changed most against the baseline (5): the change of its share, in points, positive larger"),
	K(PROFILE_CHANGED, "profile_SYM_changed", "other", "0 or 1",
	  "with it, when both labels have two invocations or more: 1 when the change stands out from the spread of the shares between invocations (Student's t, Bonferroni over the symbols), else 0"),
	[FK_NKEYS] = { NULL, NULL, NULL, NULL },
};
/* clang-format on */

/* The metric named @name, or FK_NKEYS. */
static enum flat_key flat_key_named(const char *name)
{
	for (unsigned int k = 0; k < FK_NKEYS; k++)
		if (!strcmp(report_flat_keys[k].name, name))
			return (enum flat_key)k;
	return FK_NKEYS;
}

/* Where the lines go, and the two parts of every key before the metric. */
struct flat_out {
	FILE *f;
	enum report_flat_shape shape;
	const char *run; /* "LABEL/" with several invocations, else "" */
	const char *row; /* "pipe.same.2p.0k" */
};

/*
 * @n keys of @width bytes each, @stride apart from @keys, made unique: a
 * key that no earlier one is keeps what it is; each key left, in order,
 * gets the first of _2, _3... that no key has ("a_b_2", "a_b", "a_b"
 * give a_b_2, a_b, a_b_3).  So the same keys in the same order always
 * come out the same, and keys that were unique stay as they are.  @width
 * leaves 12 bytes beyond the longest key for the suffix.  0, or -ENOMEM.
 */
static int flat_unique(char *keys, size_t stride, size_t width, unsigned int n)
{
	unsigned char *dup = calloc(n ? n : 1, 1);
	char *cand = malloc(width);

	if (!dup || !cand) {
		free(dup);
		free(cand);
		return -ENOMEM;
	}
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = 0; j < i && !dup[i]; j++)
			dup[i] = !strcmp(keys + i * stride, keys + j * stride);
	for (unsigned int i = 0; i < n; i++) {
		unsigned int j = 0;

		for (unsigned int k = 2; dup[i] && j < n; k++) {
			snprintf(cand, width, "%s_%u", keys + i * stride, k);
			for (j = 0; j < n; j++)
				if (j != i && !strcmp(cand, keys + j * stride))
					break;
		}
		if (dup[i])
			memcpy(keys + i * stride, cand, strlen(cand) + 1);
	}
	free(cand);
	free(dup);
	return 0;
}

/*
 * A value in fixed notation with about four significant digits or all
 * its whole digits, and no trailing zeros: "130256", "12.5", "0.0021".
 * Harnesses read it as a number, so never "nan", "inf" or an exponent.
 */
static int flat_number(char *buf, size_t size, double v)
{
	double a = fabs(v);
	int dec = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : a >= 1 ? 3 : 6;
	char *end;

	if (!isfinite(v) || a >= 1e18)
		return -1;
	snprintf(buf, size, "%.*f", dec, v);
	if (strchr(buf, '.')) {
		end = buf + strlen(buf) - 1;
		while (*end == '0')
			*end-- = '\0';
		if (*end == '.')
			*end = '\0';
	}
	if (strcmp(buf, "-0") == 0)
		memcpy(buf, "0", 2);
	return 0;
}

/*
 * One line: the run, the row, metric @k (its N made @n) and the value @v.
 * A metric not in report_flat_keys[] (FK_NKEYS) is not written.
 */
static void flat_emit(const struct flat_out *o, const char *metric,
		      const char *num);

static void flat_put_n(const struct flat_out *o, enum flat_key k,
		       unsigned int n, double v)
{
	const char *name = k < FK_NKEYS ? report_flat_keys[k].name : NULL;
	size_t len = name ? strlen(name) : 0;
	char num[64], metric[64];

	if (!name || flat_number(num, sizeof(num), v) < 0)
		return; /* no figure rather than a word where a number goes */
	if (name[len - 1] == 'N')
		snprintf(metric, sizeof(metric), "%.*s%u", (int)(len - 1), name,
			 n);
	else
		snprintf(metric, sizeof(metric), "%s", name);
	flat_emit(o, metric, num);
}

/* One line of metric @metric, its value @num written. */
static void flat_emit(const struct flat_out *o, const char *metric,
		      const char *num)
{
	fprintf(o->f, "%s%s.%s%s%s\n", o->run, o->row, metric,
		o->shape == REPORT_FLAT_TSV ? "\t" : ": ", num);
}

static void flat_put(const struct flat_out *o, enum flat_key k, double v)
{
	flat_put_n(o, k, 0, v);
}

/* Metric @k of a symbol whose SYM is @sym. */
static void flat_put_sym(const struct flat_out *o, enum flat_key k,
			 const char *sym, double v)
{
	const char *name = report_flat_keys[k].name, *at = strstr(name, "SYM");
	char metric[160], num[64];

	if (!at || !sym || flat_number(num, sizeof(num), v) < 0)
		return;
	snprintf(metric, sizeof(metric), "%.*s%s%s", (int)(at - name), name,
		 sym, at + 3);
	flat_emit(o, metric, num);
}

/* The bytes of a symbol's name that make its SYM, at most. */
#define FLAT_SYM_MAX 99

/* A symbol of a row's profile keys, and its SYM there. */
struct flat_sym {
	const char *name;
	int kernel;
	int plain; /* its name is its SYM as it is */
	char key[FLAT_SYM_MAX + 12];
};

/*
 * Of symbols that make the same SYM, which keeps it: the one whose name
 * it is as it is, then the kernel's, then by name.
 */
static int flat_sym_order(const void *x, const void *y)
{
	const struct flat_sym *a = x, *b = y;

	if (a->plain != b->plain)
		return a->plain ? -1 : 1;
	if (a->kernel != b->kernel)
		return a->kernel ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* @s into the @n symbols @t, unless there. */
static void flat_sym_add(struct flat_sym *t, unsigned int *n,
			 const struct report_prof_sym *s)
{
	size_t i;

	for (unsigned int j = 0; j < *n; j++)
		if (t[j].kernel == s->kernel && !strcmp(t[j].name, s->name))
			return;
	t[*n] = (struct flat_sym){ .name = s->name, .kernel = s->kernel };
	for (i = 0; s->name[i] && i < FLAT_SYM_MAX; i++)
		t[*n].key[i] = report_key_char(s->name[i]);
	t[*n].key[i] = '\0';
	t[*n].plain = !strcmp(t[*n].key, s->name);
	(*n)++;
}

/*
 * The SYM of every symbol that row @row's profile keys name, of every
 * label, made unique (flat_unique()): one symbol has one SYM in every
 * label's keys of the row, and two symbols two (memcpy of the kernel and
 * of libc, foo.isra.0 and foo_isra_0).  NULL when out of memory.
 */
static struct flat_sym *flat_syms(const struct report_model *m,
				  const struct result_row *row, unsigned int *n)
{
	struct flat_sym *t;

	*n = 0;
	t = calloc(m->nprof * (REPORT_PROF_TOP + REPORT_PROF_CHG) + 1,
		   sizeof(*t));
	if (!t)
		return NULL;
	for (unsigned int i = 0; i < m->nprof; i++) {
		const struct report_prof *p = &m->prof[i];

		if (!result_row_same(p->row, row))
			continue;
		for (unsigned int k = 0; k < p->ntop; k++)
			flat_sym_add(t, n, &p->top[k]);
		for (unsigned int k = 0; k < p->nchg; k++)
			flat_sym_add(t, n, &p->chg[k]);
	}
	qsort(t, *n, sizeof(*t), flat_sym_order);
	if (flat_unique(t[0].key, sizeof(*t), sizeof(t[0].key), *n) < 0) {
		free(t);
		return NULL;
	}
	return t;
}

/* The SYM of @s among the @n symbols @t. */
static const char *flat_sym_key(const struct flat_sym *t, unsigned int n,
				const struct report_prof_sym *s)
{
	for (unsigned int j = 0; j < n; j++)
		if (t[j].kernel == s->kernel && !strcmp(t[j].name, s->name))
			return t[j].key;
	return NULL;
}

/* --profile: the label's profile of the row, and what changed most. */
static int flat_profile(const struct flat_out *o, const struct report_model *m,
			unsigned int label, const struct result_row *row)
{
	const struct report_prof *p = report_cell_profile(m, label, row);
	struct flat_sym *t;
	unsigned int n;

	if (!p)
		return 0;
	t = flat_syms(m, row, &n);
	if (!t)
		return -ENOMEM;
	flat_put(o, FK_PROFILE_SAMPLES, p->samples);
	if (!isnan(p->wake_us)) {
		flat_put(o, FK_PROFILE_WAKE_US, p->wake_us);
		flat_put(o, FK_PROFILE_TRIP_US, p->trip_us);
	}
	for (unsigned int i = 0; i < p->ntop; i++)
		flat_put_sym(o, FK_PROFILE_SHARE,
			     flat_sym_key(t, n, &p->top[i]), p->top[i].b * 100);
	for (unsigned int i = 0; i < p->nchg; i++) {
		const struct report_prof_sym *s = &p->chg[i];
		const char *sym = flat_sym_key(t, n, s);

		flat_put_sym(o, FK_PROFILE_CHANGE, sym, (s->b - s->a) * 100);
		if (s->judged)
			flat_put_sym(o, FK_PROFILE_CHANGED, sym, s->changed);
	}
	free(t);
	return 0;
}

/* The metric named @name ("rtt_p50_ns", built from another table). */
static void flat_put_named(const struct flat_out *o, const char *name, double v)
{
	flat_put(o, flat_key_named(name), v);
}

/*
 * The loops/sec of every run, their summary, and what they were part of.
 * A row of several invocations of one label has their runs one after the
 * other, and as its average the mean of the invocations' means, as the
 * text report and the comparison have it.
 */
static void flat_rate(const struct flat_out *o, const struct result_row *row,
		      const struct stats *s)
{
	unsigned int disturbed = 0;

	flat_put(o, FK_LOOPS_PER_SEC, verdict_mean(row));
	if (row->ninv >= 2)
		flat_put(o, FK_INVOCATIONS, row->ninv);
	flat_put(o, FK_LOOPS_PER_SEC_LOW, s->min);
	flat_put(o, FK_LOOPS_PER_SEC_HIGH, s->max);
	flat_put(o, FK_CV_PCT, s->cv * 100);
	flat_put(o, FK_RUNS, row->nsamples);
	for (unsigned int k = 0; k < row->nsamples; k++) {
		flat_put_n(o, FK_LOOPS_PER_SEC_RUN, k + 1,
			   result_rate(&row->sample[k]));
		disturbed += row->sample[k].disturbed != 0;
	}
	flat_put(o, FK_DISTURBED_RUNS, disturbed);
	flat_put(o, FK_DISTURBED, disturbed > 0);
	flat_put(o, FK_DISCARDED_RUNS, row->discarded);
}

/* The sampled round trips, in nanoseconds. */
static void flat_rtt(const struct flat_out *o, const struct hist *h)
{
	char metric[32];

	if (!h->count)
		return;
	flat_put(o, FK_RTT_SAMPLES, (double)h->count);
	flat_put(o, FK_RTT_MIN_NS, (double)h->min_ns);
	for (size_t k = 0; k < RESULT_NQUANTILES; k++) {
		snprintf(metric, sizeof(metric), "rtt_%s_ns",
			 result_quantiles[k].key);
		flat_put_named(o, metric,
			       hist_quantile(h, result_quantiles[k].q));
	}
	flat_put(o, FK_RTT_MAX_NS, (double)h->max_ns);
}

/* What a loop cost all the participants. */
static void flat_cpu(const struct flat_out *o, const struct result_cpu *c)
{
	double loops = (double)c->loops;

	if (!c->loops)
		return;
	flat_put(o, FK_CPU_USER, c->user_s * 1e9 / loops);
	flat_put(o, FK_CPU_SYS, c->sys_s * 1e9 / loops);
	flat_put(o, FK_CPU_VOL, (double)c->nvcsw / loops);
	flat_put(o, FK_CPU_INVOL, (double)c->nivcsw / loops);
	if (c->seconds > 0)
		flat_put(o, FK_CPU_BUSY, (c->user_s + c->sys_s) / c->seconds);
}

/*
 * The verdict on @cell against the baseline label's same row, as the
 * text report gives it: the change, the smallest change the comparison
 * could mark when known, and only when judged against the noise between
 * invocations its p-value and whether it is marked.
 */
static void flat_change(const struct flat_out *o, const struct compare *c,
			const struct compare_cell *cell)
{
	char metric[48];

	if (cell->mark == COMPARE_BASELINE)
		return;
	flat_put(o, FK_DISTURBED_KEPT, c->kept);
	/* Judged or not, and why not: for a harness to flag the row. */
	flat_put(o, FK_JUDGED, cell->mark != COMPARE_NOT_JUDGED);
	if (cell->mark == COMPARE_NOT_JUDGED) {
		snprintf(metric, sizeof(metric), "not_judged_%s",
			 compare_why_key(cell->why));
		flat_put_named(o, metric, 1);
	}
	if (isnan(cell->v.change))
		return;
	flat_put(o, FK_CHANGE_PCT, cell->v.change * 100);
	flat_put(o, FK_DETECT_PCT, cell->v.detect * 100); /* none when NAN */
	if (cell->mark != COMPARE_NOT_JUDGED) {
		flat_put(o, FK_P, cell->v.p);
		flat_put(o, FK_MARKED, cell->mark == COMPARE_MARKED);
	}
	if (cell->want_reps)
		flat_put(o, FK_REPLICATES_FOR_WANT, cell->want_reps);
	if (cell->runs_left)
		flat_put(o, FK_LEFT_OUT_RUNS, cell->runs_left);
	if (cell->drifts)
		flat_put(o, FK_DRIFT, cell->drift * 100);
	if (!cell->has_cpu)
		return;
	flat_put(o, FK_CPU_JUDGED, cell->cpu_mark != COMPARE_NOT_JUDGED);
	flat_put(o, FK_CPU_CHANGE_PCT, cell->cv.change * 100);
	flat_put(o, FK_CPU_DETECT_PCT, cell->cv.detect * 100);
	if (cell->cpu_mark != COMPARE_NOT_JUDGED) {
		flat_put(o, FK_CPU_P, cell->cv.p);
		flat_put(o, FK_CPU_MARKED, cell->cpu_mark == COMPARE_MARKED);
	}
	if (cell->cpu_want_reps)
		flat_put(o, FK_CPU_REPLICATES_FOR_WANT, cell->cpu_want_reps);
}

/* The round trip's verdict of @cell, where the method tests it. */
static void flat_change_rtt(const struct flat_out *o,
			    const struct compare_cell *cell)
{
	if (cell->mark == COMPARE_BASELINE || !cell->rtt.has)
		return;
	flat_put(o, FK_RTT_JUDGED, cell->rtt.mark != COMPARE_NOT_JUDGED);
	flat_put(o, FK_RTT_CHANGE_PCT, cell->rtt.v.change * 100);
	flat_put(o, FK_RTT_DETECT_PCT, cell->rtt.v.detect * 100);
	if (cell->rtt.mark != COMPARE_NOT_JUDGED) {
		flat_put(o, FK_RTT_P, cell->rtt.v.p);
		flat_put(o, FK_RTT_MARKED, cell->rtt.mark == COMPARE_MARKED);
	}
	if (cell->rtt.want_reps)
		flat_put(o, FK_RTT_REPLICATES_FOR_WANT, cell->rtt.want_reps);
}

/*
 * The row's verdict of @cell of @c, as every format says it: which, by
 * which statistic, and what it would need.
 */
static void flat_verdict(const struct flat_out *o, const struct compare *c,
			 const struct compare_cell *cell)
{
	const char *unit = text_rep_unit(c->r[cell->label]);
	char metric[64];

	if (cell->outcome == COMPARE_VERDICT_NONE)
		return;
	snprintf(metric, sizeof(metric), "verdict_%s",
		 compare_verdict_key(cell->outcome));
	flat_put_named(o, metric, 1);
	if (cell->outcome == COMPARE_VERDICT_NOT_JUDGED)
		return;
	snprintf(metric, sizeof(metric), "verdict_by_%s",
		 compare_stat_name(cell->by));
	flat_put_named(o, metric, 1);
	if (cell->outcome != COMPARE_VERDICT_NOT_SIGNIFICANT ||
	    !cell->verdict_reps)
		return;
	/* "boots", "blocks", "invocations" (in turn). */
	snprintf(metric, sizeof(metric), "verdict_needs_%.*s",
		 (int)strcspn(unit, " "), unit);
	flat_put_named(o, metric, cell->verdict_reps);
}

/*
 * With --series: the place of label @label in the series, and the step
 * into its row @j, as flat_change() gives a change against the baseline.
 */
static void flat_step(const struct flat_out *o, const struct report_model *m,
		      unsigned int label, unsigned int j)
{
	const struct compare_cell *cell = report_trend_cell(m, label, j, NULL);
	char metric[64];

	flat_put(o, FK_SERIES_POSITION, m->trend->pos[label] + 1);
	if (!cell)
		return;
	flat_put(o, FK_STEP_JUDGED, cell->mark != COMPARE_NOT_JUDGED);
	if (cell->mark == COMPARE_NOT_JUDGED) {
		snprintf(metric, sizeof(metric), "step_not_judged_%s",
			 compare_why_key(cell->why));
		flat_put_named(o, metric, 1);
	}
	if (isnan(cell->v.change))
		return;
	flat_put(o, FK_STEP_CHANGE_PCT, cell->v.change * 100);
	flat_put(o, FK_STEP_DETECT_PCT, cell->v.detect * 100);
	if (cell->mark != COMPARE_NOT_JUDGED) {
		flat_put(o, FK_STEP_P, cell->v.p);
		flat_put(o, FK_STEP_MARKED, cell->mark == COMPARE_MARKED);
	}
}

/* Of a run with -j or --shared: each ring's rates and the scalability. */
static void flat_rings(const struct flat_out *o, const struct results *r,
		       const struct result_row *row)
{
	double slow, fast;

	rings_rates(row, &slow, &fast);
	flat_put(o, FK_RING_SLOWEST, slow);
	flat_put(o, FK_RING_FASTEST, fast);
	flat_put(o, FK_SCALABILITY, rings_scalability(r, row));
	if (row->flags & RESULT_OVERSUB)
		flat_put(o, FK_OVERSUBSCRIBED, 1);
}

/*
 * The findings of @row that its figures above do not already say: an
 * emulated CPU, a row unpinned, the outliers and the two clusters.  The
 * disturbed, discarded, degenerate and oversubscribed runs and the rings
 * have their keys among the figures.
 */
static void flat_finding(const struct flat_out *o,
			 const struct report_finding *f)
{
	const char *key = report_finding_key(f->kind);
	char metric[64];

	switch (f->kind) {
	case FINDING_EMULATED:
	case FINDING_MIGRATED:
	case FINDING_SCHED_EXT:
		flat_put_named(o, key, 1);
		break;
	case FINDING_RAN_ON:
		flat_put(o, FK_RAN_ON_BIG_CPUS, f->n);
		flat_put(o, FK_RAN_ON_LITTLE_CPUS, f->of);
		break;
	case FINDING_OUTLIERS:
		flat_put_named(o, key, f->n);
		for (unsigned int k = 0; k < f->n; k++)
			flat_put_n(o, FK_OUTLIER_RUN, f->runs[k], f->rates[k]);
		break;
	case FINDING_CLUSTERS:
		snprintf(metric, sizeof(metric), "%s_low_runs", key);
		flat_put_named(o, metric, f->n);
		snprintf(metric, sizeof(metric), "%s_low_loops_per_sec", key);
		flat_put_named(o, metric, f->lo);
		snprintf(metric, sizeof(metric), "%s_high_runs", key);
		flat_put_named(o, metric, f->of - f->n);
		snprintf(metric, sizeof(metric), "%s_high_loops_per_sec", key);
		flat_put_named(o, metric, f->hi);
		break;
	default:
		break;
	}
}

/* What the kernel of label @label said of itself, where it said it. */
static void flat_said(const struct flat_out *o, const struct report_model *m,
		      unsigned int label)
{
	static const enum flat_key key[REPORT_NSAID] = {
		[SAID_EEVDF] = FK_EEVDF,
		[SAID_PROXY_EXEC] = FK_PROXY_EXEC,
		[SAID_CORE_SCHED] = FK_CORE_SCHEDULING,
		[SAID_TSC_STABLE] = FK_TSC_STABLE,
	};

	for (int k = 0; label < m->cmp.n && k < REPORT_NSAID; k++)
		if (m->said[label][k] >= 0)
			flat_put(o, key[k], m->said[label][k]);
}

/* The findings of @row of label @label of @m's comparison, or NULL. */
static const struct report_findings *flat_findings(const struct report_model *m,
						   unsigned int label,
						   const struct result_row *row)
{
	const struct results *g = m->cmp.r[label];

	for (unsigned int k = 0; label < m->cmp.n && k < g->nrows; k++)
		if (result_row_same(&g->row[k], row))
			return &m->find[label][k];
	return NULL;
}

/*
 * Every row of @r: its status, and its figures when it was measured
 * whole, with the verdict of its cell in @cell (NULL: no comparison).  A
 * row that failed, hung or was interrupted keeps no figure, even of the
 * runs that ended well: a harness would compare them as if they were a
 * whole measurement.
 */
static int flat_invocation(struct flat_out *o, const struct report_model *m,
			   unsigned int label, const struct results *r,
			   struct compare_cell *const *cell)
{
	const struct compare *c = &m->cmp;
	const struct report_findings *fs;

	for (unsigned int j = 0; j < r->nrows; j++) {
		const struct result_row *row = &r->row[j];
		const struct compare_cell *named = NULL;
		struct stats s;

		/* Its key, the model's: of its label's row j, merged or not. */
		if (label < c->n && j < c->r[label]->nrows)
			named = c->cell[label][j];
		if (!named || !named->key[0])
			continue;
		o->row = named->key;
		flat_put_named(o, result_status_key(row->status), 1);
		if (row->status != RESULT_OK || !row->nsamples)
			continue;
		verdict_averaged(row, &s); /* low, high, cv: as the average */
		flat_rate(o, row, &s);
		flat_rtt(o, &row->rtt);
		flat_cpu(o, &row->cpu);
		if (results_rings(r)) {
			flat_put(o, FK_HOP_NS,
				 1e9 * result_row_rings(row) /
					 (s.mean * row->procs));
			if (row->hop_work_ns > 0)
				flat_put(o, FK_HOP_WORK_NS, row->hop_work_ns);
		}
		if (row->migrations >= 0)
			flat_put(o, FK_MIGRATIONS, (double)row->migrations);
		if (row->flags & RESULT_DEGENERATE)
			flat_put(o, FK_DEGENERATE, 1);
		if (results_parallel(r))
			flat_rings(o, r, row);
		if (cell) {
			flat_change(o, &m->cmp, cell[j]);
			flat_change_rtt(o, cell[j]);
			flat_verdict(o, &m->cmp, cell[j]);
		}
		if (cell && m->trend)
			flat_step(o, m, label, j);
		fs = flat_findings(m, label, row);
		for (unsigned int k = 0; fs && k < fs->n; k++)
			flat_finding(o, &fs->f[k]);
		flat_said(o, m, label);
		if (flat_profile(o, m, label, row) < 0)
			return -ENOMEM;
	}
	return 0;
}

/* @label as the first part of a key: "." and "+" kept, as in "6.1+". */
static void flat_label(const char *label, char *buf, size_t size)
{
	size_t k;

	for (k = 0; label[k] && k + 1 < size; k++)
		buf[k] = label[k] == '.' || label[k] == '+' ?
				 label[k] :
				 report_key_char(label[k]);
	buf[k] = '\0';
	if (!k && size > 1)
		memcpy(buf, "_", 2);
}

/* The labels' parts of a key, "6.1", each of @width, made unique. */
static char *flat_runs(const struct compare *c, size_t width)
{
	char *runs = calloc(c->n ? c->n : 1, width);

	if (!runs)
		return NULL;
	for (unsigned int i = 0; i < c->n; i++)
		flat_label(c->r[i]->info.label, runs + i * width, width - 12);
	if (flat_unique(runs, width, width, c->n) < 0) {
		free(runs);
		return NULL;
	}
	return runs;
}

/* The flat format of @m in @shape. */
static int flat_render(FILE *f, const struct report_model *m,
		       enum report_flat_shape shape)
{
	struct flat_out o = { .f = f, .shape = shape, .run = "" };
	const struct compare *c = &m->cmp;
	const size_t width = sizeof(c->r[0]->info.label) + 16;
	char run[sizeof(c->r[0]->info.label) + 16], *runs;
	int rc = 0;

	if (m->n < 2)
		return m->n ? flat_invocation(&o, m, 0, m->r[0], NULL) : 0;
	runs = flat_runs(c, width);
	if (!runs)
		return -ENOMEM;
	for (unsigned int i = 0; i < c->n; i++) {
		snprintf(run, sizeof(run), "%s/", runs + i * width);
		o.run = run;
		rc = flat_invocation(&o, m, i, c->r[i], c->cell[i]);
		if (rc < 0)
			break;
	}
	free(runs);
	return rc;
}

static int flat_kv(FILE *f, const struct report_model *m)
{
	return flat_render(f, m, REPORT_FLAT_KV);
}

static int flat_tsv(FILE *f, const struct report_model *m)
{
	return flat_render(f, m, REPORT_FLAT_TSV);
}

const struct report_format report_format_kv = { "kv", flat_kv };
const struct report_format report_format_tsv = { "tsv", flat_tsv };
