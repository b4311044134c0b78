/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * How results leave ctxbench: the JSON to -o's file and the report on
 * stdout, each written whole or said not to be, a signal stopping both.
 */
#ifndef CTXBENCH_OUTPUT_H
#define CTXBENCH_OUTPUT_H

#include "model/results.h"
#include "plan.h"

/*
 * A standard descriptor that was closed (ctxbench >&-) is reopened on
 * /dev/null for reading, so that no file ctxbench opens takes its number
 * and writes to it fail instead of landing in that file.  0, or -1 when
 * one could not be.
 */
int output_std_fds_held(void);

/*
 * Whatever went to stdout must have got there: a full disk, a closed
 * descriptor or an I/O error is said.  Returns 0, or -1 having said why.
 */
int output_stdout_flushed(void);

/*
 * Can -o's file of @p be saved?  Asked before anything runs; the file
 * itself is left as it is until the results replace it whole.  0, or -1
 * having said why.
 */
int output_check(const struct plan *p);

/*
 * Until output_emit() takes them, SIGINT, SIGTERM and SIGHUP end
 * ctxbench report at once, exit status 128+N, with a line that says which
 * where stderr takes it without waiting: while it reads the saved runs
 * (the open of a fifo nobody writes to waits in open(2), a pipe nobody
 * writes to in read(2)) or says something to a stderr nobody reads.
 * Nothing is made before the output, so nothing is left.  Caught even
 * when they came ignored, as output_emit() takes them.
 */
void output_reading(void);

/*
 * A signal still pending from the runs (a second SIGINT during the
 * teardown) is the runs', not the output's: taken here, before the
 * output catches them, it does not cut the report of what finished.
 * Returns the first such signal, or 0.
 */
int output_pending(void);

/*
 * The one way results leave ctxbench, measured or read back: the JSON of
 * the @n invocations @r to -o's file, then the text report against
 * @baseline with the @nnoise invocations @noise apart, or what --format
 * asks for, on stdout.  The report is rendered whole before it is
 * written, so that a signal stops a write that blocks and nothing is
 * tried again after it.  The report's model is built once, for the
 * format and for *@bisect (unless NULL): compare_bisect() of its
 * comparison at --fail-above's percent, 125 when it could not be built.
 * Returns 0, -1 when either could not be written, or the signal that
 * stopped them.
 */
int output_emit(const struct plan *p, const struct results *const *r,
		unsigned int n, unsigned int baseline,
		const struct results *const *noise, unsigned int nnoise,
		int *bisect);

#endif
