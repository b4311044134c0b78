/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The CPUs' core types: hybrid PMUs, cpu_capacity, and a row's types. */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cores.h"
#include "lib/cpulist.h"
#include "lib/fs.h"

/* A type and its CPUs into the next entry of @in's core_type_cpus. */
static void cores_add(struct result_info *in, const char *type,
		      const cpu_set_t *set)
{
	struct result_kv *kv = &in->core_type_cpus[in->ncore_types];

	if (in->ncore_types >= RESULT_MAX_CORE_TYPES || !CPU_COUNT(set))
		return;
	snprintf(kv->key, sizeof(kv->key), "%s", type);
	cpulist_format(set, kv->value, sizeof(kv->value));
	in->ncore_types++;
}

/* Intel's hybrid PMUs, each listing its CPUs: 1 when there are. */
static int cores_pmus(const char *root, struct result_info *in)
{
	static const char *const pmu[][2] = {
		{ "/sys/devices/cpu_core/cpus", "P-core" },
		{ "/sys/devices/cpu_atom/cpus", "E-core" },
	};
	char list[256];
	cpu_set_t set;

	for (size_t i = 0; i < sizeof(pmu) / sizeof(pmu[0]); i++)
		if (fs_read_line(root, pmu[i][0], list, sizeof(list)) == 0 &&
		    cpulist_parse(list, &set) > 0)
			cores_add(in, pmu[i][1], &set);
	return in->ncore_types > 0;
}

struct cores_cap {
	long long cap;
	cpu_set_t set;
};

static int cores_cap_cmp(const void *a, const void *b)
{
	long long x = ((const struct cores_cap *)a)->cap;
	long long y = ((const struct cores_cap *)b)->cap;

	return (x < y) - (x > y); /* the fastest first */
}

/*
 * Each online CPU's cpu_capacity, by capacity: 1 when every CPU has one,
 * -1 when they have more capacities than the types kept, else 0.
 */
static int cores_capacity(const char *root, struct result_info *in)
{
	struct cores_cap *c = calloc(RESULT_MAX_CORE_TYPES + 1, sizeof(*c));
	unsigned int n = 0, i;
	cpu_set_t online;
	char key[32];
	long long v;
	int ok = c && cpulist_parse(in->cpus_online, &online) > 0;

	for (int cpu = 0; ok && n <= RESULT_MAX_CORE_TYPES && cpu < CPU_SETSIZE;
	     cpu++) {
		if (!CPU_ISSET(cpu, &online))
			continue;
		ok = fs_cpu_read_ll(root, cpu, "cpu_capacity", &v) == 0;
		for (i = 0; ok && i < n && c[i].cap != v; i++)
			;
		if (ok && i == n)
			c[n++].cap = v;
		if (ok && i < RESULT_MAX_CORE_TYPES)
			CPU_SET(cpu, &c[i].set);
	}
	if (ok && n > RESULT_MAX_CORE_TYPES)
		ok = -1;
	else if (ok && n)
		qsort(c, n, sizeof(*c), cores_cap_cmp);
	for (i = 0; ok > 0 && i < n; i++) {
		snprintf(key, sizeof(key), "capacity %lld", c[i].cap);
		cores_add(in, key, &c[i].set);
	}
	free(c);
	return ok && n ? ok : 0;
}

/* The line of the types read: "P-cores 0-11, E-cores 12-19". */
static void cores_words(const struct result_info *in, int pmu, char *out,
			size_t size)
{
	const struct result_kv *kv = in->core_type_cpus;
	size_t len = 0, skip = pmu ? 0 : strlen("capacity ");

	if (in->ncore_types == 1 && pmu) {
		snprintf(out, size, "one type (%.16ss %.64s)", kv[0].key,
			 kv[0].value);
		return;
	}
	if (in->ncore_types == 1) {
		snprintf(out, size, "one type (cpu_capacity %.16s)",
			 kv[0].key + skip);
		return;
	}
	out[0] = '\0';
	for (unsigned int i = 0; i < in->ncore_types && len < size; i++) {
		int k = snprintf(out + len, size - len, "%s%.16s%s %.64s",
				 i ? ", " : "", kv[i].key + skip,
				 pmu ? "s" : ":", kv[i].value);

		len += k > 0 ? (size_t)k : 0;
	}
	if (!pmu && len < size)
		snprintf(out + len, size - len, " (cpu_capacity)");
}

void cores_read(const char *root, struct result_info *in)
{
	int pmu, cap;

	in->ncore_types = 0;
	pmu = cores_pmus(root, in);
	cap = pmu ? 0 : cores_capacity(root, in);
	if (pmu || cap > 0)
		cores_words(in, pmu, in->core_types, sizeof(in->core_types));
	else if (cap < 0)
		snprintf(in->core_types, sizeof(in->core_types),
			 "over %d types (cpu_capacity)", RESULT_MAX_CORE_TYPES);
	else if (fs_is_dir(root, "/sys/devices/cpu")) /* x86's one core PMU */
		snprintf(in->core_types, sizeof(in->core_types),
			 "one type (no cpu_core or cpu_atom)");
	else
		snprintf(in->core_types, sizeof(in->core_types),
			 "unknown (no cpu_capacity or hybrid PMU)");
}

int cores_of(const struct result_info *in, const char *cpus, unsigned int *big,
	     unsigned int *little, char *types, size_t size)
{
	cpu_set_t ran, of;
	size_t len = 0;

	*big = *little = 0;
	types[0] = '\0';
	if (in->ncore_types < 2 || cpulist_parse(cpus, &ran) <= 0)
		return 0;
	for (unsigned int i = 0; i < in->ncore_types; i++) {
		unsigned int n;

		if (cpulist_parse(in->core_type_cpus[i].value, &of) <= 0)
			continue;
		CPU_AND(&of, &of, &ran);
		n = (unsigned int)CPU_COUNT(&of);
		if (!n)
			continue;
		*(i ? little : big) += n;
		if (len < size) {
			int k = snprintf(types + len, size - len, "%s%s",
					 len ? "+" : "",
					 in->core_type_cpus[i].key);

			len += k > 0 ? (size_t)k : 0;
		}
	}
	return *big + *little > 0;
}

void cores_ends_read(const char *root, struct cores_ends *e)
{
	/* Large for a stack of 128 KiB: on the heap, as the Run information. */
	struct result_info *in = calloc(1, sizeof(*in));
	const struct result_kv *last;

	memset(e, 0, sizeof(*e));
	if (!in) {
		snprintf(e->words, sizeof(e->words), "unknown (out of memory)");
		return;
	}
	if (fs_read_line(root, "/sys/devices/system/cpu/online",
			 in->cpus_online, sizeof(in->cpus_online)) < 0)
		in->cpus_online[0] = '\0';
	cores_read(root, in);
	snprintf(e->words, sizeof(e->words), "%s", in->core_types);
	e->ntypes = in->ncore_types;
	last = &in->core_type_cpus[in->ncore_types ? in->ncore_types - 1 : 0];
	if (in->ncore_types &&
	    cpulist_parse(in->core_type_cpus[0].value, &e->big) > 0 &&
	    cpulist_parse(last->value, &e->little) > 0) {
		snprintf(e->big_type, sizeof(e->big_type), "%s",
			 in->core_type_cpus[0].key);
		snprintf(e->little_type, sizeof(e->little_type), "%s",
			 last->key);
	} else {
		e->ntypes = 0;
	}
	free(in);
}
