/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Options: one table gives getopt_long() its options and --help its text,
 * so the two cannot drift apart.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "run.h"

enum {
	OPT_NOTE = 0x100,
	OPT_JSON,
	OPT_BASELINE,
	OPT_HISTOGRAM,
	OPT_RETRY,
	OPT_SAMPLE,
	OPT_ORDER,
	OPT_SEED,
	OPT_NOISE
};

/* The commands an option belongs to. */
#define PLAN_M_RUN 0x1 /* ctxbench [options] */
#define PLAN_M_REPORT 0x2 /* ctxbench report [options] FILE... */

struct plan_opt {
	const char *name;
	int key;
	const char *arg; /* NULL: takes no argument */
	const char *help;
	unsigned int modes;
};

static const struct plan_opt plan_opts[] = {
	{ "time", 't', "SECONDS",
	  "length of one run, a positive decimal (default 5)", PLAN_M_RUN },
	{ "runs", 'r', "N", "runs per mechanism, 1..10000 (default 3)",
	  PLAN_M_RUN },
	{ "backend", 'b', "LIST",
	  "comma list of mechanisms, or all (default all)", PLAN_M_RUN },
	{ "placement", 'P', "LIST",
	  "any, same, cross, smt or cpus:A,B (default any)", PLAN_M_RUN },
	{ "threads", 'T', NULL, "participants are threads of one process",
	  PLAN_M_RUN },
	{ "procs", 'p', "LIST", "participants per ring, 2..1024 (default 2)",
	  PLAN_M_RUN },
	{ "size", 's', "LIST",
	  "KB each participant touches per hop (default 0)", PLAN_M_RUN },
	{ "name", 'n', "LABEL",
	  "label of this run in the report (default: uname -r)", PLAN_M_RUN },
	{ "note", OPT_NOTE, "TEXT", "free text printed after the label",
	  PLAN_M_RUN },
	{ "output", 'o', "FILE", "also write the results as JSON to FILE",
	  PLAN_M_RUN | PLAN_M_REPORT },
	{ "retry-disturbed", OPT_RETRY, "N",
	  "run a disturbed run again, up to N times", PLAN_M_RUN },
	{ "sample", OPT_SAMPLE, "N",
	  "time one round trip in N, 0 none (default 64)", PLAN_M_RUN },
	{ "order", OPT_ORDER, "ORDER",
	  "interleave (default), shuffle or sequential runs", PLAN_M_RUN },
	{ "seed", OPT_SEED, "N", "seed of --order shuffle (default random)",
	  PLAN_M_RUN },
	{ "histogram", OPT_HISTOGRAM, NULL,
	  "add an ASCII histogram of each row's round trips",
	  PLAN_M_RUN | PLAN_M_REPORT },
	{ "json", OPT_JSON, NULL, "print JSON instead of the text report",
	  PLAN_M_RUN | PLAN_M_REPORT },
	{ "baseline", OPT_BASELINE, "LABEL",
	  "compare with the run labelled LABEL (default first)",
	  PLAN_M_REPORT },
	{ "noise", OPT_NOISE, "FILE",
	  "saved runs of one kernel, whose spread is the noise",
	  PLAN_M_REPORT },
	{ "quiet", 'q', NULL, "no progress line on the terminal (stderr)",
	  PLAN_M_RUN },
	{ "list", 'l', NULL, "list the mechanisms and exit", PLAN_M_RUN },
	{ "help", 'h', NULL, "show this help and exit",
	  PLAN_M_RUN | PLAN_M_REPORT },
	{ "version", 'V', NULL, "show the version and exit",
	  PLAN_M_RUN | PLAN_M_REPORT },
};

#define PLAN_NOPTS (sizeof(plan_opts) / sizeof(plan_opts[0]))

/* How --help and the messages spell an option: "-t/--time", "--note". */
static void plan_opt_name(const struct plan_opt *o, char *buf, size_t size)
{
	if (o->key < 0x100)
		snprintf(buf, size, "-%c/--%s", o->key, o->name);
	else
		snprintf(buf, size, "--%s", o->name);
}

static void plan_usage_opts(FILE *f, unsigned int mode)
{
	for (size_t i = 0; i < PLAN_NOPTS; i++) {
		const struct plan_opt *o = &plan_opts[i];
		char left[48];

		if (!(o->modes & mode))
			continue;
		if (o->key < 0x100)
			snprintf(left, sizeof(left), "-%c, --%s%s%s", o->key,
				 o->name, o->arg ? " " : "",
				 o->arg ? o->arg : "");
		else
			snprintf(left, sizeof(left), "    --%s%s%s", o->name,
				 o->arg ? " " : "", o->arg ? o->arg : "");
		fprintf(f, "  %-24s %s\n", left, o->help);
	}
}

void plan_usage(FILE *f)
{
	fprintf(f, "usage: ctxbench [options]\n"
		   "       ctxbench report [options] FILE...\n\n"
		   "Measure how fast processes hand the CPU to each other "
		   "through IPC mechanisms.\n"
		   "ctxbench report renders runs saved with -o as one report, "
		   "each compared with\nthe baseline.\n\n"
		   "Options:\n");
	plan_usage_opts(f, PLAN_M_RUN);
	fprintf(f, "\nOptions of ctxbench report:\n");
	plan_usage_opts(f, PLAN_M_REPORT);
	fprintf(f, "\nExit status: 0 all mechanisms ran (or were skipped), "
		   "1 a mechanism failed\nor hung, 2 bad usage or a bad "
		   "saved file, 128+N interrupted by signal N.\n");
}

/* Can the shell take @s back as it is, without quotes? */
static int plan_plain(const char *s)
{
	if (!s[0])
		return 0;
	for (; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_@%+=:,./-",
			    *s))
			return 0;
	return 1;
}

/* Append @s to @buf; what does not fit sets *@cut. */
static void plan_put(char *buf, size_t size, size_t *len, int *cut,
		     const char *s)
{
	for (; *s; s++) {
		if (*len + 1 >= size) {
			*cut = 1;
			return;
		}
		buf[(*len)++] = *s;
	}
}

void plan_cmdline(int argc, char *const *argv, char *buf, size_t size)
{
	size_t len = 0;
	int cut = 0;

	if (!size)
		return;
	for (int i = 0; i < argc && !cut; i++) {
		int plain = plan_plain(argv[i]), ctl = 0;

		for (const char *s = argv[i]; *s; s++)
			ctl |= (unsigned char)*s < 0x20 || *s == 0x7f;
		if (i)
			plan_put(buf, size, &len, &cut, " ");
		/* '...' takes anything but a quote; $'...' control bytes. */
		if (!plain)
			plan_put(buf, size, &len, &cut, ctl ? "$'" : "'");
		for (const char *s = argv[i]; *s; s++) {
			char one[8] = { *s, '\0' };

			if (ctl && ((unsigned char)*s < 0x20 || *s == 0x7f))
				snprintf(one, sizeof(one), "\\x%02x",
					 (unsigned char)*s);
			else if (ctl && (*s == '\'' || *s == '\\'))
				snprintf(one, sizeof(one), "\\%c", *s);
			else if (*s == '\'' && !plain)
				snprintf(one, sizeof(one), "'\\''");
			plan_put(buf, size, &len, &cut, one);
		}
		if (!plain)
			plan_put(buf, size, &len, &cut, "'");
	}
	buf[len] = '\0';
	if (cut && len >= 3)
		memcpy(buf + len - 3, "...", 4);
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

int plan_parse_list(const char *s, unsigned long min, unsigned long max,
		    unsigned int *out, unsigned int max_n)
{
	char list[256], *save = NULL, *tok;
	unsigned int n = 0;

	if (!s[0] || s[0] == ',' || s[strlen(s) - 1] == ',' ||
	    strstr(s, ",,") ||
	    snprintf(list, sizeof(list), "%s", s) >= (int)sizeof(list))
		return -1;
	for (tok = strtok_r(list, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		unsigned long v;

		if (n == max_n || plan_parse_uint(tok, min, max, &v) < 0)
			return -1;
		for (unsigned int i = 0; i < n; i++)
			if (out[i] == v)
				return -1;
		out[n++] = (unsigned int)v;
	}
	return (int)n;
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
			for (unsigned int k = 0; k < n; k++)
				if (!(ipc_backends[k]->flags & IPC_NOT_IN_ALL))
					want[k] = 1;
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

/* The table's entry of getopt_long()'s answer @c, or NULL. */
static const struct plan_opt *plan_find(int c)
{
	for (size_t i = 0; i < PLAN_NOPTS; i++)
		if (plan_opts[i].key == c)
			return &plan_opts[i];
	return NULL;
}

int plan_parse(int argc, char *const *argv, struct plan *p, char *err,
	       size_t errlen)
{
	struct option lopts[PLAN_NOPTS + 1];
	char sopts[PLAN_NOPTS * 2 + 2], *s = sopts;
	unsigned int mode = PLAN_M_RUN;
	const struct plan_opt *o;
	char name[32];
	unsigned long v;
	int c, backends_given = 0;

	memset(p, 0, sizeof(*p));
	p->action = PLAN_RUN;
	p->duration_s = 5;
	p->sample_every = RUN_SAMPLE_EVERY;
	p->runs = 3;
	p->order = "interleave";
	if (argc > 1 && strcmp(argv[1], "report") == 0) {
		/* getopt_long() takes "report" for the program's name. */
		mode = PLAN_M_REPORT;
		p->action = PLAN_REPORT;
		argc--;
		argv++;
	}
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
		o = plan_find(c);
		if (o && !(o->modes & mode)) {
			plan_opt_name(o, name, sizeof(name));
			return plan_error(
				err, errlen,
				mode == PLAN_M_REPORT ?
					"%s: not an option of ctxbench report (see --help)" :
					"%s: only for ctxbench report FILE... (see --help)",
				name);
		}
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
		case 'p': {
			int n = plan_parse_list(optarg, 2, RUN_MAX_NR, p->procs,
						PLAN_MAX_LIST);

			if (n < 0 || p->nprocs)
				return plan_error(
					err, errlen,
					"-p/--procs: '%s' is not a list of participant counts (expected N[,N...], each 2..%d, at most %d, once)",
					optarg, RUN_MAX_NR, PLAN_MAX_LIST);
			p->nprocs = (unsigned int)n;
			break;
		}
		case 's': {
			int n = plan_parse_list(optarg, 0, PLAN_MAX_SIZE_KB,
						p->size_kb, PLAN_MAX_LIST);

			if (n < 0 || p->nsizes)
				return plan_error(
					err, errlen,
					"-s/--size: '%s' is not a list of sizes in KB (expected S[,S...], each 0..%d, at most %d, once)",
					optarg, PLAN_MAX_SIZE_KB,
					PLAN_MAX_LIST);
			p->nsizes = (unsigned int)n;
			break;
		}
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
		case 'o':
			if (p->output)
				return plan_error(err, errlen,
						  "-o/--output: given twice");
			if (!optarg[0])
				return plan_error(
					err, errlen,
					"-o/--output: empty file name");
			p->output = optarg;
			break;
		case OPT_RETRY:
			if (plan_parse_uint(optarg, 0, PLAN_MAX_RETRY, &v) < 0)
				return plan_error(
					err, errlen,
					"--retry-disturbed: '%s' is not a count of retries (expected 0..%d)",
					optarg, PLAN_MAX_RETRY);
			p->retry_disturbed = (unsigned int)v;
			break;
		case OPT_SAMPLE:
			if (plan_parse_uint(optarg, 0, PLAN_MAX_SAMPLE, &v) < 0)
				return plan_error(
					err, errlen,
					"--sample: '%s' is not a count of loops (expected 0..%d, 0 for no timing)",
					optarg, PLAN_MAX_SAMPLE);
			p->sample_every = (unsigned int)v;
			break;
		case OPT_ORDER:
			if (strcmp(optarg, "interleave") &&
			    strcmp(optarg, "shuffle") &&
			    strcmp(optarg, "sequential"))
				return plan_error(
					err, errlen,
					"--order: '%s' is not an order of runs (expected interleave, shuffle or sequential)",
					optarg);
			p->order = optarg;
			break;
		case OPT_SEED:
			if (plan_parse_uint(optarg, 0, UINT32_MAX, &v) < 0)
				return plan_error(
					err, errlen,
					"--seed: '%s' is not a seed (expected 0..%lu)",
					optarg, (unsigned long)UINT32_MAX);
			p->seed = v;
			p->seed_given = 1;
			break;
		case OPT_NOISE:
			if (p->nnoise == PLAN_MAX_NOISE)
				return plan_error(
					err, errlen,
					"--noise: more than %d files (give the noise of one kernel, a few invocations)",
					PLAN_MAX_NOISE);
			p->noise[p->nnoise++] = optarg;
			break;
		case OPT_HISTOGRAM:
			p->histogram = 1;
			break;
		case OPT_JSON:
			p->json = 1;
			break;
		case OPT_BASELINE:
			if (!optarg[0])
				return plan_error(err, errlen,
						  "--baseline: empty label");
			p->baseline = optarg;
			break;
		case 'q':
			p->quiet = 1;
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
	if (mode == PLAN_M_REPORT) {
		if (p->action != PLAN_REPORT)
			return 0; /* --help, --version */
		p->files = argv + optind;
		p->nfiles = (unsigned int)(argc - optind);
		if (!p->nfiles)
			return plan_error(
				err, errlen,
				"report: no saved file given (expected ctxbench report [options] FILE...)");
		return 0;
	}
	if (optind < argc)
		return plan_error(err, errlen,
				  "unexpected argument '%s' (see --help)",
				  argv[optind]);
	if (p->seed_given && strcmp(p->order, "shuffle"))
		return plan_error(
			err, errlen,
			"--seed: only with --order shuffle (the other orders are fixed)");
	if (!backends_given)
		plan_backends(p, "all", err, errlen);
	if (!p->nplaces)
		p->nplaces = (unsigned int)place_parse("any", p->place, 1, err,
						       errlen);
	if (!p->nprocs) {
		p->nprocs = 1;
		p->procs[0] = 2; /* the classic ping-pong */
	}
	if (!p->nsizes) {
		p->nsizes = 1;
		p->size_kb[0] = 0;
	}
	return 0;
}

int plan_rings(const struct plan *p)
{
	return p->nprocs > 1 || p->procs[0] != 2 || p->nsizes > 1 ||
	       p->size_kb[0] != 0;
}
