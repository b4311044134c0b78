/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctxbench: options, the plan, the runs, the report, the exit status. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "ipc/ipc.h"
#include "lib/cpulist.h"
#include "lib/util.h"
#include "cli/plan.h"
#include "cli/quote.h"
#include "facts/cgroup.h"
#include "run/run.h"
#include "run/sweep.h"
#include "cli/progress.h"
#include "report/report.h"
#include "store/store.h"
#include "store/save.h"
#include "facts/sysinfo.h"
#include "report/compare.h"

#ifndef CTXBENCH_VERSION
#define CTXBENCH_VERSION "unknown"
#endif

static void list_backends(void)
{
	for (const struct ipc_ops *const *o = ipc_backends; *o; o++)
		printf("%-12s %-15s %s%s\n", (*o)->name, (*o)->title, (*o)->how,
		       (*o)->flags & IPC_NOT_IN_ALL ? " (not in all)" : "");
}

/*
 * What the pre-run checks below call by their names; the sweep owns it
 * now, and the checks will join it in run/.
 */
static int cpus_shared(const struct place_topo *t, const int *cpu,
		       unsigned int nr)
{
	return sweep_cpus_shared(t, cpu, nr);
}

static int rings_unshareable(const struct ipc_ops *ops, int shared, char *why,
			     size_t size)
{
	return sweep_unshareable(ops, shared, why, size);
}

static int odometer(unsigned int *at, const unsigned int *dim, unsigned int n)
{
	return sweep_odometer(at, dim, n);
}

/* The sweep @p plans, in the runner's terms: it points into @p. */
static void plan_sweep(const struct plan *p, struct sweep_spec *s)
{
	*s = (struct sweep_spec){
		.duration_s = p->duration_s,
		.runs = p->runs,
		.threads = p->threads,
		.mlock = p->mlock,
		.sample_every = p->sample_every,
		.retry_disturbed = p->retry_disturbed,
		.order = p->order,
		.hop_work = plan_rings(p),
		.shared = p->shared,
		.nops = p->nops,
		.nplaces = p->nplaces,
		.nclasses = p->nclasses,
		.nprocs = p->nprocs,
		.nsizes = p->nsizes,
		.nrings = p->nrings,
		.ops = p->ops,
		.place = p->place,
		.cls = p->cls,
		.procs = p->procs,
		.size_kb = p->size_kb,
		.rings = p->rings,
	};
}

/* The spec of one run of @ops in a ring of @nr, but for its CPUs. */
static struct run_spec run_spec_of(const struct plan *p,
				   const struct ipc_ops *ops, unsigned int nr,
				   unsigned int kb)
{
	struct sweep_spec s;

	plan_sweep(p, &s);
	return sweep_run_spec(&s, ops, nr, kb);
}

/* The progress line follows the sweep (struct sweep_hooks). */
static void progress_on_hop(void *arg, const struct ipc_ops *ops,
			    unsigned int kb)
{
	progress_hop(arg, ops->name, kb);
}

static void progress_on_run(void *arg, const struct sweep_spec *s,
			    const struct sweep_cell *c, unsigned int i)
{
	char cls[32], where[sizeof(c->row->placement) + sizeof(cls)];

	/* The placement and the class, as the row's label has them. */
	result_row_class(c->row, cls, sizeof(cls));
	snprintf(where, sizeof(where), "%s%s%s", c->place->name,
		 cls[0] ? " " : "", cls);
	progress_row(arg, c->ops->name, where, s->hop_work, c->nr, c->kb,
		     s->runs);
	progress_parallel(arg, c->rings, c->shared, s->nrings > 1 || s->shared);
	progress_run(arg, i);
}

/* A row ends on a run that did not succeed: say why, but for a signal. */
static void progress_on_failed(void *arg, const struct sweep_cell *c,
			       const struct run_result *res)
{
	const struct result_row *row = c->row;
	char cls[32], rings[32] = "";

	progress_clear(arg);
	result_row_class(row, cls, sizeof(cls));
	if (row->rings > 1 || row->shared)
		snprintf(rings, sizeof(rings), " x%u%s", row->rings,
			 row->shared ? " shared" : "");
	if (res->status != RESULT_INTERRUPTED)
		fprintf(stderr, "ctxbench: %s %s%s%s%s: %s: %s\n", row->mech,
			row->placement, cls[0] ? " " : "", cls, rings,
			result_status_name(res->status), res->reason);
}

static void progress_on_drop(void *arg, unsigned int n)
{
	progress_drop(arg, n);
}

/*
 * The progress line, on a terminal and without -q: the sweep's runs and
 * hop-work measurements, each expected to take its time, its warm-up and
 * a little more.
 */
static void start_progress(const struct plan *p, const struct sweep_spec *s,
			   struct progress *prog)
{
	unsigned int rows = (unsigned int)sweep_nrows(s);
	double more = sweep_warmup_s(s->duration_s) + PROGRESS_RUN_OVERHEAD_S;
	int tty = !p->quiet && isatty(STDERR_FILENO);

	progress_init(prog, tty ? STDERR_FILENO : -1, rows * s->runs,
		      s->hop_work ? s->nops * s->nsizes : 0,
		      s->duration_s + more, sweep_hop_work_s(s) + more);
}

/* The signal that stopped the output, once emit() writes it; else 0. */
static volatile sig_atomic_t output_signo;

static void output_on_signal(int sig)
{
	if (!output_signo)
		output_signo = sig;
}

/*
 * From here on SIGINT, SIGTERM and SIGHUP end ctxbench, though the runner
 * blocked them to take them through its signalfd: a fifo nobody opens or
 * a pipe nobody reads would hold it for good.  Caught without SA_RESTART,
 * so that the open() or write() that blocks fails with EINTR and
 * save_file() removes what it began.  Caught even when they came ignored
 * (a script's background job ignores SIGINT), as the runner takes them.
 */
static void output_interruptible(void)
{
	static const int sig[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa = { .sa_handler = output_on_signal };
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < ARRAY_SIZE(sig); i++)
		sigaddset(&set, sig[i]);
	sa.sa_mask = set;
	for (size_t i = 0; i < ARRAY_SIZE(sig); i++)
		sigaction(sig[i], &sa, NULL);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/*
 * A signal still pending from the runs (a second SIGINT during the
 * teardown) is the runs', not the output's: taken here, before the
 * output catches them, it does not cut the report of what finished.
 * Returns the first such signal, or 0.
 */
static int output_pending(void)
{
	const struct timespec zero = { 0 };
	int sig, first = 0;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	while ((sig = sigtimedwait(&set, NULL, &zero)) > 0)
		if (!first)
			first = sig;
	return first;
}

static const char *signal_name(int sig)
{
	switch (sig) {
	case SIGINT:
		return "SIGINT";
	case SIGTERM:
		return "SIGTERM";
	case SIGHUP:
		return "SIGHUP";
	}
	return "a signal";
}

/*
 * Whatever went to stdout must have got there: a full disk, a closed
 * descriptor or an I/O error is said, and turns the exit status to 1.
 * Returns 0, or -1 having said why.
 */
static int stdout_flushed(void)
{
	int bad;

	errno = 0;
	bad = fflush(stdout) != 0 || ferror(stdout);
	if (!bad)
		return 0;
	fprintf(stderr, "ctxbench: stdout: %s\n",
		strerror(errno ? errno : EIO));
	return -1;
}

/*
 * A standard descriptor that was closed (ctxbench >&-) is reopened on
 * /dev/null for reading, so that no file ctxbench opens takes its number
 * and writes to it fail instead of landing in that file.
 */
static void std_fds_held(void)
{
	for (int fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF &&
		    open("/dev/null", O_RDONLY) < 0)
			exit(2);
}

/*
 * Can -o's file be saved?  Asked before anything runs; the file itself is
 * left as it is until the results replace it whole (report/save.h).
 */
static int open_output(const struct plan *p)
{
	char err[PATH_MAX + 128];

	if (p->output && save_check(p->output, err, sizeof(err)) < 0) {
		fprintf(stderr, "ctxbench: %s\n", err);
		return -1;
	}
	return 0;
}

/* The JSON of @r to -o's file, in one step; 0, or -1 having said why. */
static int save_output(const struct plan *p, const struct results *const *r,
		       unsigned int n)
{
	char err[PATH_MAX + 128], *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc = -1;

	if (!f) {
		fprintf(stderr, "ctxbench: %s: %s\n", p->output,
			strerror(errno));
		return -1;
	}
	report_json(f, r, n);
	if (fclose(f) != 0)
		fprintf(stderr, "ctxbench: %s: %s\n", p->output,
			strerror(errno));
	else if (save_file(p->output, buf, len, err, sizeof(err)) < 0) {
		if (!output_signo) /* else said once, by emit() */
			fprintf(stderr, "ctxbench: %s\n", err);
	} else
		rc = 0;
	free(buf);
	return rc;
}

/*
 * What --format asks for, rendered for stdout into *@buf, *@len (which
 * the caller frees).  Returns 0, or -ENOMEM when it could not be rendered
 * whole (*@buf may hold its start).
 */
static int render_stdout(const struct plan *p, const struct results *const *r,
			 unsigned int n, unsigned int baseline,
			 const struct results *const *noise,
			 unsigned int nnoise, char **buf, size_t *len)
{
	FILE *f = open_memstream(buf, len);
	int rc = 0;

	if (!f)
		return -ENOMEM;
	switch (p->format) {
	case PLAN_TEXT:
		rc = report_text(f, r, n, baseline, noise, nnoise);
		if (p->histogram)
			report_histograms(f, r, n);
		break;
	case PLAN_JSON:
		report_json(f, r, n);
		break;
	case PLAN_KV:
	case PLAN_TSV:
		rc = report_flat(f, r, n, baseline, noise, nnoise,
				 p->format == PLAN_KV ? REPORT_FLAT_KV :
							REPORT_FLAT_TSV);
		break;
	}
	if (ferror(f))
		rc = -ENOMEM;
	if (fclose(f) != 0)
		rc = -ENOMEM;
	return rc < 0 ? -ENOMEM : 0;
}

/*
 * The one way results leave ctxbench, measured or read back: the JSON to
 * -o's file, then the text report, or what --format asks for, on stdout.
 * The report is rendered whole before it is written, so that a signal
 * stops a write that blocks and nothing is tried again after it.
 * Returns 0, -1 when either could not be written, or the signal that
 * stopped them.
 */
static int emit(const struct plan *p, const struct results *const *r,
		unsigned int n, unsigned int baseline,
		const struct results *const *noise, unsigned int nnoise)
{
	char err[128], *buf = NULL;
	size_t len = 0;
	int rc = 0, saved = 0, wrote = 0;

	output_interruptible();
	if (p->output) {
		saved = save_output(p, r, n) == 0;
		if (!saved)
			rc = -1;
	}
	if (!output_signo) {
		if (render_stdout(p, r, n, baseline, noise, nnoise, &buf,
				  &len) < 0) {
			fprintf(stderr, "ctxbench: stdout: %s\n",
				strerror(ENOMEM));
			rc = -1;
		}
		wrote = save_fd(STDOUT_FILENO, "stdout", buf ? buf : "", len,
				err, sizeof(err)) == 0;
		if (!wrote && !output_signo) {
			fprintf(stderr, "ctxbench: %s\n", err);
			rc = -1;
		}
		free(buf);
	}
	if (!output_signo)
		return rc;
	/*
	 * What was written whole stays; -o's file is replaced whole or not
	 * at all: say which, when the signal cut something.
	 */
	if (p->output && !saved)
		fprintf(stderr,
			"ctxbench: %s while writing the results: %s not saved\n",
			signal_name(output_signo), p->output);
	else if (!wrote)
		fprintf(stderr,
			"ctxbench: %s while writing the results: %s%sthe report on stdout incomplete\n",
			signal_name(output_signo), p->output ? p->output : "",
			p->output ? " saved, " : "");
	return output_signo;
}

/*
 * Drop the invocations of @r from @first up to *@n that repeat one from
 * @start on, read from @file: the same saved run given twice (a shell
 * glob that overlaps, a copy, a file merged from it, /dev/stdin twice)
 * would count as two invocations without spread, and any change against
 * it would look significant.  It carries nothing new, so it counts once,
 * and is said.
 */
static void drop_repeats(struct results *r, unsigned int start,
			 unsigned int first, unsigned int *n, const char *file)
{
	unsigned int w = first;

	for (unsigned int i = first; i < *n; i++) {
		int dup = 0;

		for (unsigned int j = start; j < w && !dup; j++)
			dup = results_same_run(&r[j], &r[i]);
		if (dup) {
			fprintf(stderr,
				"ctxbench: %s: the run labelled '%s' of %s is given twice: counted once\n",
				file, r[i].info.label, r[i].info.date);
			results_free(&r[i]);
			continue;
		}
		if (w != i)
			r[w] = r[i];
		w++;
	}
	*n = w;
}

/*
 * Read @nfiles saved files into *@r after its *@n, each saved run once;
 * 0, or -1 having said why.
 */
static int read_saved(const char *const *files, unsigned int nfiles,
		      struct results **r, unsigned int *n)
{
	unsigned int start = *n;
	char err[256];

	for (unsigned int i = 0; i < nfiles; i++) {
		unsigned int first = *n;

		if (store_read_file(files[i], r, n, err, sizeof(err)) < 0) {
			fprintf(stderr, "ctxbench: %s: %s\n", files[i], err);
			return -1;
		}
		drop_repeats(*r, start, first, n, files[i]);
	}
	return 0;
}

/* Do the @n invocations @r measure some label twice? */
static int any_label_twice(const struct results *r, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = i + 1; j < n; j++)
			if (!strcmp(r[i].info.label, r[j].info.label))
				return 1;
	return 0;
}

/* The invocation of the first file labelled @label in @r, or -1. */
static int find_label(const struct results *r, unsigned int n,
		      const char *label)
{
	for (unsigned int i = 0; i < n; i++)
		if (!strcmp(r[i].info.label, label))
			return (int)i;
	return -1;
}

/*
 * --fail-above's exit status for git bisect run: 0 good, 1 bad, 125 the
 * runs cannot tell (compare_bisect()).
 */
static int bisect_status(const struct plan *p, const struct results *const *r,
			 unsigned int n, unsigned int baseline,
			 const struct results *const *noise,
			 unsigned int nnoise)
{
	struct compare c;
	int st;

	if (compare_build(&c, r, n, baseline, noise, nnoise) < 0) {
		perror("ctxbench");
		return 125;
	}
	st = compare_bisect(&c, p->fail_above);
	compare_free(&c);
	return st;
}

/*
 * ctxbench report FILE...: saved runs as one report, or nothing; the
 * --noise files after them, apart.
 */
static int report_saved(const struct plan *p)
{
	const struct results **all = NULL;
	struct results *r = NULL;
	unsigned int n = 0, nf, baseline = 0;
	int status = 2;

	if (read_saved((const char *const *)p->files, p->nfiles, &r, &n) < 0)
		goto out;
	nf = n;
	if (read_saved(p->noise, p->nnoise, &r, &n) < 0)
		goto out;
	if (p->nnoise && !any_label_twice(r + nf, n - nf)) {
		fprintf(stderr,
			"ctxbench: --noise: no label is measured twice (the noise is the spread between invocations of one kernel: give two or more)\n");
		goto out;
	}
	all = calloc(n, sizeof(*all));
	if (!all) {
		perror("ctxbench");
		status = 1;
		goto out;
	}
	for (unsigned int i = 0; i < n; i++)
		all[i] = &r[i];
	if (p->baseline) {
		int b = find_label(r, nf, p->baseline);

		if (b < 0) {
			fprintf(stderr,
				"ctxbench: --baseline: no saved run is labelled '%s'\n",
				p->baseline);
			goto out;
		}
		baseline = (unsigned int)b;
	}
	if (open_output(p) < 0)
		goto out;
	status = emit(p, all, nf, baseline, all + nf, n - nf);
	status = status > 0 ? 128 + status : status < 0 ? 1 : 0;
	if (!status && p->fail_above >= 0)
		status = bisect_status(p, all, nf, baseline, all + nf, n - nf);
out:
	free(all);
	for (unsigned int i = 0; i < n; i++)
		results_free(&r[i]);
	free(r);
	return status;
}

/* Limits too low for the plan: say so before anything starts. */
static int check_limits(const struct plan *p)
{
	char err[512];

	for (unsigned int i = 0; i < p->nops; i++) {
		for (unsigned int k = 0; k < p->nprocs; k++) {
			for (unsigned int q = 0; q < p->nrings; q++) {
				struct run_spec spec = run_spec_of(
					p, p->ops[i], p->procs[k], 0);

				spec.rings = p->rings[q];
				spec.shared = p->shared;
				if (rings_unshareable(p->ops[i], p->shared,
						      NULL, 0))
					continue; /* skipped: nothing runs */
				if (run_check_limits(&spec, err, sizeof(err)) <
				    0) {
					fprintf(stderr, "ctxbench: %s\n", err);
					return -1;
				}
			}
		}
	}
	return 0;
}

/*
 * Can the participants of every row lock their memory (--mlock)?  Checked
 * once the rows exist: the participants inherit them.  0, or -1 having
 * said why.
 */
static int check_mlock(const struct plan *p)
{
	unsigned int kb = 0;
	char err[512];

	for (unsigned int m = 0; m < p->nsizes; m++)
		kb = p->size_kb[m] > kb ? p->size_kb[m] : kb;
	for (unsigned int i = 0; p->mlock && i < p->nops; i++) {
		for (unsigned int k = 0; k < p->nprocs; k++) {
			for (unsigned int q = 0; q < p->nrings; q++) {
				struct run_spec spec = run_spec_of(
					p, p->ops[i], p->procs[k], kb);

				spec.rings = p->rings[q];
				spec.shared = p->shared;
				if (rings_unshareable(p->ops[i], p->shared,
						      NULL, 0))
					continue;
				if (run_check_mlock(&spec, err, sizeof(err)) <
				    0) {
					fprintf(stderr, "ctxbench: %s\n", err);
					return -1;
				}
			}
		}
	}
	return 0;
}

/*
 * Can the participants of @ops at class @cls, @nr of them at @place, run
 * without starving the machine?  At a real-time class a participant that
 * never sleeps (a spinner, one that only yields, which then yields to
 * nothing but its peers, or null's, which does not wait at all) keeps its
 * CPU until RT throttling takes it away, 5 % of the time by default: such
 * participants sharing a CPU would never let each other run (yielding
 * ones aside), and on every online CPU they would leave the rest of the
 * machine, the shell that started ctxbench included, next to nothing for
 * -t.  And the runner must run above them, to stop them on time: not at
 * 99.  The class may be ctxbench's own (chrt), which its participants
 * inherit.  0, or -1 with why in @err.
 */
static int class_starves(const struct ipc_ops *ops, const struct run_class *cls,
			 const struct place *place, unsigned int nr,
			 unsigned int rings, const struct place_topo *topo,
			 char *err, size_t errlen)
{
	static int cpu[RUN_MAX_NR];
	char where[sizeof(place->name) + 16];
	int over;
	const char *name = run_class_name(cls->policy);
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned int busy, allowed = (unsigned int)CPU_COUNT(&topo->allowed);
	cpu_set_t used;

	if (!(ops->flags & IPC_NEVER_SLEEPS) || !run_class_rt(cls->policy))
		return 0;
	if (cls->prio >= RUN_PRIO_MAX && cls->inherited) {
		snprintf(
			err, errlen,
			"%s at %s:%d, ctxbench's own class: ctxbench must run above participants that never sleep to stop them on time: start it at priority %d or less (chrt), or give --policy",
			ops->name, name, cls->prio, RUN_PRIO_MAX - 1);
		return -1;
	}
	if (cls->prio >= RUN_PRIO_MAX) {
		snprintf(
			err, errlen,
			"%s at %s:%d: ctxbench must run above spinning participants to stop them on time: give --prio %d or less",
			ops->name, name, cls->prio, RUN_PRIO_MAX - 1);
		return -1;
	}
	snprintf(where, sizeof(where), "%s", place->name);
	if (rings > 1)
		snprintf(where + strlen(where), sizeof(where) - strlen(where),
			 " x%u", rings);
	/* Every ring's participants: two spinners of any rings on one CPU. */
	nr *= rings;
	if (place_resolve_rings(place, topo, nr / rings, rings, cpu, &over, err,
				errlen) < 0)
		return 0; /* skipped anyway */
	/* Yielding ones hand the CPU to each other: only theirs is shared. */
	if (!(ops->flags & IPC_YIELD_WAIT) && cpus_shared(topo, cpu, nr)) {
		snprintf(
			err, errlen,
			"%s %s %s:%d: spinners at a real-time class sharing a CPU: one keeps it and the others never run (only RT throttling takes the CPU from one): not run (give each its own CPU, -P cross, or use spin-yield)",
			ops->name, where, name, cls->prio);
		return -1;
	}
	CPU_ZERO(&used);
	for (unsigned int i = 0; cpu[0] >= 0 && i < nr; i++)
		CPU_SET(cpu[i], &used);
	busy = cpu[0] >= 0  ? (unsigned int)CPU_COUNT(&used) :
	       nr < allowed ? nr :
			      allowed;
	if (online > 0 && busy >= (unsigned long)online) {
		snprintf(
			err, errlen,
			"%s %s %s:%d: spinners at a real-time class on every CPU (%u of %ld) would leave the rest of the machine only what RT throttling gives it for -t: not run (leave a CPU free)",
			ops->name, where, name, cls->prio, busy, online);
		return -1;
	}
	return 0;
}

/* Classes the plan cannot run safely: say so before anything starts. */
static int check_classes(const struct plan *p, const struct place_topo *topo)
{
	enum { D_OPS, D_PLACE, D_CLASS, D_PROCS, D_RINGS, D_N };
	const unsigned int dim[D_N] = { p->nops, p->nplaces, p->nclasses,
					p->nprocs, p->nrings };
	unsigned int at[D_N] = { 0 };
	char err[512];

	do {
		if (class_starves(p->ops[at[D_OPS]], &p->cls[at[D_CLASS]],
				  &p->place[at[D_PLACE]], p->procs[at[D_PROCS]],
				  p->rings[at[D_RINGS]], topo, err,
				  sizeof(err)) < 0) {
			fprintf(stderr, "ctxbench: %s\n", err);
			return -1;
		}
	} while (odometer(at, dim, D_N));
	return 0;
}

/* The Run information of this invocation, before its first run. */
static void info_init(const struct plan *p, const struct place_topo *topo,
		      struct results *res)
{
	struct result_info *in = &res->info;

	snprintf(res->version, sizeof(res->version), "%s", CTXBENCH_VERSION);
	sysinfo_read("", in);
	snprintf(in->label, sizeof(in->label), "%s",
		 p->label[0] ? p->label : in->kernel);
	if (!in->label[0])
		snprintf(in->label, sizeof(in->label), "unknown");
	snprintf(in->note, sizeof(in->note), "%s", p->note);
	in->duration_s = p->duration_s;
	in->runs = p->runs;
	in->threads = p->threads;
	in->participants = p->procs[0];
	in->order = p->order;
	if (p->order == RESULT_ORDER_SHUFFLE)
		in->seed = p->seed_given ? p->seed : sweep_random_seed();
	/* Where the run may go, and when it starts. */
	cpulist_format(&topo->allowed, in->cpus_allowed,
		       sizeof(in->cpus_allowed));
	cgroup_quota("", in->cpu_quota, sizeof(in->cpu_quota));
	sysinfo_date(time(NULL), in->date, sizeof(in->date));
	in->start_s = sysinfo_now();
}

/* A measurement as @p plans it, reported; the exit status. */
static int run_plan(const struct plan *p, struct results *res)
{
	const struct results *all[1] = { res };
	struct progress prog;
	const struct sweep_hooks hooks = {
		.arg = &prog,
		.hop = progress_on_hop,
		.run = progress_on_run,
		.failed = progress_on_failed,
		.drop = progress_on_drop,
	};
	struct sweep_spec sweep;
	struct place_topo topo;
	int status, out, sig;

	if (check_limits(p) < 0 || open_output(p) < 0)
		return 2;
	if (place_topo_read("", &topo) < 0 || run_init() < 0) {
		perror("ctxbench");
		return 1;
	}
	if (check_classes(p, &topo) < 0 || check_mlock(p) < 0)
		return 2;
	info_init(p, &topo, res);
	plan_sweep(p, &sweep);
	sweep.seed = res->info.seed;
	start_progress(p, &sweep, &prog);
	status = sweep_run(&sweep, &topo, &hooks, res);
	res->info.end_s = sysinfo_now(); /* when the last row ended */
	progress_clear(&prog);
	if (status < 0) {
		perror("ctxbench");
		return 1;
	}
	/* A signal taken after the last run stops the plan, not the output. */
	sig = output_pending();
	if (!res->signo)
		res->signo = sig;
	out = emit(p, all, 1, 0, NULL, 0);
	if (out > 0)
		return 128 + out;
	if (out < 0 && !status)
		status = 1;
	return res->signo ? 128 + res->signo : status;
}

int main(int argc, char **argv)
{
	struct results res = { 0 };
	struct plan plan;
	char err[256];
	int status;

	std_fds_held();
	/* Before plan_parse(), which may reorder argv. */
	quote_cmdline(argc, argv, res.cmdline, sizeof(res.cmdline));
	if (plan_parse(argc, argv, &plan, err, sizeof(err)) < 0) {
		fprintf(stderr, "ctxbench: %s\n", err);
		return 2;
	}
	switch (plan.action) {
	case PLAN_HELP:
		plan_usage(stdout);
		return stdout_flushed() < 0;
	case PLAN_VERSION:
		printf("ctxbench %s\n", CTXBENCH_VERSION);
		return stdout_flushed() < 0;
	case PLAN_LIST:
		list_backends();
		return stdout_flushed() < 0;
	case PLAN_REPORT:
		return report_saved(&plan);
	case PLAN_RUN:
		break;
	}
	/* Started at a real-time class (chrt): as if --policy named it. */
	if (plan.nclasses == 1)
		run_class_inherit(&plan.cls[0]);
	status = run_plan(&plan, &res);
	results_free(&res);
	return status;
}
