/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of placements: parsing -P and choosing CPUs on given machines. */
#include "check.h"
#include "run/place.h"
#include "lib/cpulist.h"
#include "lib/util.h"

static void test_parse(void)
{
	static const struct {
		const char *arg;
		int n;
		const char *names; /* the parsed names, space separated */
	} cases[] = {
		{ "any", 1, "any" },
		{ "same,cross,any", 3, "same cross any" },
		{ "cpus:0,1", 1, "cpus:0,1" },
		{ "same,cpus:3,1,2,smt", 3, "same cpus:3,1,2 smt" },
		{ "big,little,big-little", 3, "big little big-little" },
		{ "big-little,cross", 2, "big-little cross" },
		{ "big,big", -1, "" },
		{ "biglittle", -1, "" },
		{ "big-", -1, "" },
		{ "cpus:0,cpus:1", 2, "cpus:0 cpus:1" },
		{ "", -1, "" },
		{ "nowhere", -1, "" },
		{ "same,same", -1, "" },
		{ "same,", -1, "" },
		{ ",same", -1, "" },
		{ "same,,any", -1, "" },
		{ "cpus:", -1, "" },
		{ "cpus:x", -1, "" },
		{ "cpus:-1", -1, "" },
		{ "cpus:99999", -1, "" },
		{ "same,1", -1, "" },
		{ "any,same,cross,smt,cpus:0,cpus:1,cpus:2,cpus:3,cpus:4", -1,
		  "" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct place p[PLACE_MAX_CPUS];
		char err[256] = "", names[256] = "";
		int n = place_parse(cases[i].arg, p, 8, err, sizeof(err));

		CHECK_EQ_INT(n, cases[i].n);
		if (n < 0) {
			CHECK(strstr(err, "-P/--placement") != NULL);
			continue;
		}
		for (int j = 0; j < n; j++)
			snprintf(names + strlen(names),
				 sizeof(names) - strlen(names), "%s%s",
				 j ? " " : "", p[j].name);
		CHECK_STR(names, cases[i].names);
	}
}

/* A CPU no mask can hold is named as such, not as a bad list. */
static void test_parse_cpu_range(void)
{
	struct place p[8];
	char err[256] = "";

	CHECK_EQ_INT(place_parse("cpus:4096,0", p, 8, err, sizeof(err)), -1);
	CHECK(strstr(err, "CPU 4096") != NULL);
	CHECK_EQ_INT(place_parse("cpus:0,99999", p, 8, err, sizeof(err)), -1);
	CHECK(strstr(err, "CPU 99999") != NULL);
}

/* A machine: @ncpu CPUs allowed, CPU c on core @core[c]. */
static void topo(struct place_topo *t, int ncpu, const int *core)
{
	CPU_ZERO(&t->allowed);
	memset(&t->types, 0, sizeof(t->types)); /* one type */
	for (int c = 0; c < CPU_SETSIZE; c++)
		t->core[c] = -1;
	for (int c = 0; c < ncpu; c++) {
		CPU_SET(c, &t->allowed);
		t->core[c] = core ? core[c] : c;
	}
}

static const char *resolve(const char *arg, const struct place_topo *t,
			   unsigned int nr)
{
	static char out[256];
	struct place p[1];
	int cpu[8];
	char why[128];

	if (place_parse(arg, p, 1, why, sizeof(why)) != 1)
		return "parse error";
	if (place_resolve(p, t, nr, cpu, why, sizeof(why)) < 0) {
		snprintf(out, sizeof(out), "skip: %s", why);
		return out;
	}
	out[0] = '\0';
	for (unsigned int i = 0; i < nr; i++)
		snprintf(out + strlen(out), sizeof(out) - strlen(out), "%s%d",
			 i ? " " : "", cpu[i]);
	return out;
}

static void test_resolve(void)
{
	/* 4 CPUs, SMT pairs as Linux numbers them: 0/2 and 1/3. */
	static const int smt_core[] = { 0, 1, 0, 1 };
	struct place_topo t;

	topo(&t, 2, NULL);
	CHECK_STR(resolve("any", &t, 2), "-1 -1");
	CHECK_STR(resolve("same", &t, 2), "0 0");
	CHECK_STR(resolve("cross", &t, 2), "0 1");
	CHECK_STR(resolve("cross", &t, 3), "0 1 0");
	CHECK_STR(resolve("smt", &t, 2),
		  "skip: no two SMT siblings among CPUs 0-1");
	CHECK_STR(resolve("cpus:1,0", &t, 2), "1 0");
	CHECK_STR(resolve("cpus:1", &t, 2), "1 1");
	CHECK_STR(resolve("cpus:0,5", &t, 2),
		  "skip: CPU 5 is not allowed (allowed: 0-1)");

	topo(&t, 1, NULL);
	CHECK_STR(resolve("same", &t, 2), "0 0");
	CHECK_STR(resolve("cross", &t, 2),
		  "skip: needs 2 CPUs, only 0 allowed");

	topo(&t, 4, smt_core);
	CHECK_STR(resolve("cross", &t, 2), "0 1");
	CHECK_STR(resolve("cross", &t, 4), "0 1 2 3");
	CHECK_STR(resolve("smt", &t, 2), "0 2");
	CHECK_STR(resolve("smt", &t, 4), "0 2 0 2");
	/* Only siblings allowed: cross still offers two CPUs, smt too. */
	CPU_CLR(1, &t.allowed);
	CPU_CLR(3, &t.allowed);
	CHECK_STR(resolve("cross", &t, 2), "0 2");
	CHECK_STR(resolve("smt", &t, 2), "0 2");
	/* Two cores, one thread each: cross prefers different cores. */
	topo(&t, 4, smt_core);
	CPU_CLR(0, &t.allowed);
	CHECK_STR(resolve("cross", &t, 2), "1 2");
}

/* @rings rings of @nr at @arg: "0 0 | 1 1 over" (rings apart, oversubscribed). */
static const char *resolve_rings(const char *arg, const struct place_topo *t,
				 unsigned int nr, unsigned int rings)
{
	static char out[256];
	struct place p[1];
	int cpu[64], over = -1;
	char why[128];

	if (place_parse(arg, p, 1, why, sizeof(why)) != 1)
		return "parse error";
	if (place_resolve_rings(p, t, nr, rings, cpu, &over, why, sizeof(why)) <
	    0) {
		snprintf(out, sizeof(out), "skip: %s", why);
		return out;
	}
	out[0] = '\0';
	for (unsigned int g = 0; g < nr * rings; g++)
		snprintf(out + strlen(out), sizeof(out) - strlen(out), "%s%d",
			 !g	? "" :
			 g % nr ? " " :
				  " | ",
			 cpu[g]);
	if (over)
		snprintf(out + strlen(out), sizeof(out) - strlen(out), " over");
	return out;
}

/*
 * Rings at once: same gives each ring a CPU of its own, cross each ring
 * CPUs of its own, both wrapping round (and saying so) when too few.
 */
static void test_resolve_rings(void)
{
	static const int smt_core[] = { 0, 1, 0, 1 };
	struct place_topo t;

	topo(&t, 2, NULL);
	CHECK_STR(resolve_rings("same", &t, 2, 1), "0 0");
	CHECK_STR(resolve_rings("same", &t, 2, 2), "0 0 | 1 1");
	CHECK_STR(resolve_rings("same", &t, 2, 3), "0 0 | 1 1 | 0 0 over");
	CHECK_STR(resolve_rings("cross", &t, 2, 1), "0 1");
	CHECK_STR(resolve_rings("cross", &t, 2, 2), "0 1 | 0 1 over");
	CHECK_STR(resolve_rings("any", &t, 2, 2), "-1 -1 | -1 -1 over");
	CHECK_STR(resolve_rings("any", &t, 1, 2), "-1 | -1");
	CHECK_STR(resolve_rings("cpus:1,0", &t, 2, 2), "1 0 | 1 0 over");
	CHECK_STR(resolve_rings("smt", &t, 2, 2),
		  "skip: no two SMT siblings among CPUs 0-1");

	topo(&t, 4, smt_core);
	/* One per physical core first: 0 and 1, then their siblings. */
	CHECK_STR(resolve_rings("same", &t, 2, 4), "0 0 | 1 1 | 2 2 | 3 3");
	CHECK_STR(resolve_rings("cross", &t, 2, 2), "0 1 | 2 3");
	CHECK_STR(resolve_rings("cross", &t, 3, 2), "0 1 2 | 3 0 1 over");
	CHECK_STR(resolve_rings("smt", &t, 2, 2), "0 2 | 0 2 over");
	CHECK_STR(resolve_rings("any", &t, 2, 2), "-1 -1 | -1 -1");

	topo(&t, 1, NULL);
	CHECK_STR(resolve_rings("same", &t, 2, 2), "0 0 | 0 0 over");
	CHECK_STR(resolve_rings("cross", &t, 2, 2),
		  "skip: needs 2 CPUs, only 0 allowed");
}

/*
 * Oversubscribed means more participants on a CPU than one ring alone
 * puts there, whichever way the CPUs are named: a CPU named twice in
 * "cpus:" is the same CPU.
 */
static void test_resolve_rings_crowd(void)
{
	static const int smt_core[] = { 0, 1, 0, 1 };
	struct place_topo t;

	topo(&t, 2, NULL);
	CHECK_STR(resolve_rings("cpus:0,1", &t, 2, 2), "0 1 | 0 1 over");
	CHECK_STR(resolve_rings("cpus:0,1,0,1", &t, 2, 2), "0 1 | 0 1 over");
	CHECK_STR(resolve_rings("cpus:0,1,0,1", &t, 1, 2), "0 | 1");
	CHECK_STR(resolve_rings("cpus:0,1,0,1", &t, 1, 3), "0 | 1 | 0 over");
	/* One ring on one CPU, as same: a second ring beside it crowds it. */
	CHECK_STR(resolve_rings("cpus:0,0", &t, 2, 2), "0 0 | 0 0 over");
	CHECK_STR(resolve_rings("cpus:0", &t, 1, 2), "0 | 0 over");
	/* Unpinned: spread evenly over the allowed CPUs. */
	CHECK_STR(resolve_rings("any", &t, 3, 2), "-1 -1 -1 | -1 -1 -1 over");
	topo(&t, 4, smt_core);
	CHECK_STR(resolve_rings("cpus:0,1,2,3,0,1,2,3", &t, 2, 2), "0 1 | 2 3");
	CHECK_STR(resolve_rings("cpus:0,1,2,3,0,1,2,3", &t, 2, 3),
		  "0 1 | 2 3 | 0 1 over");
	CHECK_STR(resolve_rings("any", &t, 2, 2), "-1 -1 | -1 -1");
	CHECK_STR(resolve_rings("any", &t, 3, 2), "-1 -1 -1 | -1 -1 -1 over");
}

/* The machine of the fixture tree @name with the CPUs @allowed allowed. */
static void fixture(struct place_topo *t, const char *name, const char *allowed)
{
	char root[512];
	cpu_set_t set;

	snprintf(root, sizeof(root), "%s/fixtures/%s", TEST_DIR, name);
	CHECK(cpulist_parse(allowed, &set) >= 0);
	CHECK_EQ_INT(place_topo_read(root, &set, t), 0);
}

/*
 * A hybrid laptop (sys-hybrid): P-cores 0-11, siblings in pairs (0 and 1
 * one core), E-cores 12-19 one thread each.  Big and little take two
 * CPUs of their type, different cores first; big-little alternates.
 */
static void test_resolve_types(void)
{
	struct place_topo t;

	fixture(&t, "sys-hybrid", "0-19");
	CHECK_EQ_INT(t.types.ntypes, 2);
	CHECK_STR(t.types.big_type, "P-core");
	CHECK_STR(t.types.little_type, "E-core");
	CHECK_STR(resolve("big", &t, 2), "0 2");
	CHECK_STR(resolve("big", &t, 8), "0 2 4 6 8 10 1 3");
	CHECK_STR(resolve("little", &t, 2), "12 13");
	CHECK_STR(resolve("little", &t, 3), "12 13 14");
	CHECK_STR(resolve("big-little", &t, 2), "0 12");
	CHECK_STR(resolve("big-little", &t, 5), "0 12 2 13 4");
	/* The others as on any machine. */
	CHECK_STR(resolve("smt", &t, 2), "0 1");
	CHECK_STR(resolve("cross", &t, 2), "0 2");

	/* Only one P-core's siblings allowed: its two threads, no E-core. */
	fixture(&t, "sys-hybrid", "0-1");
	CHECK_STR(resolve("big", &t, 2), "0 1");
	CHECK_STR(resolve("little", &t, 2),
		  "skip: needs 2 little CPUs (E-core: 12-19), allowed: 0-1");
	CHECK_STR(resolve("big-little", &t, 2),
		  "skip: needs 1 little CPU (E-core: 12-19), allowed: 0-1");
	fixture(&t, "sys-hybrid", "1,12");
	CHECK_STR(resolve("big-little", &t, 2), "1 12");
	CHECK_STR(resolve("big-little", &t, 3), "1 12 1");
	CHECK_STR(resolve("big", &t, 2),
		  "skip: needs 2 big CPUs (P-core: 0-11), allowed: 1,12");
	fixture(&t, "sys-hybrid", "13-19");
	CHECK_STR(resolve("big-little", &t, 2),
		  "skip: needs 1 big CPU (P-core: 0-11), allowed: 13-19");

	/* Capacities (sys-rt): 1024 on 4-7, 414 on 0-3; no core ids. */
	fixture(&t, "sys-rt", "0-7");
	CHECK_EQ_INT(t.types.ntypes, 2);
	CHECK_STR(resolve("big", &t, 2), "4 5");
	CHECK_STR(resolve("little", &t, 2), "0 1");
	CHECK_STR(resolve("big-little", &t, 4), "4 0 5 1");

	/* One type, or none known: nothing to place on. */
	fixture(&t, "sys-x86", "0-1");
	CHECK_EQ_INT(t.types.ntypes, 0);
	CHECK(strstr(resolve("big", &t, 2), "skip: one core type: ") != NULL);
	topo(&t, 2, NULL);
	CHECK(strstr(resolve("little", &t, 2), "skip: one core type") != NULL);
	CHECK(strstr(resolve("big-little", &t, 2), "skip: one core type") !=
	      NULL);
}

/* Rings of a core type go on where the ring before ended, as cross. */
static void test_resolve_types_rings(void)
{
	struct place_topo t;

	fixture(&t, "sys-hybrid", "0-19");
	CHECK_STR(resolve_rings("big", &t, 2, 2), "0 2 | 4 6");
	CHECK_STR(resolve_rings("little", &t, 2, 4),
		  "12 13 | 14 15 | 16 17 | 18 19");
	CHECK_STR(resolve_rings("little", &t, 2, 5),
		  "12 13 | 14 15 | 16 17 | 18 19 | 12 13 over");
	CHECK_STR(resolve_rings("big-little", &t, 2, 3), "0 12 | 2 13 | 4 14");
	CHECK_STR(resolve_rings("big-little", &t, 3, 2), "0 12 2 | 4 13 6");
	fixture(&t, "sys-hybrid", "0,12");
	CHECK_STR(resolve_rings("big-little", &t, 2, 2), "0 12 | 0 12 over");
	CHECK_STR(resolve_rings("little", &t, 2, 2),
		  "skip: needs 2 little CPUs (E-core: 12-19), allowed: 0,12");
}

static void test_cpulist(void)
{
	static const struct {
		int cpus[8];
		int n;
		const char *want;
	} cases[] = {
		{ { 0 }, 0, "" },
		{ { 0 }, 1, "0" },
		{ { 0, 1 }, 2, "0-1" },
		{ { 0, 2, 3, 4, 7 }, 5, "0,2-4,7" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		cpu_set_t set;
		char buf[64];

		CPU_ZERO(&set);
		for (int j = 0; j < cases[i].n; j++)
			CPU_SET(cases[i].cpus[j], &set);
		cpulist_format(&set, buf, sizeof(buf));
		CHECK_STR(buf, cases[i].want);
	}
}

static void test_topo_read(void)
{
	struct place_topo t;

	CHECK_EQ_INT(place_topo_read(TEST_DIR "/fixtures/sys-x86", NULL, &t),
		     0);
	CHECK(CPU_COUNT(&t.allowed) >= 1);
	/* The fixture puts CPU 0 and 1 in two packages, core 0 each. */
	if (CPU_ISSET(0, &t.allowed))
		CHECK_EQ_INT(t.core[0], 0);
	if (CPU_ISSET(1, &t.allowed))
		CHECK_EQ_INT(t.core[1], 65536);
	CHECK_EQ_INT(
		place_topo_read(TEST_DIR "/fixtures/nonexistent", NULL, &t), 0);
	for (int c = 0; c < 4; c++)
		CHECK_EQ_INT(t.core[c], -1);
}

int main(void)
{
	test_parse();
	test_parse_cpu_range();
	test_resolve();
	test_resolve_rings();
	test_resolve_rings_crowd();
	test_resolve_types();
	test_resolve_types_rings();
	test_cpulist();
	test_topo_read();
	return check_summary();
}
