/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of the progress line: its text, its estimate, its writer. */
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <unistd.h>

#include "check.h"
#include "lib/util.h"
#include "cli/progress.h"

/* A plan of @nruns runs of @run_s s and @nhops hop works of @hop_s s. */
static struct progress plan(unsigned int nruns, unsigned int nhops,
			    double run_s, double hop_s)
{
	struct progress p;

	progress_init(&p, -1, nruns, nhops, run_s, hop_s);
	return p;
}

static void test_format(void)
{
	static const struct {
		unsigned int nruns, nhops, runs_done, hops_done;
		const char *placement; /* NULL: hop work */
		int rings;
		unsigned int procs, ws_kb, run, runs;
		double elapsed_s;
		const char *line;
	} cases[] = {
		/* The ping-pong: 12 mechanisms x 3 runs of 2.5 s. */
		{ 36, 0, 4, 0, "any", 0, 2, 0, 2, 3, 12.7,
		  "pipe any: run 2 of 3 (5 of 36), 0:12 elapsed, about 1:20 left" },
		{ 36, 0, 0, 0, "same", 0, 2, 0, 1, 3, 0,
		  "pipe same: run 1 of 3 (1 of 36), 0:00 elapsed, about 1:30 left" },
		/* The last run: its own time is what is left. */
		{ 36, 0, 35, 0, "any", 0, 2, 0, 3, 3, 90,
		  "pipe any: run 3 of 3 (36 of 36), 1:30 elapsed, about 0:03 left" },
		/* Rings: named with the ring and the working set. */
		{ 8, 2, 4, 2, "same", 1, 8, 16, 1, 2, 3725,
		  "pipe same 8p/16K: run 1 of 2 (7 of 10), 1:02:05 elapsed, about 0:10 left" },
		/* Hop work: 2 of 2 left at 1 s, 8 runs at 2.5 s. */
		{ 8, 2, 0, 0, NULL, 1, 1, 64, 0, 0, 0.2,
		  "pipe 64K: hop work (1 of 10), 0:00 elapsed, about 0:22 left" },
		/* Past the plan: nothing negative, no index past the end. */
		{ 2, 0, 5, 0, "any", 0, 2, 0, 1, 1, NAN,
		  "pipe any: run 1 of 1 (2 of 2), 0:00 elapsed, about 0:00 left" },
		/* Hours of estimate. */
		{ 2000, 0, 0, 0, "any", 0, 2, 0, 1, 2000, -1,
		  "pipe any: run 1 of 2000 (1 of 2000), 0:00 elapsed, about 1:23:20 left" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct progress p =
			plan(cases[i].nruns, cases[i].nhops, 2.5, 1);
		char buf[256];
		size_t len;

		p.mech = "pipe";
		p.runs_done = cases[i].runs_done;
		p.hops_done = cases[i].hops_done;
		p.placement = cases[i].placement;
		p.rings = cases[i].rings;
		p.procs = cases[i].procs;
		p.ws_kb = cases[i].ws_kb;
		p.run = cases[i].run;
		p.runs = cases[i].runs;
		len = progress_format(&p, cases[i].elapsed_s, buf, sizeof(buf));
		CHECK_STR(buf, cases[i].line);
		CHECK_EQ_INT(len, strlen(cases[i].line));
	}
}

/* A name too long for the line gives way; the times stay whole. */
static void test_width(void)
{
	struct progress p = plan(4, 0, 1, 0);
	char buf[256], small[12];
	const char *tail =
		": run 1 of 4 (1 of 4), 0:00 elapsed, about 0:04 left";
	size_t len;

	p.mech = "posix-sem";
	p.placement = "cpus:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18";
	p.rings = 1;
	p.procs = 1024;
	p.ws_kb = 16384;
	p.run = 1;
	p.runs = 4;
	len = progress_format(&p, 0, buf, sizeof(buf));
	CHECK_EQ_INT(len, PROGRESS_WIDTH);
	CHECK_EQ_INT(strlen(buf), PROGRESS_WIDTH);
	CHECK(strncmp(buf, "posix-sem cpus:0,1,2,", 21) == 0);
	CHECK_STR(buf + len - strlen(tail), tail);

	/* A buffer too small: cut, terminated, its length returned. */
	len = progress_format(&p, 0, small, sizeof(small));
	CHECK_EQ_INT(len, sizeof(small) - 1);
	CHECK_STR(small, "posix-sem c");
	CHECK_EQ_INT(progress_format(&p, 0, small, 0), 0);
}

static void test_left(void)
{
	struct progress p = plan(10, 3, 2, 0.5);

	CHECK_NEAR(progress_left_s(&p), 21.5, 1e-9);
	p.runs_done = 10;
	p.hops_done = 1;
	CHECK_NEAR(progress_left_s(&p), 1, 1e-9);
	p.runs_done = 11;
	p.hops_done = 4;
	CHECK_NEAR(progress_left_s(&p), 0, 0);
}

/* Everything the writer wrote to @fd since the last call. */
static const char *drain(int fd)
{
	static char buf[4096];
	ssize_t n = read(fd, buf, sizeof(buf) - 1);

	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

/* The counts through hop work, rows, a row that stopped early. */
static void test_writer(void)
{
	struct progress p;
	int fd[2];

	if (pipe2(fd, O_NONBLOCK) < 0) {
		CHECK(!"pipe2");
		return;
	}
	progress_init(&p, fd[1], 6, 1, 1, 1);
	progress_clear(&p); /* nothing shown yet: nothing to erase */
	CHECK_STR(drain(fd[0]), "");

	progress_hop(&p, "futex", 16);
	CHECK_STR(drain(fd[0]), "\r\033[Kfutex 16K: hop work (1 of 7), "
				"0:00 elapsed, about 0:07 left");
	progress_row(&p, "futex", "same", 1, 4, 16, 3);
	CHECK_STR(drain(fd[0]), "");
	progress_run(&p, 0);
	CHECK_STR(drain(fd[0]), "\r\033[Kfutex same 4p/16K: run 1 of 3 "
				"(2 of 7), 0:00 elapsed, about 0:06 left");
	progress_run(&p, 1);
	CHECK_STR(drain(fd[0]), "\r\033[Kfutex same 4p/16K: run 2 of 3 "
				"(3 of 7), 0:00 elapsed, about 0:05 left");
	/* The row failed after its second run: the third is not waited for. */
	progress_drop(&p, 1);
	progress_row(&p, "futex", "any", 1, 4, 16, 3);
	progress_run(&p, 0);
	CHECK_STR(drain(fd[0]), "\r\033[Kfutex any 4p/16K: run 1 of 3 "
				"(5 of 7), 0:00 elapsed, about 0:03 left");
	progress_clear(&p);
	CHECK_STR(drain(fd[0]), "\r\033[K");
	progress_clear(&p);
	CHECK_STR(drain(fd[0]), "");

	/* Disabled: not a byte. */
	progress_init(&p, -1, 6, 1, 1, 1);
	progress_row(&p, "pipe", "any", 0, 2, 0, 6);
	progress_run(&p, 0);
	progress_clear(&p);
	CHECK_STR(drain(fd[0]), "");

	/* A terminal gone: the writer stops, and says nothing. */
	close(fd[0]);
	progress_init(&p, fd[1], 1, 0, 1, 1);
	progress_row(&p, "pipe", "any", 0, 2, 0, 1);
	progress_run(&p, 0);
	CHECK_EQ_INT(p.fd, -1);
	CHECK_EQ_INT(p.shown, 0);
	close(fd[1]);
}

/* Rows of several rings name them, and whether they share objects. */
static void test_parallel(void)
{
	struct progress p;
	int fd[2];

	if (pipe2(fd, O_NONBLOCK) < 0) {
		CHECK(!"pipe2");
		return;
	}
	progress_init(&p, fd[1], 4, 0, 1, 1);
	progress_row(&p, "sysv-sem", "same", 0, 2, 0, 2);
	progress_parallel(&p, 2, 1, 1);
	progress_run(&p, 0);
	CHECK_STR(drain(fd[0]), "\r\033[Ksysv-sem same x2 shared: run 1 of 2 "
				"(1 of 4), 0:00 elapsed, about 0:04 left");
	progress_row(&p, "sysv-sem", "same", 0, 2, 0, 2);
	progress_parallel(&p, 1, 0, 1);
	progress_run(&p, 0);
	CHECK_STR(drain(fd[0]), "\r\033[Ksysv-sem same x1: run 1 of 2 "
				"(2 of 4), 0:00 elapsed, about 0:03 left");
	/* Without -j or --shared, the line is what it was. */
	progress_row(&p, "pipe", "any", 0, 2, 0, 2);
	progress_parallel(&p, 1, 0, 0);
	progress_run(&p, 0);
	CHECK_STR(drain(fd[0]), "\r\033[Kpipe any: run 1 of 2 "
				"(3 of 4), 0:00 elapsed, about 0:02 left");
	close(fd[0]);
	close(fd[1]);
}

int main(void)
{
	/* Writing to a closed pipe must fail with EPIPE, not kill the test. */
	signal(SIGPIPE, SIG_IGN);
	test_format();
	test_width();
	test_left();
	test_writer();
	test_parallel();
	return check_summary();
}
