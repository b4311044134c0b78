/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The report command: saved runs read, each once, checked, then emitted. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report_cmd.h"
#include "output.h"
#include "lib/text.h"
#include "model/results.h"
#include "store/store.h"
#include "analysis/method.h"

/*
 * Drop the invocations of @r from @first up to *@n that repeat one read
 * before them, read from @file: the same saved run given twice (a shell
 * glob that overlaps, a copy, a file merged from it, /dev/stdin twice,
 * a file both among the saved files and --noise) would count as two
 * invocations without spread, and any change against it would look
 * significant.  It carries nothing new, so it counts once, where it came
 * first (the saved files before --noise, from @noise on), and is said.
 */
static void drop_repeats(struct results *r, unsigned int noise,
			 unsigned int first, unsigned int *n, const char *file)
{
	unsigned int w = first;

	for (unsigned int i = first; i < *n; i++) {
		unsigned int j = 0;

		while (j < w && !results_same_run(&r[j], &r[i]))
			j++;
		if (j < w) {
			text_say(
				stderr,
				"ctxbench: %s: the run labelled '%s' of %s is given twice%s: counted once",
				file, r[i].info.label, r[i].info.date,
				i >= noise && j < noise ?
					", as a saved file and as --noise" :
					"");
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
 * A saved file as read: what it is and, unless it is a regular file that
 * reads again, its bytes.  A pipe named twice (/dev/stdin twice) or a
 * fifo gives its bytes once: read again, it is the same input.
 */
struct input {
	dev_t dev;
	ino_t ino;
	char *buf; /* NULL: a regular file, or not known */
	size_t len;
};

/*
 * Read @file into *@r after its *@n, as the input @cur among those from
 * @in; 0, or -1 with a message in @err.  A regular file reads again,
 * whole, and is not kept.
 */
static int read_input(const char *file, struct input *in, struct input *cur,
		      struct results **r, unsigned int *n, char *err,
		      size_t errlen)
{
	struct stat st;

	if (stat(file, &st) < 0 || S_ISREG(st.st_mode))
		return store_read_file(file, r, n, err, errlen);
	for (const struct input *o = in; o < cur; o++)
		if (o->buf && o->dev == st.st_dev && o->ino == st.st_ino)
			return store_read_buf(o->buf, o->len, r, n, err,
					      errlen);
	if (store_load_file(file, &cur->buf, &cur->len, err, errlen) < 0)
		return -1;
	cur->dev = st.st_dev;
	cur->ino = st.st_ino;
	return store_read_buf(cur->buf, cur->len, r, n, err, errlen);
}

/*
 * Read @nfiles saved files into *@r after its *@n, each saved run once
 * among all read, those from @noise on being --noise's, after the *@nin
 * inputs @in read before; 0, or -1 having said why.
 */
static int read_saved(const char *const *files, unsigned int nfiles,
		      unsigned int noise, struct results **r, unsigned int *n,
		      struct input *in, unsigned int *nin)
{
	char err[256];

	for (unsigned int i = 0; i < nfiles; i++) {
		unsigned int first = *n;

		if (read_input(files[i], in, &in[(*nin)++], r, n, err,
			       sizeof(err)) < 0) {
			text_say(stderr, "ctxbench: %s: %s", files[i], err);
			return -1;
		}
		drop_repeats(*r, noise, first, n, files[i]);
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

/* Do the @n invocations @r have two labels or more? */
static int two_labels(const struct results *r, unsigned int n)
{
	for (unsigned int i = 1; i < n; i++)
		if (strcmp(r[0].info.label, r[i].info.label))
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
 * --fail-above's exit status when the report or -o's file cannot be
 * written: a fault of the machine (a full disk, a closed stdout, -o into
 * a directory that is gone), not of the commit.  git bisect run takes 1
 * for bad and 125 for skip, and would skip every commit after it for the
 * same fault; 128 and above abort it, to be run again once the fault is
 * mended.  255, like ssh's own failures, is taken by no signal (128+N).
 */
#define REPORT_UNWRITTEN 255

/*
 * What --noise and --series need of the saved runs read: of @r's @n
 * invocations, the first @nf from the saved files, the rest --noise's.
 * 0, or -1 having said why.
 */
static int check_labels(const struct plan *p, const struct results *r,
			unsigned int nf, unsigned int n)
{
	if (p->nnoise && !any_label_twice(r + nf, n - nf)) {
		text_say(
			stderr,
			"ctxbench: --noise: no label is measured twice (the noise is the spread between invocations of one kernel: give two or more)");
		return -1;
	}
	if (p->series && !two_labels(r, nf)) {
		text_say(
			stderr,
			"ctxbench: --series: the saved runs have one label (a series is of two labels or more, each against the one before)");
		return -1;
	}
	return 0;
}

/*
 * --baseline's invocation among the @nf of the saved files into
 * *@baseline (left alone without --baseline): 0, or -1 having said that
 * no saved run has its label.
 */
static int find_baseline(const struct plan *p, const struct results *r,
			 unsigned int nf, unsigned int *baseline)
{
	int b;

	if (!p->baseline)
		return 0;
	b = find_label(r, nf, p->baseline);
	if (b < 0) {
		text_say(stderr,
			 "ctxbench: --baseline: no saved run is labelled '%s'",
			 p->baseline);
		return -1;
	}
	*baseline = (unsigned int)b;
	return 0;
}

/*
 * The exit status from output_emit()'s @emitted: 128+N when signal N
 * stopped it, 1 (REPORT_UNWRITTEN under --fail-above) when the report or
 * -o's file could not be written, else 0, or under --fail-above its
 * @bisect for git bisect run.
 */
static int exit_status(const struct plan *p, int emitted, int bisect)
{
	if (emitted > 0)
		return emitted + 128;
	if (emitted < 0)
		return p->fail_above >= 0 ? REPORT_UNWRITTEN : 1;
	return p->fail_above >= 0 ? bisect : 0;
}

/*
 * The verdict's method, for the lab (bench/lab.py): CTXBENCH_METHOD names
 * one of analysis/method.h's table (ctxbench dump methods); unset or
 * empty, the shipped one.  0, or -1 (said).
 */
static int use_method(void)
{
	const char *name = getenv("CTXBENCH_METHOD");
	const struct verdict_method *m;

	if (!name || !*name)
		return 0;
	m = verdict_method_find(name);
	if (!m) {
		text_say(stderr,
			 "ctxbench: CTXBENCH_METHOD '%s': no such method "
			 "(ctxbench dump methods lists them)",
			 name);
		return -1;
	}
	verdict_method_use(m);
	return 0;
}

int report_cmd(const struct plan *p)
{
	const struct results **all = NULL;
	struct results *r = NULL;
	struct input *in = calloc(p->nfiles + p->nnoise + 1, sizeof(*in));
	unsigned int n = 0, nf, baseline = 0, nin = 0;
	int status = 2, bisect = 125;

	if (use_method() < 0) {
		free(in);
		return 2;
	}
	output_reading();
	if (!in) {
		perror("ctxbench");
		return 1;
	}
	if (read_saved((const char *const *)p->files, p->nfiles, UINT_MAX, &r,
		       &n, in, &nin) < 0)
		goto out;
	nf = n;
	if (read_saved(p->noise, p->nnoise, nf, &r, &n, in, &nin) < 0)
		goto out;
	if (check_labels(p, r, nf, n) < 0)
		goto out;
	all = calloc(n, sizeof(*all));
	if (!all) {
		perror("ctxbench");
		status = 1;
		goto out;
	}
	for (unsigned int i = 0; i < n; i++)
		all[i] = &r[i];
	if (find_baseline(p, r, nf, &baseline) < 0)
		goto out;
	if (output_check(p) < 0) {
		if (p->fail_above >= 0)
			status = REPORT_UNWRITTEN;
		goto out;
	}
	/* --fail-above's exit status for git bisect run: 0, 1 or 125. */
	status = output_emit(p, all, nf, baseline, all + nf, n - nf,
			     p->fail_above >= 0 ? &bisect : NULL);
	status = exit_status(p, status, bisect);
out:
	for (unsigned int i = 0; i < nin; i++)
		free(in[i].buf);
	free(in);
	free(all);
	for (unsigned int i = 0; i < n; i++)
		results_free(&r[i]);
	free(r);
	return status;
}
