/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The progress line: formatted by a pure function, written to a terminal. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"
#include "lib/clock.h"
#include "lib/text.h"
#include "model/results.h"

/* Back to the start of the line and erase it: the line is rewritten. */
#define PROGRESS_ERASE "\r\033[K"

void progress_init(struct progress *p, int fd, unsigned int nruns,
		   unsigned int nhops, double run_s, double hop_s)
{
	memset(p, 0, sizeof(*p));
	p->fd = fd;
	p->nruns = nruns;
	p->nhops = nhops;
	p->run_s = run_s;
	p->hop_s = hop_s;
	p->mech = "";
	p->start_s = clock_now_s();
}

double progress_left_s(const struct progress *p)
{
	double left = 0;

	if (p->runs_done < p->nruns)
		left += (double)(p->nruns - p->runs_done) * p->run_s;
	if (p->hops_done < p->nhops)
		left += (double)(p->nhops - p->hops_done) * p->hop_s;
	return left > 0 ? left : 0;
}

/*
 * @s seconds as m:ss, or h:mm:ss from an hour on; rounded up when @up
 * (time left is not promised short), else down.
 */
static void progress_time(double s, int up, char *buf, size_t size)
{
	unsigned long long t;

	if (!(s > 0)) /* NaN too */
		s = 0;
	if (s > 1e12)
		s = 1e12;
	t = (unsigned long long)(up ? ceil(s) : floor(s));
	if (t >= 3600)
		snprintf(buf, size, "%llu:%02llu:%02llu", t / 3600, t / 60 % 60,
			 t % 60);
	else
		snprintf(buf, size, "%llu:%02llu", t / 60, t % 60);
}

size_t progress_format(const struct progress *p, double elapsed_s, char *buf,
		       size_t size)
{
	unsigned int total = p->nruns + p->nhops;
	unsigned int now = p->runs_done + p->hops_done + 1;
	char what[192], step[48], tail[160], elapsed[32], left[32];
	const char *mech = p->mech ? p->mech : "";
	size_t len;
	int room, n;

	if (!size)
		return 0;
	if (now > total)
		now = total;
	if (!p->placement) {
		snprintf(what, sizeof(what), "%s %uK", mech, p->ws_kb);
		snprintf(step, sizeof(step), "hop work");
	} else if (p->rings) {
		snprintf(what, sizeof(what), "%s %s %up/%uK", mech,
			 p->placement, p->procs, p->ws_kb);
		snprintf(step, sizeof(step), "run %u of %u", p->run, p->runs);
	} else {
		snprintf(what, sizeof(what), "%s %s", mech, p->placement);
		snprintf(step, sizeof(step), "run %u of %u", p->run, p->runs);
	}
	if (p->placement && p->parallel)
		snprintf(what + strlen(what), sizeof(what) - strlen(what),
			 " x%u%s", p->nrings, p->shared ? " shared" : "");
	progress_time(elapsed_s, 0, elapsed, sizeof(elapsed));
	progress_time(progress_left_s(p), 1, left, sizeof(left));
	snprintf(tail, sizeof(tail),
		 ": %s (%u of %u), %s elapsed, about %s left", step, now, total,
		 elapsed, left);
	/* The name gives way: the times are what the line is for. */
	room = PROGRESS_WIDTH - (int)strlen(tail);
	n = snprintf(buf, size, "%.*s%s", room > 0 ? room : 0, what, tail);
	len = n < 0 ? 0 : (size_t)n;
	if (len > PROGRESS_WIDTH) {
		len = PROGRESS_WIDTH;
		if (len < size)
			buf[len] = '\0';
	}
	return len < size ? len : size - 1;
}

/* All of @len bytes of @s to the line's descriptor; on error, no more. */
static void progress_write(struct progress *p, const char *s, size_t len)
{
	while (len) {
		ssize_t n = write(p->fd, s, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			p->fd = -1;
			return;
		}
		s += n;
		len -= (size_t)n;
	}
}

static void progress_show(struct progress *p)
{
	char line[sizeof(PROGRESS_ERASE) + PROGRESS_WIDTH + 1];
	size_t erase = sizeof(PROGRESS_ERASE) - 1, len;

	if (p->fd < 0)
		return;
	memcpy(line, PROGRESS_ERASE, erase);
	len = progress_format(p, clock_now_s() - p->start_s, line + erase,
			      sizeof(line) - erase);
	progress_write(p, line, erase + len);
	p->shown = p->fd >= 0;
}

void progress_row(struct progress *p, const char *mech, const char *placement,
		  int rings, unsigned int procs, unsigned int ws_kb,
		  unsigned int runs)
{
	p->hops_done = p->hop_next;
	p->mech = mech;
	p->placement = placement;
	p->rings = rings;
	p->procs = procs;
	p->ws_kb = ws_kb;
	p->run = 0;
	p->runs = runs;
}

void progress_parallel(struct progress *p, unsigned int nrings, int shared,
		       int parallel)
{
	p->nrings = nrings;
	p->shared = shared;
	p->parallel = parallel;
}

void progress_run(struct progress *p, unsigned int i)
{
	p->runs_done = p->run_next++;
	p->run = i + 1;
	progress_show(p);
}

void progress_drop(struct progress *p, unsigned int n)
{
	p->run_next += n;
	p->runs_done = p->run_next;
}

void progress_hop(struct progress *p, const char *mech, unsigned int ws_kb)
{
	p->runs_done = p->run_next;
	p->hops_done = p->hop_next++;
	p->mech = mech;
	p->placement = NULL;
	p->ws_kb = ws_kb;
	progress_show(p);
}

void progress_clear(struct progress *p)
{
	if (p->fd < 0 || !p->shown)
		return;
	progress_write(p, PROGRESS_ERASE, sizeof(PROGRESS_ERASE) - 1);
	p->shown = 0;
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
		text_say(stderr, "ctxbench: %s %s%s%s%s: %s: %s", row->mech,
			 row->placement, cls[0] ? " " : "", cls, rings,
			 result_status_name(res->status), res->reason);
}

static void progress_on_drop(void *arg, unsigned int n)
{
	progress_drop(arg, n);
}

void progress_start(struct progress *p, const struct sweep_spec *s, int quiet)
{
	unsigned int rows = (unsigned int)sweep_nrows(s);
	double more = sweep_warmup_s(s->duration_s) + PROGRESS_RUN_OVERHEAD_S;
	int tty = !quiet && isatty(STDERR_FILENO);

	progress_init(p, tty ? STDERR_FILENO : -1, rows * s->runs,
		      s->hop_work ? s->nops * s->nsizes : 0,
		      s->duration_s + more, sweep_hop_work_s(s) + more);
}

struct sweep_hooks progress_hooks(struct progress *p)
{
	return (struct sweep_hooks){
		.arg = p,
		.hop = progress_on_hop,
		.run = progress_on_run,
		.failed = progress_on_failed,
		.drop = progress_on_drop,
	};
}
