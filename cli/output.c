/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The output phase: -o's file and stdout, written whole, with signals. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "output.h"
#include "lib/text.h"
#include "lib/util.h"
#include "report/formats.h"
#include "report/report.h"
#include "analysis/trend.h"
#include "store/save.h"
#include "store/store.h"

/* The signal that stopped the output, once output_emit() writes it; else 0. */
static volatile sig_atomic_t output_signo;

static void output_on_signal(int sig)
{
	if (!output_signo)
		output_signo = sig;
	save_interrupt();
}

/* SIGINT, SIGTERM and SIGHUP to @handler, unblocked, whatever they were. */
static void output_catch(void (*handler)(int))
{
	static const int sig[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa = { .sa_handler = handler };
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
 * From here on SIGINT, SIGTERM and SIGHUP end ctxbench, though the runner
 * blocked them to take them through its signalfd: a fifo nobody opens or
 * a pipe nobody reads would hold it for good.  The handler ends the open()
 * or write() under way that may wait (save_interrupt()), and save_file()
 * removes what it began; what follows is written as far as it goes without
 * waiting, so that a second ^C a moment after the first, or a signal while
 * -o waits for a fifo's reader, still leaves the report in a file or on a
 * terminal.  Caught even when they came ignored (a script's background job
 * ignores SIGINT), as the runner takes them.
 */
static void output_interruptible(void)
{
	output_catch(output_on_signal);
}

/* Does stderr take a line now, without waiting? */
static int output_stderr_takes(void)
{
	struct pollfd pfd = { .fd = STDERR_FILENO, .events = POLLOUT };

	return poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLOUT);
}

#define OUTPUT_READING(sig) \
	"ctxbench: " sig " while reading the saved runs: nothing reported\n"

/*
 * Before output_emit(): ctxbench report ends at once, 128+N, its one
 * line written only where stderr takes it without waiting.  Only what
 * may be called in a handler.
 */
static void output_on_reading(int sig)
{
	static const char intr[] = OUTPUT_READING("SIGINT"),
			  term[] = OUTPUT_READING("SIGTERM"),
			  hup[] = OUTPUT_READING("SIGHUP");
	const char *line = sig == SIGINT ? intr : sig == SIGTERM ? term : hup;
	size_t len = sig == SIGINT  ? sizeof(intr) - 1 :
		     sig == SIGTERM ? sizeof(term) - 1 :
				      sizeof(hup) - 1;
	ssize_t said = 0;

	if (output_stderr_takes())
		said = write(STDERR_FILENO, line, len);
	(void)said; /* nothing more can be done */
	_exit(128 + sig);
}

void output_reading(void)
{
	output_catch(output_on_reading);
}

int output_pending(void)
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

static const char *output_signal_name(int sig)
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

int output_stdout_flushed(void)
{
	int bad;

	errno = 0;
	bad = fflush(stdout) != 0 || ferror(stdout);
	if (!bad)
		return 0;
	text_say(stderr, "ctxbench: stdout: %s", strerror(errno ? errno : EIO));
	return -1;
}

int output_std_fds_held(void)
{
	for (int fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF &&
		    open("/dev/null", O_RDONLY) < 0)
			return -1;
	return 0;
}

/* A message that names a path: on the heap, not on a small stack. */
#define OUTPUT_ERR_MAX (PATH_MAX + 128)

int output_check(const struct plan *p)
{
	char *err;
	int rc = 0;

	if (!p->output)
		return 0;
	err = malloc(OUTPUT_ERR_MAX);
	if (!err) {
		text_say(stderr, "ctxbench: %s: %s", p->output,
			 strerror(ENOMEM));
		return -1;
	}
	if (save_check(p->output, err, OUTPUT_ERR_MAX) < 0) {
		text_say(stderr, "ctxbench: %s", err);
		rc = -1;
	}
	free(err);
	return rc;
}

/* The JSON of @r to -o's file, in one step; 0, or -1 having said why. */
static int output_save(const struct plan *p, const struct results *const *r,
		       unsigned int n)
{
	char *err = malloc(OUTPUT_ERR_MAX), *buf = NULL;
	size_t len = 0;
	FILE *f = err ? open_memstream(&buf, &len) : NULL;
	int rc = -1;

	if (!f) {
		text_say(stderr, "ctxbench: %s: %s", p->output,
			 strerror(err ? errno : ENOMEM));
		free(err);
		return -1;
	}
	store_write(f, r, n);
	if (fclose(f) != 0)
		text_say(stderr, "ctxbench: %s: %s", p->output,
			 strerror(errno));
	else if (save_file(p->output, buf, len, err, OUTPUT_ERR_MAX) < 0) {
		if (!output_signo) /* else said once, by output_emit() */
			text_say(stderr, "ctxbench: %s", err);
	} else
		rc = 0;
	free(buf);
	free(err);
	return rc;
}

/*
 * What --format asks for, rendered from @m for stdout into *@buf, *@len
 * (which the caller frees).  Returns 0, or -ENOMEM when it could not be
 * rendered whole (*@buf may hold its start).
 */
static int output_render(const struct plan *p, const struct report_model *m,
			 char **buf, size_t *len)
{
	FILE *f = open_memstream(buf, len);
	int rc;

	if (!f)
		return -ENOMEM;
	rc = report_formats[p->format]->render(f, m);
	if (ferror(f))
		rc = -ENOMEM;
	if (fclose(f) != 0)
		rc = -ENOMEM;
	return rc < 0 ? -ENOMEM : 0;
}

/*
 * The report of @m (NULL: it could not be made) on stdout, written whole;
 * 0, or -1 having said why.
 */
static int output_stdout(const struct plan *p, const struct report_model *m)
{
	char err[128], *buf = NULL;
	size_t len = 0;
	int rc = 0, wrote;

	if (!m || output_render(p, m, &buf, &len) < 0) {
		text_say(stderr, "ctxbench: stdout: %s", strerror(ENOMEM));
		rc = -1;
	}
	wrote = save_fd(STDOUT_FILENO, "stdout", buf ? buf : "", len, err,
			sizeof(err)) == 0;
	if (!wrote && !output_signo) {
		text_say(stderr, "ctxbench: %s", err);
		rc = -1;
	}
	free(buf);
	return wrote ? rc : -2;
}

/*
 * The model of the report into @m, built once for all it renders, and
 * with the detect wanted: --want, else --fail-above's percent.  1 when it
 * is built (report_model_free() it), 0 when it could not be.
 */
static int output_model(const struct plan *p, struct report_model *m,
			const struct results *const *r, unsigned int n,
			unsigned int baseline,
			const struct results *const *noise, unsigned int nnoise)
{
	if (report_model_build(m, r, n, baseline, noise, nnoise,
			       (p->histogram ? REPORT_HISTOGRAM : 0) |
				       (p->brief ? REPORT_BRIEF : 0) |
				       (p->series ? REPORT_SERIES : 0) |
				       (p->series == 1 + TREND_START ?
						REPORT_SERIES_START :
						0)) != 0)
		return 0;
	if ((p->want >= 0 || p->fail_above >= 0) &&
	    report_model_want(m, p->want >= 0 ? p->want : p->fail_above) < 0) {
		report_model_free(m);
		return 0;
	}
	return 1;
}

/*
 * After a signal: what was written whole stays; -o's file is replaced
 * whole or not at all.  Say which, when the signal cut something (-o's
 * file not @saved, the report not @wrote), to a stderr that is read.
 */
static void output_say_cut(const struct plan *p, int saved, int wrote)
{
	if (!output_stderr_takes()) /* a stderr nobody reads: no line */
		return;
	if (p->output && !saved)
		text_say(
			stderr,
			"ctxbench: %s while writing the results: %s not saved%s",
			output_signal_name(output_signo), p->output,
			wrote ? "" : ", the report on stdout incomplete");
	else if (!wrote)
		text_say(
			stderr,
			"ctxbench: %s while writing the results: %s%sthe report on stdout incomplete",
			output_signal_name(output_signo),
			p->output ? p->output : "",
			p->output ? " saved, " : "");
}

int output_emit(const struct plan *p, const struct results *const *r,
		unsigned int n, unsigned int baseline,
		const struct results *const *noise, unsigned int nnoise,
		int *bisect)
{
	struct report_model m;
	int rc = 0, saved = 0, wrote = 0, built = 0;

	output_interruptible();
	if (p->output) {
		saved = output_save(p, r, n) == 0;
		if (!saved)
			rc = -1;
	}
	/* Written after a signal too, as far as it goes without waiting. */
	built = output_model(p, &m, r, n, baseline, noise, nnoise);
	switch (output_stdout(p, built ? &m : NULL)) {
	case 0:
		wrote = 1;
		break;
	case -1:
		wrote = 1;
		rc = -1;
		break;
	default:
		rc = -1;
	}
	if (bisect && built)
		*bisect = compare_bisect(&m.cmp, p->fail_above);
	else if (bisect)
		*bisect = 125; /* the runs cannot tell */
	if (built)
		report_model_free(&m);
	if (!output_signo)
		return rc;
	output_say_cut(p, saved, wrote);
	return output_signo;
}
