/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Placements: parsing -P, reading the topology, choosing CPUs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "place.h"
#include "lib/cpulist.h"
#include "lib/fs.h"
#include "lib/util.h"

static const struct {
	const char *name;
	enum place_kind kind;
} place_names[] = {
	{ "any", PLACE_ANY },
	{ "same", PLACE_SAME },
	{ "cross", PLACE_CROSS },
	{ "smt", PLACE_SMT },
	{ "big", PLACE_BIG },
	{ "little", PLACE_LITTLE },
	{ "big-little", PLACE_BIG_LITTLE },
};

const char *place_word(size_t i)
{
	if (i < ARRAY_SIZE(place_names))
		return place_names[i].name;
	return i == ARRAY_SIZE(place_names) ? "cpus:A,B" : NULL;
}

/* The words of -P, "any, same, ... or cpus:A,B", into @buf. */
static void place_words(char *buf, size_t size)
{
	size_t len = 0;
	const char *w;

	buf[0] = '\0';
	for (size_t i = 0; (w = place_word(i)) && len < size; i++) {
		int k = snprintf(buf + len, size - len, "%s%s",
				 !i		   ? "" :
				 place_word(i + 1) ? ", " :
						     " or ",
				 w);

		len += k > 0 ? (size_t)k : 0;
	}
}

static int place_number(const char *s, int *out)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (*end)
		return -1;
	if (errno || v >= CPU_SETSIZE)
		return -2; /* a number, but no CPU's */
	*out = (int)v;
	return 0;
}

static int place_too_big(const char *cpu, char *err, size_t errlen)
{
	snprintf(err, errlen,
		 "-P/--placement: CPU %s: a CPU number must be below %d", cpu,
		 CPU_SETSIZE);
	return -1;
}

/* A named placement ("same") into @out: 0, or -1 when it has no such name. */
static int place_named(const char *tok, struct place *out)
{
	for (size_t i = 0; i < ARRAY_SIZE(place_names); i++) {
		if (strcmp(tok, place_names[i].name) == 0) {
			out->kind = place_names[i].kind;
			snprintf(out->name, sizeof(out->name), "%s", tok);
			return 0;
		}
	}
	return -1;
}

static int place_unknown(const char *tok, char *err, size_t errlen)
{
	char words[128];

	place_words(words, sizeof(words));
	snprintf(err, errlen,
		 "-P/--placement: unknown placement '%s' (expected %s)", tok,
		 words);
	return -1;
}

/* Name an explicit placement after its CPUs: "cpus:0,2". */
static void place_name_cpus(struct place *pl)
{
	size_t len = (size_t)snprintf(pl->name, sizeof(pl->name), "cpus:");

	for (unsigned int c = 0; c < pl->ncpu && len < sizeof(pl->name); c++)
		len += (size_t)snprintf(pl->name + len, sizeof(pl->name) - len,
					"%s%d", c ? "," : "", pl->cpu[c]);
}

/* Is @pl's kind, other than explicit CPUs, among the first @n of @out? */
static int place_twice(const struct place *out, unsigned int n,
		       const struct place *pl)
{
	for (unsigned int j = 0; j < n; j++)
		if (out[j].kind == pl->kind && pl->kind != PLACE_CPUS)
			return 1;
	return 0;
}

int place_parse(const char *arg, struct place *out, unsigned int max, char *err,
		size_t errlen)
{
	char list[512], *rest = list, *tok, words[128];
	struct place *cur = NULL;
	unsigned int n = 0;
	int cpu, rc;

	if (snprintf(list, sizeof(list), "%s", arg) >= (int)sizeof(list))
		goto bad;
	/* strsep() hands over empty fields too: none is a placement. */
	while ((tok = strsep(&rest, ","))) {
		/* Numbers after "cpus:" belong to it until the next name. */
		rc = cur ? place_number(tok, &cpu) : -1;
		if (rc == -2)
			return place_too_big(tok, err, errlen);
		if (rc == 0) {
			if (cur->ncpu == PLACE_MAX_CPUS) {
				snprintf(
					err, errlen,
					"-P/--placement: cpus: lists at most %d CPUs",
					PLACE_MAX_CPUS);
				return -1;
			}
			cur->cpu[cur->ncpu++] = cpu;
			continue;
		}
		if (!tok[0] || n == max)
			goto bad;
		cur = NULL;
		memset(&out[n], 0, sizeof(out[n]));
		if (strncmp(tok, "cpus:", 5) == 0) {
			rc = place_number(tok + 5, &cpu);
			if (rc == -2)
				return place_too_big(tok + 5, err, errlen);
			if (rc < 0)
				goto bad;
			cur = &out[n];
			cur->kind = PLACE_CPUS;
			cur->cpu[cur->ncpu++] = cpu;
		} else if (place_named(tok, &out[n]) < 0) {
			return place_unknown(tok, err, errlen);
		}
		if (place_twice(out, n, &out[n])) {
			snprintf(err, errlen,
				 "-P/--placement: '%s' named twice", tok);
			return -1;
		}
		n++;
	}
	for (unsigned int j = 0; j < n; j++)
		if (out[j].kind == PLACE_CPUS)
			place_name_cpus(&out[j]);
	return (int)n;
bad:
	place_words(words, sizeof(words));
	snprintf(err, errlen, "-P/--placement: '%s' is not a list of %s", arg,
		 words);
	return -1;
}

int place_topo_read(const char *root, const cpu_set_t *allowed,
		    struct place_topo *t)
{
	CPU_ZERO(&t->allowed);
	if (allowed)
		t->allowed = *allowed;
	else if (sched_getaffinity(0, sizeof(t->allowed), &t->allowed) < 0)
		return -errno;
	for (int c = 0; c < CPU_SETSIZE; c++) {
		long long core, pkg = 0;

		t->core[c] = -1;
		if (!CPU_ISSET(c, &t->allowed))
			continue;
		if (fs_cpu_read_ll(root, c, "topology/core_id", &core) < 0)
			continue;
		fs_cpu_read_ll(root, c, "topology/physical_package_id", &pkg);
		t->core[c] = (int)(pkg * 65536 + core);
	}
	cores_ends_read(root, &t->types);
	return 0;
}

/* The allowed CPUs of @of, one per physical core first, then the siblings. */
static unsigned int place_spread(const struct place_topo *t,
				 const cpu_set_t *of, int *list)
{
	unsigned int n = 0;
	cpu_set_t in;

	CPU_AND(&in, &t->allowed, of);
	for (int pass = 0; pass < 2; pass++) {
		for (int c = 0; c < CPU_SETSIZE; c++) {
			int first = 1;

			if (!CPU_ISSET(c, &in))
				continue;
			for (int d = 0; d < c && t->core[c] >= 0; d++)
				if (CPU_ISSET(d, &in) &&
				    t->core[d] == t->core[c])
					first = 0;
			if (first == !pass)
				list[n++] = c;
		}
	}
	return n;
}

/* The first two SMT siblings among the allowed CPUs into @list: 2, or 0. */
static unsigned int place_smt_pair(const struct place_topo *t, int *list)
{
	for (int c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, &t->allowed) || t->core[c] < 0)
			continue;
		for (int d = c + 1; d < CPU_SETSIZE; d++) {
			if (CPU_ISSET(d, &t->allowed) &&
			    t->core[d] == t->core[c]) {
				list[0] = c;
				list[1] = d;
				return 2;
			}
		}
	}
	return 0;
}

/*
 * The allowed CPUs of the fastest core type (@little 0) or the slowest
 * (1) into @list, spread as place_spread(): how many, 0 with the reason
 * in @why when fewer than @need.
 */
static unsigned int place_type(const struct place_topo *t, int little,
			       unsigned int need, int *list, char *why,
			       size_t whylen)
{
	const struct cores_ends *e = &t->types;
	const cpu_set_t *of = little ? &e->little : &e->big;
	char cpus[128], allowed[128];
	unsigned int n;

	if (e->ntypes < 2) {
		snprintf(why, whylen, "one core type: %s", e->words);
		return 0;
	}
	n = place_spread(t, of, list);
	if (n >= need)
		return n;
	cpulist_format(of, cpus, sizeof(cpus));
	cpulist_format(&t->allowed, allowed, sizeof(allowed));
	snprintf(why, whylen, "needs %u %s CPU%s (%s: %s), allowed: %s", need,
		 little ? "little" : "big", need > 1 ? "s" : "",
		 little ? e->little_type : e->big_type, cpus, allowed);
	return 0;
}

/*
 * Big-little's @nr participants of each of @rings rings into @cpu: the
 * even ones of a ring on the big CPUs @big[@nb] in turn, the odd ones on
 * the little @lit[@nl], ring k going on where ring k-1 ended.
 */
static void place_alternate(const int *big, unsigned int nb, const int *lit,
			    unsigned int nl, unsigned int nr,
			    unsigned int rings, int *cpu)
{
	unsigned int b = 0, l = 0;

	for (unsigned int g = 0; g < nr * rings; g++)
		cpu[g] = g % nr % 2 ? lit[l++ % nl] : big[b++ % nb];
}

/*
 * The CPUs of each of @nr participants of @rings rings for a core type's
 * placement @p into @cpu: 0, or -1 with the reason in @why.
 */
static int place_resolve_type(const struct place *p, const struct place_topo *t,
			      unsigned int nr, unsigned int rings, int *cpu,
			      char *why, size_t whylen)
{
	static int list[CPU_SETSIZE], lit[CPU_SETSIZE];
	unsigned int n, nl;

	if (p->kind == PLACE_BIG_LITTLE) {
		n = place_type(t, 0, 1, list, why, whylen);
		nl = n ? place_type(t, 1, 1, lit, why, whylen) : 0;
		if (!nl)
			return -1;
		place_alternate(list, n, lit, nl, nr, rings, cpu);
		return 0;
	}
	n = place_type(t, p->kind == PLACE_LITTLE, 2, list, why, whylen);
	if (!n)
		return -1;
	/* As cross: participants in turn, ring k starts where k-1 ends. */
	for (unsigned int g = 0; g < nr * rings; g++)
		cpu[g] = list[g % n];
	return 0;
}

int place_resolve(const struct place *p, const struct place_topo *t,
		  unsigned int nr, int *cpu, char *why, size_t whylen)
{
	static int list[CPU_SETSIZE];
	unsigned int n = 0;
	char allowed[128];

	if (PLACE_BY_TYPE(p->kind))
		return place_resolve_type(p, t, nr, 1, cpu, why, whylen);
	cpulist_format(&t->allowed, allowed, sizeof(allowed));
	switch (p->kind) {
	case PLACE_ANY:
		for (unsigned int i = 0; i < nr; i++)
			cpu[i] = -1;
		return 0;
	case PLACE_SAME:
		n = place_spread(t, &t->allowed, list);
		if (!n)
			goto none;
		for (unsigned int i = 0; i < nr; i++)
			cpu[i] = list[0];
		return 0;
	case PLACE_CROSS:
		n = place_spread(t, &t->allowed, list);
		if (n < 2) {
			snprintf(why, whylen, "needs 2 CPUs, only %s allowed",
				 allowed);
			return -1;
		}
		break;
	case PLACE_SMT:
		n = place_smt_pair(t, list);
		if (!n) {
			snprintf(why, whylen,
				 "no two SMT siblings among CPUs %s", allowed);
			return -1;
		}
		break;
	case PLACE_CPUS:
		for (unsigned int i = 0; i < p->ncpu; i++) {
			if (!CPU_ISSET(p->cpu[i], &t->allowed)) {
				snprintf(why, whylen,
					 "CPU %d is not allowed (allowed: %s)",
					 p->cpu[i], allowed);
				return -1;
			}
			list[n++] = p->cpu[i];
		}
		break;
	default:
		break;
	}
	for (unsigned int i = 0; i < nr; i++)
		cpu[i] = list[i % n];
	return 0;
none:
	snprintf(why, whylen, "no CPU allowed");
	return -1;
}

/*
 * The most participants of @cpu[@n] that one CPU holds; unpinned (-1),
 * as many as each of the @nallowed CPUs holds when they spread evenly.
 */
static unsigned int place_crowd(const int *cpu, unsigned int n,
				unsigned int nallowed)
{
	static unsigned int on[CPU_SETSIZE];
	unsigned int most = 0;

	if (n && cpu[0] < 0)
		return nallowed ? (n + nallowed - 1) / nallowed : n;
	memset(on, 0, sizeof(on));
	for (unsigned int g = 0; g < n; g++)
		if (cpu[g] >= 0 && cpu[g] < CPU_SETSIZE && ++on[cpu[g]] > most)
			most = on[cpu[g]];
	return most;
}

int place_resolve_rings(const struct place *p, const struct place_topo *t,
			unsigned int nr, unsigned int rings, int *cpu,
			int *over, char *why, size_t whylen)
{
	static int list[CPU_SETSIZE];
	unsigned int n = 0, all = nr * rings;
	unsigned int nallowed = (unsigned int)CPU_COUNT(&t->allowed);

	*over = 0;
	if (place_resolve(p, t, nr, cpu, why, whylen) < 0)
		return -1;
	if (rings <= 1)
		return 0;
	if (PLACE_BY_TYPE(p->kind))
		place_resolve_type(p, t, nr, rings, cpu, why, whylen);
	switch (p->kind) {
	case PLACE_ANY:
		for (unsigned int g = 0; g < all; g++)
			cpu[g] = -1;
		break;
	case PLACE_SAME:
		/* Ring k on the k-th CPU, one per physical core first. */
		n = place_spread(t, &t->allowed, list);
		for (unsigned int g = 0; g < all; g++)
			cpu[g] = list[g / nr % n];
		break;
	case PLACE_SMT:
		/* One pair of siblings: every ring on it. */
		for (unsigned int g = nr; g < all; g++)
			cpu[g] = cpu[g % nr];
		break;
	case PLACE_CROSS:
		n = place_spread(t, &t->allowed, list);
		break;
	case PLACE_CPUS:
		for (unsigned int i = 0; i < p->ncpu; i++)
			list[n++] = p->cpu[i];
		break;
	default: /* by core type: placed above */
		break;
	}
	/* Cross, cpus: participants in turn, ring k starts where k-1 ends. */
	if (p->kind == PLACE_CROSS || p->kind == PLACE_CPUS)
		for (unsigned int g = 0; g < all; g++)
			cpu[g] = list[g % n];
	/*
	 * Ring 0 sits where one ring alone would: the rings crowd each other
	 * when a CPU holds more participants than it puts on one, however
	 * the CPUs were named ("cpus:0,1" and "cpus:0,1,0,1" alike).
	 */
	*over = place_crowd(cpu, all, nallowed) >
		place_crowd(cpu, nr, nallowed);
	return 0;
}
