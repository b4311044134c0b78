/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The verdict's methods: one table, the shipped one and the lab's. */
#include <stddef.h>
#include <string.h>

#include "method.h"

/* Paired (verdict_paired()) ignores --noise: pairs come from turns. */
static void method_paired(const struct result_row *a,
			  const struct result_row *b,
			  const struct result_row *const *noise,
			  unsigned int nnoise, enum verdict_stat stat,
			  struct verdict *v)
{
	(void)noise;
	(void)nnoise;
	verdict_paired(a, b, stat, v);
}

#define W(loops, cpu, rtt)                                        \
	{                                                         \
		[VERDICT_LOOPS] = (loops), [VERDICT_CPU] = (cpu), \
		[VERDICT_RTT] = (rtt)                             \
	}

/*
 * The shipped method first: chosen on the lab's tuning parts of both
 * machines (docs/accuracy.md, 2026-12-05), the most A/B rows marked the
 * right way among those that hold the A/A targets on each.  The shipped
 * method of before it second, for the lab to compare.
 */
const struct verdict_method verdict_methods[] = {
	{ "rtt-cpu", "all three, unpaired (0.2, 1.8, 1.8)", verdict_rows,
	  W(0.2, 1.8, 1.8) },
	{ "loops-cpu", "loops/sec and CPU per loop, unpaired (0.2, 1.8)",
	  verdict_rows, W(0.2, 1.8, 0) },
	{ "loops", "loops/sec alone, unpaired", verdict_rows, W(1, 0, 0) },
	{ "loops-paired", "loops/sec alone, paired", method_paired,
	  W(1, 0, 0) },
	{ "cpu-paired", "loops/sec and CPU per loop, paired (0.2, 1.8)",
	  method_paired, W(0.2, 1.8, 0) },
	{ "rtt", "loops/sec and the round trip, unpaired (0.2, 1.8)",
	  verdict_rows, W(0.2, 0, 1.8) },
	{ "rtt-paired", "loops/sec and the round trip, paired (0.2, 1.8)",
	  method_paired, W(0.2, 0, 1.8) },
	{ "rtt-cpu-paired", "all three, paired (0.2, 1.8, 1.8)", method_paired,
	  W(0.2, 1.8, 1.8) },
	{ "rtt-lead", "all three, unpaired, the round trip first (0.1, 0.9, 2)",
	  verdict_rows, W(0.1, 0.9, 2) },
	{ .name = NULL }
};

static const struct verdict_method *method_used = VERDICT_METHOD_SHIPPED;

const struct verdict_method *verdict_method_find(const char *name)
{
	for (const struct verdict_method *m = verdict_methods; m->name; m++)
		if (strcmp(m->name, name) == 0)
			return m;
	return NULL;
}

const struct verdict_method *verdict_method(void)
{
	return method_used;
}

void verdict_method_use(const struct verdict_method *m)
{
	method_used = m ? m : VERDICT_METHOD_SHIPPED;
}
