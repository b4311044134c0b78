/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The command line turned into a plan: which mechanisms, how long, how often. */
#ifndef CTXBENCH_PLAN_H
#define CTXBENCH_PLAN_H

#include <stdio.h>

#include "ipc/ipc.h"
#include "model/results.h"
#include "report/formats.h"
#include "run/place.h"
#include "run/sched.h"
#include "run/sweep.h"

#define PLAN_MAX_BACKENDS 32
#define PLAN_MAX_RUNS 10000
#define PLAN_MAX_SECONDS 86400.0
#define PLAN_MIN_SECONDS 0.001 /* -t: shorter is all warm-up and wake-up */
#define PLAN_MAX_PLACES 8
#define PLAN_MAX_RETRY 100
#define PLAN_MAX_SAMPLE 1000000
#define PLAN_MAX_LIST 16 /* values of -p and of -s */
#define PLAN_MAX_SIZE_KB 16384 /* a working set is about caches */
#define PLAN_MAX_NOISE 64 /* report --noise files */
#define PLAN_MAX_CLASSES 5 /* --policy: other, batch, idle, fifo, rr */

/*
 * What goes to stdout: a format of report/formats.h, PLAN_FORMAT_text...,
 * its place in that list and in report_formats[].
 */
#define PLAN_FORMAT_ENUM(id, name) PLAN_FORMAT_##id,
enum plan_format { REPORT_FORMATS(PLAN_FORMAT_ENUM) };
#undef PLAN_FORMAT_ENUM

enum plan_action {
	PLAN_RUN,
	PLAN_REPORT, /* ctxbench report FILE...: render saved runs */
	PLAN_LIST,
	PLAN_HELP,
	PLAN_VERSION,
	PLAN_DUMP /* ctxbench dump WHAT: a table, for the references */
};

struct plan {
	enum plan_action action;
	/*
	 * The run as the runner takes it: the options set its parameters
	 * here (-t, -r, -T, --mlock, --sample, --retry-disturbed, --order,
	 * --shared), and plan_sweep() points its lists into the plan's.
	 */
	struct sweep_spec run;
	unsigned int nops;
	const struct ipc_ops *ops[PLAN_MAX_BACKENDS]; /* -b, report order */
	char label[65]; /* -n, up to 64 bytes; empty: the kernel release */
	char note[128]; /* --note */
	unsigned int nplaces;
	struct place place[PLAN_MAX_PLACES]; /* -P, in the order given */
	unsigned int nprocs, nsizes;
	unsigned int procs[PLAN_MAX_LIST]; /* -p: participants per ring */
	unsigned int size_kb[PLAN_MAX_LIST]; /* -s: working set per hop */
	unsigned int nrings;
	unsigned int rings[PLAN_MAX_LIST]; /* -j: rings at once */
	unsigned int nclasses;
	struct run_class cls[PLAN_MAX_CLASSES]; /* --policy, --prio, --nice */
	unsigned int prio; /* --prio */
	int nice; /* --nice */
	int prio_given, nice_given;
	int profile; /* --profile: perf around each measured window */
	const char *output; /* -o: write the JSON here too; NULL: no */
	enum plan_format format; /* --format, --json */
	int quiet; /* -q: no progress line on the terminal */
	int histogram; /* --histogram: bars of the round trips too */
	int brief; /* --brief: the differing facts and the summary only */
	int series; /* report --series: 0 not given, else 1 + its order */
	unsigned long seed; /* --seed, for shuffle */
	int seed_given;
	const char *baseline; /* report --baseline: a label; NULL: the first */
	double fail_above; /* report --fail-above: percent; < 0 not given */
	double want; /* report --want: percent; < 0 not given */
	unsigned int nnoise; /* report --noise: A/A files of one kernel */
	const char *noise[PLAN_MAX_NOISE];
	unsigned int nfiles; /* report: the saved files, in @argv */
	char *const *files;
	const char *dump; /* ctxbench dump WHAT */
};

/*
 * Parse @argv into @p; "ctxbench report ..." when argv[1] is "report".
 * Returns 0, or -1 with one line naming the problem and the valid form
 * in @err (no newline).  Touches nothing outside @p and @err, but may
 * reorder @argv as getopt_long() does; @p points into it.
 */
int plan_parse(int argc, char *const *argv, struct plan *p, char *err,
	       size_t errlen);

/*
 * The rows of the plan: mechanisms x placements x classes x -p x -s x -j.
 */
unsigned long long plan_nrows(const struct plan *p);

/* The sweep @p plans, in the runner's terms: it points into @p. */
void plan_sweep(const struct plan *p, struct sweep_spec *s);

/*
 * The Run information of @res that @p sets: ctxbench's version, the label
 * (the kernel release of @res's facts when -n is not given), the note and
 * the parameters of the run, the seed of shuffle.  After the facts.
 */
void plan_info(const struct plan *p, struct results *res);

/*
 * The version this ctxbench was built from, worked out at build time
 * (cmake/version.cmake): "0.1.0", "0.1.0-97-g5aab4b1e2f3a[-dirty]".
 */
extern const char ctxbench_version[];

/* Write the usage text, generated from the option table. */
void plan_usage(FILE *f);

/*
 * Write the option table, an option a line of tab-separated fields: the
 * commands ("run", "report" or "both"), the short form ("-t" or empty),
 * the long form, the argument, the default, the range, the words
 * (space-separated) and the --help text.
 */
void plan_dump_options(FILE *f);
int plan_check_options(char *err, size_t errlen);

/* Parsers of single values, for the options and their tests. */
int plan_parse_seconds(const char *s, double *out);
int plan_parse_uint(const char *s, unsigned long min, unsigned long max,
		    unsigned long *out);

#endif
