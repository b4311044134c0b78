/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The pre-run checks of run/check.c: real-time classes that would starve
 * the machine or never stop, on a made-up topology; process limits; and
 * --mlock's figures, as nobody under a low RLIMIT_MEMLOCK (root only,
 * else that case is skipped with a message).
 */
#include <grp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "ipc/ipc.h"
#include "run/check.h"
#include "run/run.h"

/* A machine of @n CPUs, each its own core, all of them allowed. */
static void topo_of(struct place_topo *t, int n)
{
	memset(t, 0, sizeof(*t));
	CPU_ZERO(&t->allowed);
	for (int i = 0; i < CPU_SETSIZE; i++)
		t->core[i] = i < n ? i : -1;
	for (int i = 0; i < n; i++)
		CPU_SET(i, &t->allowed);
}

static struct place place_of(const char *name)
{
	struct place p[1];
	char err[128];

	if (place_parse(name, p, 1, err, sizeof(err)) != 1) {
		fprintf(stderr, "test_check: -P %s: %s\n", name, err);
		exit(1);
	}
	return p[0];
}

static void test_classes(void)
{
	static const struct {
		const char *mech, *place;
		int policy, prio, inherited;
		unsigned int nr, rings;
		int cpus; /* allowed and online */
		const char *refused; /* in the message; NULL: allowed */
	} t[] = {
		{ "spinlock", "same", SCHED_FIFO, 50, 0, 2, 1, 4,
		  "spinlock same fifo:50: spinners at a real-time class sharing a CPU" },
		{ "spinlock", "any", SCHED_RR, 10, 0, 3, 1, 2,
		  "spinlock any rr:10: spinners at a real-time class sharing a CPU" },
		{ "spinlock", "cross", SCHED_FIFO, 50, 0, 2, 1, 4, NULL },
		{ "spinlock", "cross", SCHED_FIFO, 50, 0, 2, 1, 2,
		  "spinlock cross fifo:50: spinners at a real-time class on every CPU (2 of 2)" },
		{ "spinlock", "cross", SCHED_FIFO, 50, 0, 2, 2, 4,
		  "spinlock cross x2 fifo:50: spinners at a real-time class on every CPU (4 of 4)" },
		{ "spinlock", "cross", SCHED_FIFO, 99, 0, 2, 1, 4,
		  "spinlock at fifo:99: ctxbench must run above spinning participants to stop them on time: give --prio 98 or less" },
		{ "spinlock", "cross", SCHED_FIFO, 99, 1, 2, 1, 4,
		  "spinlock at fifo:99, ctxbench's own class: ctxbench must run above participants" },
		{ "spin-yield", "same", SCHED_FIFO, 50, 0, 2, 1, 4, NULL },
		{ "spin-yield", "same", SCHED_FIFO, 99, 0, 2, 1, 4,
		  "give --prio 98 or less" },
		{ "null", "same", SCHED_FIFO, 50, 0, 2, 1, 4,
		  "null same fifo:50: spinners" },
		{ "pipe", "same", SCHED_FIFO, 99, 0, 2, 1, 2, NULL },
		{ "spinlock", "same", SCHED_OTHER, 0, 0, 2, 1, 2, NULL },
	};
	struct place_topo topo;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		const struct ipc_ops *ops = ipc_find(t[i].mech);
		struct run_class cls = { .given = 1,
					 .policy = t[i].policy,
					 .prio = t[i].prio,
					 .inherited = t[i].inherited };
		struct place place = place_of(t[i].place);
		char err[512] = "";
		int rc;

		CHECK(ops != NULL);
		if (!ops)
			continue;
		topo_of(&topo, t[i].cpus);
		rc = check_class(ops, &cls, &place, t[i].nr, t[i].rings, &topo,
				 t[i].cpus, err, sizeof(err));
		CHECK_THAT(rc == (t[i].refused ? -1 : 0),
			   "case %zu: %s %s: %d (%s)", i, t[i].mech, t[i].place,
			   rc, err);
		if (t[i].refused)
			CHECK_THAT(strstr(err, t[i].refused) != NULL,
				   "case %zu: \"%s\"", i, err);
	}
}

/* The first refused row of a sweep is the one named; none: 0. */
static void test_sweep_classes(void)
{
	const struct ipc_ops *ops[] = { ipc_find("pipe"),
					ipc_find("spinlock") };
	struct place place[] = { place_of("cross"), place_of("same") };
	struct run_class cls[] = {
		{ .given = 1, .policy = SCHED_OTHER },
		{ .given = 1, .policy = SCHED_FIFO, .prio = 10 }
	};
	const unsigned int procs[] = { 2 }, rings[] = { 1 }, kb[] = { 0 };
	struct sweep_spec s = {
		.duration_s = 0.01,
		.runs = 1,
		.nops = 2,
		.nplaces = 2,
		.nclasses = 2,
		.nprocs = 1,
		.nsizes = 1,
		.nrings = 1,
		.ops = ops,
		.place = place,
		.cls = cls,
		.procs = procs,
		.size_kb = kb,
		.rings = rings,
	};
	struct place_topo topo;
	char err[512] = "";

	topo_of(&topo, 4);
	CHECK_EQ_INT(check_classes(&s, &topo, 4, err, sizeof(err)), -1);
	CHECK(strstr(err, "spinlock same fifo:10: spinners") == err);
	s.nplaces = 1; /* cross alone */
	CHECK_EQ_INT(check_classes(&s, &topo, 4, err, sizeof(err)), 0);
	s.nclasses = 1; /* other alone, same too */
	s.nplaces = 2;
	CHECK_EQ_INT(check_classes(&s, &topo, 4, err, sizeof(err)), 0);
}

/*
 * Placements by core type on machines of one type (a made-up topology),
 * of types unknown (sys-x86) and of two (sys-hybrid, sys-rt): refused on
 * the first two, whichever of the list names them, and only them.
 */
static void test_places(void)
{
	struct place place[] = { place_of("same"), place_of("cross"),
				 place_of("big-little") };
	struct sweep_spec s = { .nplaces = 2, .place = place };
	static struct place_topo topo;
	char err[512] = "";
	cpu_set_t two;

	CPU_ZERO(&two);
	CPU_SET(0, &two);
	CPU_SET(1, &two);
	topo_of(&topo, 4);
	CHECK_EQ_INT(check_places(&s, &topo, err, sizeof(err)), 0);
	s.nplaces = 3;
	CHECK_EQ_INT(check_places(&s, &topo, err, sizeof(err)), -1);
	CHECK(strstr(err, "-P/--placement: big-little places by core type") ==
	      err);
	CHECK_EQ_INT(place_topo_read(TEST_DIR "/fixtures/sys-x86", &two, &topo),
		     0);
	CHECK_EQ_INT(check_places(&s, &topo, err, sizeof(err)), -1);
	CHECK(strstr(err, "'unknown (no cpu_capacity or hybrid PMU)'") != NULL);
	place[0] = place_of("little");
	s.nplaces = 1;
	CHECK_EQ_INT(check_places(&s, &topo, err, sizeof(err)), -1);
	CHECK(strstr(err, "-P/--placement: little places") == err);
	/* Two types: the CPUs allowed here are the runner's to judge. */
	CHECK_EQ_INT(
		place_topo_read(TEST_DIR "/fixtures/sys-hybrid", &two, &topo),
		0);
	s.nplaces = 3;
	CHECK_EQ_INT(check_places(&s, &topo, err, sizeof(err)), 0);
	CHECK_EQ_INT(place_topo_read(TEST_DIR "/fixtures/sys-rt", &two, &topo),
		     0);
	CHECK_EQ_INT(check_places(&s, &topo, err, sizeof(err)), 0);
}

/* Descriptors: a ring too large for RLIMIT_NOFILE, and one that fits. */
static void test_limits(void)
{
	const struct rlimit rl = { .rlim_cur = 64, .rlim_max = 64 };
	const struct ipc_ops *ops[] = { ipc_find("pipe") };
	struct place place[] = { place_of("any") };
	struct run_class cls[] = { { .policy = SCHED_OTHER } };
	static const struct {
		unsigned int nr;
		int shared;
		const char *refused;
	} t[] = {
		{ 2, 0, NULL },
		{ 200, 0, "pipe needs " },
		/* Pipes cannot share: the row is skipped, nothing runs. */
		{ 200, 1, NULL },
	};
	const unsigned int rings[] = { 1 }, kb[] = { 0 };
	char err[512];

	if (setrlimit(RLIMIT_NOFILE, &rl) < 0) {
		perror("test_check: setrlimit");
		CHECK(0);
		return;
	}
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct sweep_spec s = {
			.duration_s = 0.01,
			.runs = 1,
			.shared = t[i].shared,
			.nops = 1,
			.nplaces = 1,
			.nclasses = 1,
			.nprocs = 1,
			.nsizes = 1,
			.nrings = 1,
			.ops = ops,
			.place = place,
			.cls = cls,
			.procs = &t[i].nr,
			.size_kb = kb,
			.rings = rings,
		};
		int rc;

		err[0] = '\0';
		rc = check_limits(&s, err, sizeof(err));
		CHECK_THAT(rc == (t[i].refused ? -1 : 0), "case %zu: %d (%s)",
			   i, rc, err);
		if (t[i].refused) {
			CHECK(strstr(err, t[i].refused) == err);
			CHECK(strstr(err, "but RLIMIT_NOFILE is 64") != NULL);
		}
	}
}

/*
 * --mlock as nobody under 1024 KB: refused, at the largest working set
 * of the sweep; without --mlock nothing is checked.  In a child, which
 * gives up root for good.
 */
static int mlock_child(void)
{
	const struct rlimit rl = { .rlim_cur = 1024 * 1024,
				   .rlim_max = 1024 * 1024 };
	const struct ipc_ops *ops[] = { ipc_find("pipe") };
	struct place place[] = { place_of("any") };
	struct run_class cls[] = { { .policy = SCHED_OTHER } };
	const unsigned int procs[] = { 2 }, rings[] = { 1 },
			   kb[] = { 0, 4096, 64 };
	struct sweep_spec s = {
		.duration_s = 0.01,
		.runs = 1,
		.nops = 1,
		.nplaces = 1,
		.nclasses = 1,
		.nprocs = 1,
		.nsizes = 3,
		.nrings = 1,
		.ops = ops,
		.place = place,
		.cls = cls,
		.procs = procs,
		.size_kb = kb,
		.rings = rings,
	};
	char err[512] = "";

	if (setrlimit(RLIMIT_MEMLOCK, &rl) < 0 || setgroups(0, NULL) < 0 ||
	    setresgid(65534, 65534, 65534) < 0 ||
	    setresuid(65534, 65534, 65534) < 0) {
		perror("test_check: set-up");
		return 1;
	}
	CHECK_EQ_INT(check_mlock(&s, err, sizeof(err)), 0);
	s.mlock = 1;
	CHECK_EQ_INT(check_mlock(&s, err, sizeof(err)), -1);
	CHECK(strstr(err, "--mlock: mlockall: a pipe participant needs ") ==
	      err);
	CHECK(strstr(err, ", working sets 4096, ") != NULL);
	CHECK(strstr(err, "RLIMIT_MEMLOCK is 1024 KB without CAP_IPC_LOCK") !=
	      NULL);
	printf("%s\n", err);
	fflush(stdout);
	return check_failed ? 1 : 0;
}

static void test_mlock(void)
{
	int st;
	pid_t pid;

	if (getenv("CTXBENCH_SANITIZED")) {
		CHECK_SKIP("--mlock figures",
			   "a sanitizer's mlockall() locks nothing");
		return;
	}
	if (geteuid() != 0) {
		CHECK_SKIP("--mlock figures", "needs root to become nobody");
		return;
	}
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(mlock_child());
	CHECK(pid > 0);
	if (pid > 0) {
		CHECK(waitpid(pid, &st, 0) == pid);
		CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
}

int main(void)
{
	test_classes();
	test_sweep_classes();
	test_places();
	test_mlock();
	test_limits(); /* last: it lowers RLIMIT_NOFILE for good */
	return check_summary();
}
