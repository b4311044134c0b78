/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of the option parser and of the backend table. */
#include <sched.h>
#include <stdlib.h>

#include "check.h"
#include "lib/util.h"
#include "ipc/ipc.h"
#include "cli/plan.h"

#define MAXARGS 12

struct plan_case {
	const char *argv[MAXARGS];
	int ok;
	const char *err_has; /* for errors: the option the message names */
};

static const struct plan_case bad_cases[] = {
	{ { "-t", "0" }, 0, "-t/--time" },
	{ { "-t", "-1" }, 0, "-t/--time" },
	{ { "-t", "abc" }, 0, "-t/--time" },
	{ { "-t", "" }, 0, "-t/--time" },
	{ { "-t", "1s" }, 0, "-t/--time" },
	{ { "-t", "1e400" }, 0, "-t/--time" },
	{ { "-t", "nan" }, 0, "-t/--time" },
	{ { "-t", "inf" }, 0, "-t/--time" },
	{ { "-t", "0x10" }, 0, "-t/--time" },
	{ { "-t", "100000" }, 0, "-t/--time" },
	{ { "--time=" }, 0, "-t/--time" },
	{ { "-r", "0" }, 0, "-r/--runs" },
	{ { "-r", "-3" }, 0, "-r/--runs" },
	{ { "-r", "10001" }, 0, "-r/--runs" },
	{ { "-r", "99999999999999999999" }, 0, "-r/--runs" },
	{ { "-r", "2.5" }, 0, "-r/--runs" },
	{ { "-r", " 2" }, 0, "-r/--runs" },
	{ { "-b", "nosuch" }, 0, "-b/--backend" },
	{ { "-b", "" }, 0, "-b/--backend" },
	{ { "-b", "pipe,,signal" }, 0, "-b/--backend" },
	{ { "-b", "pipe," }, 0, "-b/--backend" },
	{ { "-b", "pipe,pipe" }, 0, "-b/--backend" },
	{ { "-b", "pipe", "-b", "signal" }, 0, "-b/--backend" },
	{ { "-n", "" }, 0, "-n/--name" },
	{ { "--note", "a\nb" }, 0, "--note" },
	/* What the report prints and the saved run keeps: text, one line. */
	{ { "-n", "a\033[2Jb" },
	  0,
	  "-n/--name: not one line of printable UTF-8: U+001B (a control "
	  "character) at byte 2" },
	{ { "--note", "tab\there" }, 0, "U+0009 (a tab) at byte 4" },
	{ { "-n", "caf\xe9" }, 0, "byte 0xe9 (not UTF-8) at byte 4" },
	{ { "--note", "\xc0\xaf" }, 0, "byte 0xc0 (not UTF-8) at byte 1" },
	/* The rule of lib/text.h: DEL, C1, separators, bidi controls. */
	{ { "-n", "A\x7f" }, 0, "U+007F (a control character) at byte 2" },
	{ { "-n", "A\xc2\x9b"
		  "31m" },
	  0,
	  "U+009B (a control character)" },
	{ { "-n", "A\xc2\x85" }, 0, "U+0085 (a line break) at byte 2" },
	{ { "--note", "a\xe2\x80\xa8"
		      "b" },
	  0,
	  "U+2028 (a line break)" },
	{ { "--note", "a\xe2\x80\xa9"
		      "b" },
	  0,
	  "U+2029 (a line break)" },
	{ { "-n", "abc\xe2\x80\xae"
		  "fed" },
	  0,
	  "U+202E (a bidirectional control) at byte 4" },
	{ { "-n", "x\xe2\x81\xa6"
		  "y" },
	  0,
	  "U+2066 (a bidirectional control)" },
	{ { "-n", "\xed\xa0\x80" }, 0, "byte 0xed (not UTF-8)" },
	{ { "report", "--baseline", "\033[2J", "a.json" },
	  0,
	  "--baseline: not one line of printable UTF-8: U+001B" },
	/* An option of one value, given twice (the table's rule). */
	{ { "-t", "1", "-t", "2" }, 0, "-t/--time: given twice" },
	{ { "-n", "a", "--name", "a" }, 0, "-n/--name: given twice" },
	{ { "--json", "--format", "text" },
	  0,
	  "--format: given with --json, which sets the same" },
	{ { "report", "--fail-above", "1", "--fail-above", "2", "a.json" },
	  0,
	  "--fail-above: given twice" },
	{ { "-t", "0.0001" }, 0, "-t/--time" },
	{ { "-j", "0" }, 0, "-j/--parallel" },
	{ { "-j", "257" }, 0, "-j/--parallel" },
	{ { "-j", "1,1" }, 0, "named twice" },
	{ { "-j", "2," }, 0, "-j/--parallel" },
	{ { "-j", "cpu" }, 0, "-j/--parallel" },
	{ { "-j", "1", "-j", "2" }, 0, "-j/--parallel" },
	{ { "-j", "-1" }, 0, "-j/--parallel" },
	{ { "--parallel=" }, 0, "-j/--parallel" },
	/* More tasks at once than the runner holds. */
	{ { "-j", "2,256", "-p", "5" }, 0, "1280 participants at once" },
	{ { "--shared=1" }, 0, "--shared" },
	/* More rows than a saved run holds: refused before it runs. */
	{ { "-b", "all", "-P", "same,cross,any,smt", "-p",
	    "2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17", "-s",
	    "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15" },
	  0,
	  "rows" },
	{ { "-b", "all", "-P", "same,cross,any", "-p", "2,4,8,16,32,64,128,256",
	    "-s", "0,4,16,64,256", "-r", "10000" },
	  0,
	  "MiB" },
	/* The same CPUs twice, however spelled: one placement, two rows. */
	{ { "-P", "cpus:0,1,cpus:0,1" }, 0, "named twice" },
	{ { "-P", "cpus:00,1,cpus:0,1" }, 0, "named twice" },
	{ { "-P", "cpus:0,1,same,cpus:0,01" }, 0, "named twice" },
	{ { "-P", "cpus:3,cpus:3" }, 0, "named twice" },
	{ { "-x" }, 0, "-x" },
	{ { "--nosuch" }, 0, "--nosuch" },
	{ { "-t" }, 0, "-t" },
	{ { "extra" }, 0, "extra" },
	{ { "--format", "xml" }, 0, "--format" },
	{ { "--format", "" }, 0, "--format" },
	{ { "--format", "KV" }, 0, "--format" },
	/* Scheduling classes. */
	{ { "--policy", "fifo,nosuch" }, 0, "--policy" },
	{ { "--policy", "" }, 0, "--policy" },
	{ { "--policy", "fifo,fifo" }, 0, "named twice" },
	{ { "--policy", "fifo", "--policy", "rr" }, 0, "given twice" },
	{ { "--policy", "FIFO" }, 0, "--policy" },
	{ { "--policy", "deadline" }, 0, "deadline is not offered" },
	{ { "--policy", "fifo", "--prio", "0" }, 0, "--prio" },
	{ { "--policy", "fifo", "--prio", "100" }, 0, "--prio" },
	{ { "--policy", "fifo", "--prio", "-1" }, 0, "--prio" },
	{ { "--prio", "80" }, 0, "only with --policy fifo or rr" },
	{ { "--policy", "other,idle", "--prio", "80" },
	  0,
	  "only with --policy fifo or rr" },
	{ { "--nice", "20" }, 0, "--nice" },
	{ { "--nice", "-21" }, 0, "--nice" },
	{ { "--nice", "--5" }, 0, "--nice" },
	{ { "--nice", "+5" }, 0, "--nice" },
	{ { "--nice", "-" }, 0, "--nice" },
	{ { "--policy", "fifo,idle", "--nice", "5" },
	  0,
	  "only with --policy other or batch" },
	/* Rows multiply with the classes too. */
	{ { "-b", "all", "-P", "same,cross,any", "-p", "2,4,8,16,32,64,128,256",
	    "-s", "0,4,16,64,256", "--policy", "other,fifo" },
	  0,
	  "rows" },
};

static int parse(const char *const *args, struct plan *p, char *err,
		 size_t errlen)
{
	char *argv[MAXARGS + 2] = { "ctxbench" };
	int argc = 1;

	for (int i = 0; i < MAXARGS && args[i]; i++)
		argv[argc++] = (char *)args[i];
	argv[argc] = NULL;
	return plan_parse(argc, argv, p, err, errlen);
}

/* The mechanisms "all" means: every one not marked IPC_NOT_IN_ALL. */
static unsigned int count_all(void)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < ipc_count(); i++)
		n += !(ipc_backends[i]->flags & IPC_NOT_IN_ALL);
	return n;
}

static void test_bad(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(bad_cases); i++) {
		struct plan p;
		char err[256] = "";
		int rc = parse(bad_cases[i].argv, &p, err, sizeof(err));

		CHECK_EQ_INT(rc, -1);
		if (!strstr(err, bad_cases[i].err_has)) {
			fprintf(stderr, "case %zu: '%s' does not name '%s'\n",
				i, err, bad_cases[i].err_has);
			CHECK(0);
		}
		CHECK(strchr(err, '\n') == NULL);
	}
}

static void test_good(void)
{
	static const char *const defaults[MAXARGS] = { NULL };
	static const char *const full[MAXARGS] = { "-t",
						   "0.2",
						   "--runs",
						   "7",
						   "--backend=sysv-sem,pipe",
						   "-n",
						   "6.1-test",
						   "--note=mitigations=off" };
	struct plan p;
	char err[256];

	CHECK_EQ_INT(parse(defaults, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(p.action, PLAN_RUN);
	CHECK_NEAR(p.run.duration_s, 5, 0);
	CHECK_EQ_INT(p.run.runs, 3);
	CHECK_EQ_INT(p.nops, count_all());
	CHECK_STR(p.label, "");

	CHECK_EQ_INT(parse(full, &p, err, sizeof(err)), 0);
	CHECK_NEAR(p.run.duration_s, 0.2, 1e-12);
	CHECK_EQ_INT(p.run.runs, 7);
	/* Report order, not command-line order. */
	CHECK_EQ_INT(p.nops, 2);
	CHECK(p.ops[0] == &ipc_pipe_ops);
	CHECK(p.ops[1] == &ipc_sysv_sem_ops);
	CHECK_STR(p.label, "6.1-test");
	CHECK_STR(p.note, "mitigations=off");

	{
		static const char *const a[MAXARGS] = { "-l" };
		static const char *const b[MAXARGS] = { "--help" };
		static const char *const c[MAXARGS] = { "-V" };
		static const char *const d[MAXARGS] = { "-b", "all", "-r",
							"10000" };

		CHECK_EQ_INT(parse(a, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.action, PLAN_LIST);
		CHECK_EQ_INT(parse(b, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.action, PLAN_HELP);
		CHECK_EQ_INT(parse(c, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.action, PLAN_VERSION);
		CHECK_EQ_INT(parse(d, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.nops, count_all());
		CHECK_EQ_INT(p.run.runs, 10000);
	}
	{
		/* A realistic sweep: 1440 rows, which a saved run holds. */
		static const char *const a[MAXARGS] = {
			"-b", "all",
			"-P", "same,cross,any",
			"-p", "2,4,8,16,32,64,128,256",
			"-s", "0,4,16,64,256"
		};

		CHECK_EQ_INT(parse(a, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.nops * p.nplaces * p.nprocs * p.nsizes,
			     count_all() * 3 * 8 * 5);
	}
	{
		/* One way of choosing the output: --json is --format json. */
		static const char *const a[MAXARGS] = { "--format", "kv" };
		static const char *const b[MAXARGS] = { "--format=tsv" };
		static const char *const c[MAXARGS] = { "--json" };
		/* A flag says the same each time; --noise adds a file. */
		static const char *const d[MAXARGS] = { "-q", "-q", "-T",
							"-T" };
		static const char *const e[MAXARGS] = { "report", "--noise",
							"a",	  "--noise",
							"b",	  "c" };
		/* Text may hold what is printable, marks of direction too. */
		static const char *const f[MAXARGS] = {
			"-n", "caf\xc3\xa9 \xf0\x9f\x90\xa7 \xe2\x80\x8f"
		};

		CHECK_EQ_INT(parse(defaults, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.format, PLAN_FORMAT_text);
		CHECK_EQ_INT(parse(a, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.format, PLAN_FORMAT_kv);
		CHECK_EQ_INT(parse(b, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.format, PLAN_FORMAT_tsv);
		CHECK_EQ_INT(parse(c, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.format, PLAN_FORMAT_json);
		CHECK_EQ_INT(parse(d, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.quiet, 1);
		CHECK_EQ_INT(parse(e, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.nnoise, 2);
		CHECK_EQ_INT(parse(f, &p, err, sizeof(err)), 0);
	}
	/* Every format of report/formats.h by its name, at its place. */
	for (unsigned int i = 0; i < REPORT_NFORMATS; i++) {
		const char *const g[MAXARGS] = { "--format",
						 report_formats[i]->name };

		CHECK_EQ_INT(parse(g, &p, err, sizeof(err)), 0);
		CHECK_EQ_INT(p.format, (int)i);
	}
}

/* -j: counts in the order given, cpus for the allowed CPUs; --shared. */
static void test_parallel(void)
{
	static const char *const a[MAXARGS] = { "-j", "4,1,2", "--shared" };
	static const char *const b[MAXARGS] = { "--parallel=cpus" };
	static const char *const c[MAXARGS] = { "-j", "256", "-p", "4" };
	static const char *const d[MAXARGS] = { NULL };
	static const char *const e[MAXARGS] = { "-j", "1,cpus,cpus" };
	cpu_set_t set;
	struct plan p;
	char err[256];

	CHECK_EQ_INT(parse(a, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(p.nrings, 3);
	CHECK_EQ_INT(p.rings[0], 4);
	CHECK_EQ_INT(p.rings[1], 1);
	CHECK_EQ_INT(p.rings[2], 2);
	CHECK_EQ_INT(p.run.shared, 1);
	CHECK_EQ_INT(plan_nrows(&p), p.nops * 3);
	CHECK_EQ_INT(parse(b, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(sched_getaffinity(0, sizeof(set), &set), 0);
	CHECK_EQ_INT(p.nrings, 1);
	CHECK_EQ_INT(p.rings[0], CPU_COUNT(&set));
	CHECK_EQ_INT(p.run.shared, 0);
	CHECK_EQ_INT(parse(c, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(p.rings[0], 256);
	CHECK_EQ_INT(parse(d, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(p.nrings, 1);
	CHECK_EQ_INT(p.rings[0], 1);
	CHECK_EQ_INT(plan_nrows(&p), p.nops);
	/* cpus may be a count already named: once, whatever the machine. */
	CHECK_EQ_INT(parse(e, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(p.rings[0], 1);
	CHECK_EQ_INT(p.nrings, CPU_COUNT(&set) == 1 ? 1 : 2);
	if (p.nrings == 2)
		CHECK_EQ_INT(p.rings[1], CPU_COUNT(&set));
}

/* --policy sweeps classes; --prio and --nice go where they apply. */
static void test_classes(void)
{
	static const char *const none[MAXARGS] = { NULL };
	static const char *const all[MAXARGS] = {
		"--policy", "rr,other,batch,idle,fifo",
		"--prio",   "80",
		"--nice",   "-5",
		"--mlock"
	};
	static const char *const rt[MAXARGS] = { "--policy", "fifo" };
	static const char *const nice[MAXARGS] = { "--nice", "19" };
	struct plan p;
	char err[256];

	/* By default the participants keep ctxbench's class. */
	CHECK_EQ_INT(parse(none, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(p.nclasses, 1);
	CHECK_EQ_INT(p.cls[0].given, 0);
	CHECK_EQ_INT(p.cls[0].policy, SCHED_OTHER);
	CHECK_EQ_INT(p.run.mlock, 0);
	CHECK(plan_nrows(&p) == p.nops);

	/* In the order given; priority and nice where a class takes them. */
	CHECK_EQ_INT(parse(all, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(p.nclasses, 5);
	CHECK_EQ_INT(p.cls[0].policy, SCHED_RR);
	CHECK_EQ_INT(p.cls[0].prio, 80);
	CHECK_EQ_INT(p.cls[0].nice, 0);
	CHECK_EQ_INT(p.cls[1].policy, SCHED_OTHER);
	CHECK_EQ_INT(p.cls[1].prio, 0);
	CHECK_EQ_INT(p.cls[1].nice, -5);
	CHECK_EQ_INT(p.cls[2].policy, SCHED_BATCH);
	CHECK_EQ_INT(p.cls[2].nice, -5);
	CHECK_EQ_INT(p.cls[3].policy, SCHED_IDLE);
	CHECK_EQ_INT(p.cls[3].nice, 0);
	CHECK_EQ_INT(p.cls[3].prio, 0);
	CHECK_EQ_INT(p.cls[4].policy, SCHED_FIFO);
	CHECK_EQ_INT(p.cls[4].prio, 80);
	for (unsigned int i = 0; i < p.nclasses; i++)
		CHECK_EQ_INT(p.cls[i].given, 1);
	CHECK_EQ_INT(p.run.mlock, 1);
	CHECK(plan_nrows(&p) == 5ull * p.nops);

	CHECK_EQ_INT(parse(rt, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(p.cls[0].prio, RUN_PRIO_DEFAULT);
	/* --nice alone: SCHED_OTHER at that nice, taken. */
	CHECK_EQ_INT(parse(nice, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(p.nclasses, 1);
	CHECK_EQ_INT(p.cls[0].given, 1);
	CHECK_EQ_INT(p.cls[0].policy, SCHED_OTHER);
	CHECK_EQ_INT(p.cls[0].nice, 19);

	/* Names both ways. */
	for (int pol = 0; pol <= SCHED_IDLE; pol++) {
		const char *name = run_class_name(pol);
		int back = -1;

		if (!name)
			continue; /* 4 is not a policy */
		CHECK_EQ_INT(run_class_parse(name, &back), 0);
		CHECK_EQ_INT(back, pol);
	}
	CHECK(run_class_name(SCHED_DEADLINE) == NULL);
}

/* Every option its own code and name: --brief and --want once shared one. */
static void test_table(void)
{
	char err[128] = "";

	CHECK_THAT(plan_check_options(err, sizeof(err)) == 0, "%s", err);
}

static void test_values(void)
{
	unsigned long v;
	double d;

	CHECK_EQ_INT(plan_parse_seconds("0.2", &d), 0);
	CHECK_NEAR(d, 0.2, 1e-12);
	CHECK_EQ_INT(plan_parse_seconds("30", &d), 0);
	CHECK_NEAR(d, 30, 0);
	CHECK_EQ_INT(plan_parse_seconds(".5", &d), 0);
	CHECK_EQ_INT(plan_parse_seconds("1e-400", &d), -1);
	/* The reader refuses what a shorter run could measure. */
	CHECK_EQ_INT(plan_parse_seconds("0.001", &d), 0);
	CHECK_EQ_INT(plan_parse_seconds("0.0000001", &d), -1);
	CHECK_EQ_INT(plan_parse_uint("42", 1, 100, &v), 0);
	CHECK_EQ_INT(v, 42);
	CHECK_EQ_INT(plan_parse_uint("+42", 1, 100, &v), -1);
	CHECK_EQ_INT(plan_parse_uint("101", 1, 100, &v), -1);
}

/*
 * Explicit CPUs are compared by value: the same list twice is refused
 * (test_bad), a different one, or the same CPUs in another order, is not.
 */
static void test_places(void)
{
	static const char *const a[MAXARGS] = { "-P", "cpus:0,1,cpus:1,0" };
	static const char *const b[MAXARGS] = { "-P", "cpus:0,1,cpus:0,1,2" };
	static const char *const c[MAXARGS] = { "-P", "cpus:01,same" };
	struct plan p;
	char err[256];

	CHECK_EQ_INT(parse(a, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(p.nplaces, 2);
	CHECK_EQ_INT(parse(b, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(p.nplaces, 2);
	CHECK_EQ_INT(parse(c, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT(p.nplaces, 2);
	CHECK_STR(p.place[0].name, "cpus:1");
}

/* Every backend in the table is complete and has a unique name. */
static void test_registry(void)
{
	unsigned int n = ipc_count();

	CHECK(n >= 6);
	for (unsigned int i = 0; i < n; i++) {
		const struct ipc_ops *o = ipc_backends[i];

		CHECK(o->name && o->name[0]);
		CHECK(o->title && strlen(o->title) <= 20);
		/* --list fits 80 columns: 12 + 16 + 50 + the mark. */
		CHECK(o->how && strlen(o->how) <= 50);
		CHECK(o->wait && o->pass);
		CHECK(!o->setup || o->teardown);
		CHECK(ipc_find(o->name) == o);
		for (unsigned int j = 0; j < i; j++)
			CHECK(strcmp(ipc_backends[j]->name, o->name) != 0);
	}
	CHECK(ipc_find("nosuch") == NULL);
	/* The runner's own cost is measured only when asked for. */
	CHECK(count_all() == ipc_count() - 1);
	CHECK(ipc_find("null")->flags & IPC_NOT_IN_ALL);
	CHECK(ipc_backends[0] == &ipc_signal_ops);
	CHECK(ipc_backends[5] == &ipc_spinlock_ops);
}

int main(void)
{
	test_bad();
	test_good();
	test_classes();
	test_values();
	test_table();
	test_places();
	test_parallel();
	test_registry();
	return check_summary();
}
