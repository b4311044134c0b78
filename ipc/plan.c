/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Options: one table gives getopt_long() its options and --help its text,
 * so the two cannot drift apart.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

enum { OPT_NOTE = 0x100 };

struct plan_opt {
	const char *name;
	int key;
	const char *arg; /* NULL: takes no argument */
	const char *help;
};

static const struct plan_opt plan_opts[] = {
	{ "time", 't', "SECONDS",
	  "length of one run, a positive decimal (default 5)" },
	{ "runs", 'r', "N", "runs per mechanism, 1..10000 (default 3)" },
	{ "backend", 'b', "LIST",
	  "comma list of mechanisms, or all (default all)" },
	{ "placement", 'P', "LIST",
	  "where tasks run: any, same, cross, smt, cpus:A,B (default any)" },
	{ "threads", 'T', NULL,
	  "participants are threads of one process, not processes" },
	{ "name", 'n', "LABEL",
	  "label of this run in the report (default: uname -r)" },
	{ "note", OPT_NOTE, "TEXT", "free text printed after the label" },
	{ "list", 'l', NULL, "list the mechanisms and exit" },
	{ "help", 'h', NULL, "show this help and exit" },
	{ "version", 'V', NULL, "show the version and exit" },
};

#define PLAN_NOPTS (sizeof(plan_opts) / sizeof(plan_opts[0]))

void plan_usage(FILE *f)
{
	fprintf(f, "usage: ctxbench [options]\n\n"
		   "Measure how fast processes hand the CPU to each other "
		   "through IPC mechanisms.\n\n");
	for (size_t i = 0; i < PLAN_NOPTS; i++) {
		const struct plan_opt *o = &plan_opts[i];
		char left[48];

		if (o->key < 0x100)
			snprintf(left, sizeof(left), "-%c, --%s%s%s", o->key,
				 o->name, o->arg ? " " : "",
				 o->arg ? o->arg : "");
		else
			snprintf(left, sizeof(left), "    --%s%s%s", o->name,
				 o->arg ? " " : "", o->arg ? o->arg : "");
		fprintf(f, "  %-24s %s\n", left, o->help);
	}
	fprintf(f, "\nExit status: 0 all mechanisms ran (or were skipped), "
		   "1 a mechanism failed\nor hung, 2 bad usage, 128+N "
		   "interrupted by signal N.\n");
}

static int plan_error(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int plan_error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

int plan_parse_seconds(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end || errno || !isfinite(v) || v <= 0 ||
	    v > PLAN_MAX_SECONDS)
		return -1;
	/* Not in hex or with an exponent: a plain positive decimal. */
	if (strpbrk(s, "xXeEpP") || s[0] == '-' || s[0] == '+' || s[0] == ' ' ||
	    s[0] == '\t')
		return -1;
	*out = v;
	return 0;
}

int plan_parse_uint(const char *s, unsigned long min, unsigned long max,
		    unsigned long *out)
{
	unsigned long long v;
	char *end;

	if (s[0] < '0' || s[0] > '9')
		return -1; /* strtoull would take "-1", " 1" and "+1" */
	errno = 0;
	v = strtoull(s, &end, 10);
	if (end == s || *end || errno || v < min || v > max)
		return -1;
	*out = (unsigned long)v;
	return 0;
}

static int plan_backends(struct plan *p, const char *arg, char *err,
			 size_t errlen)
{
	char list[512], *save = NULL, *name;
	unsigned char want[PLAN_MAX_BACKENDS] = { 0 };
	unsigned int n = ipc_count();

	if (snprintf(list, sizeof(list), "%s", arg) >= (int)sizeof(list))
		return plan_error(err, errlen, "-b/--backend: list too long");
	if (!arg[0] || arg[0] == ',' || arg[strlen(arg) - 1] == ',' ||
	    strstr(arg, ",,"))
		return plan_error(
			err, errlen,
			"-b/--backend: empty name in '%s' (expected NAME[,NAME...] or all; see --list)",
			arg);
	for (name = strtok_r(list, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		unsigned int i;

		if (strcmp(name, "all") == 0) {
			memset(want, 1, n);
			continue;
		}
		for (i = 0; i < n; i++)
			if (strcmp(ipc_backends[i]->name, name) == 0)
				break;
		if (i == n)
			return plan_error(
				err, errlen,
				"-b/--backend: unknown mechanism '%s' (see --list)",
				name);
		if (want[i])
			return plan_error(err, errlen,
					  "-b/--backend: '%s' named twice",
					  name);
		want[i] = 1;
	}
	/* The report keeps its own order, whatever the order of the list. */
	p->nops = 0;
	for (unsigned int i = 0; i < n; i++)
		if (want[i])
			p->ops[p->nops++] = ipc_backends[i];
	return 0;
}

static int plan_text(char *dst, size_t size, const char *arg, const char *opt,
		     char *err, size_t errlen)
{
	if (!arg[0])
		return plan_error(err, errlen, "%s: empty text", opt);
	if (strlen(arg) >= size)
		return plan_error(err, errlen, "%s: longer than %zu characters",
				  opt, size - 1);
	if (strpbrk(arg, "\n\r"))
		return plan_error(err, errlen, "%s: must be one line", opt);
	memcpy(dst, arg, strlen(arg) + 1);
	return 0;
}

int plan_parse(int argc, char *const *argv, struct plan *p, char *err,
	       size_t errlen)
{
	struct option lopts[PLAN_NOPTS + 1];
	char sopts[PLAN_NOPTS * 2 + 2], *s = sopts;
	unsigned long v;
	int c, backends_given = 0;

	memset(p, 0, sizeof(*p));
	p->action = PLAN_RUN;
	p->duration_s = 5;
	p->runs = 3;
	memset(lopts, 0, sizeof(lopts));
	*s++ = ':'; /* tell a missing argument from an unknown option */
	for (size_t i = 0; i < PLAN_NOPTS; i++) {
		lopts[i].name = plan_opts[i].name;
		lopts[i].has_arg =
			plan_opts[i].arg ? required_argument : no_argument;
		lopts[i].val = plan_opts[i].key;
		if (plan_opts[i].key < 0x100) {
			*s++ = (char)plan_opts[i].key;
			if (plan_opts[i].arg)
				*s++ = ':';
		}
	}
	*s = '\0';

	optind = 0; /* a full reset: plan_parse() may be called again */
	opterr = 0;
	while ((c = getopt_long(argc, argv, sopts, lopts, NULL)) != -1) {
		switch (c) {
		case 't':
			if (plan_parse_seconds(optarg, &p->duration_s) < 0)
				return plan_error(
					err, errlen,
					"-t/--time: '%s' is not a number of seconds (expected a positive decimal up to %.0f, e.g. 0.5)",
					optarg, PLAN_MAX_SECONDS);
			break;
		case 'r':
			if (plan_parse_uint(optarg, 1, PLAN_MAX_RUNS, &v) < 0)
				return plan_error(
					err, errlen,
					"-r/--runs: '%s' is not a count of runs (expected 1..%d)",
					optarg, PLAN_MAX_RUNS);
			p->runs = (unsigned int)v;
			break;
		case 'b':
			if (backends_given++)
				return plan_error(
					err, errlen,
					"-b/--backend: given twice (name them all in one comma list)");
			if (plan_backends(p, optarg, err, errlen) < 0)
				return -1;
			break;
		case 'P': {
			int n;

			if (p->nplaces)
				return plan_error(
					err, errlen,
					"-P/--placement: given twice (name them all in one comma list)");
			n = place_parse(optarg, p->place, PLAN_MAX_PLACES, err,
					errlen);
			if (n < 0)
				return -1;
			p->nplaces = (unsigned int)n;
			break;
		}
		case 'T':
			p->threads = 1;
			break;
		case 'n':
			if (plan_text(p->label, sizeof(p->label), optarg,
				      "-n/--name", err, errlen) < 0)
				return -1;
			break;
		case OPT_NOTE:
			if (plan_text(p->note, sizeof(p->note), optarg,
				      "--note", err, errlen) < 0)
				return -1;
			break;
		case 'l':
			p->action = PLAN_LIST;
			break;
		case 'h':
			p->action = PLAN_HELP;
			break;
		case 'V':
			p->action = PLAN_VERSION;
			break;
		case ':':
			return plan_error(
				err, errlen,
				"option '%s' needs a value (see --help)",
				argv[optind - 1]);
		default:
			return plan_error(err, errlen,
					  "unknown option '%s' (see --help)",
					  argv[optind - 1]);
		}
	}
	if (optind < argc)
		return plan_error(err, errlen,
				  "unexpected argument '%s' (see --help)",
				  argv[optind]);
	if (!backends_given)
		plan_backends(p, "all", err, errlen);
	if (!p->nplaces)
		p->nplaces = (unsigned int)place_parse("any", p->place, 1, err,
						       errlen);
	return 0;
}
