/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The option table: each option's parsing, target, default, range, words and
 * --help line.
 *
 * Options: one table gives getopt_long() its options and --help its text,
 * so the two cannot drift apart.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "lib/text.h"
#include "lib/util.h"
#include "run/cgroup.h"
#include "run/run.h"
#include "model/schema.h"
#include "report/report.h"
#include "analysis/trend.h"

/* The commands an option belongs to. */
#define PLAN_M_RUN 0x1 /* ctxbench [options] */
#define PLAN_M_REPORT 0x2 /* ctxbench report [options] FILE... */
#define PLAN_M_BOTH (PLAN_M_RUN | PLAN_M_REPORT)

struct plan_opt;

/* Parse @arg (NULL: no argument) for option @o into @p: 0, or -1 and @err. */
typedef int plan_parse_fn(const struct plan_opt *o, const char *arg,
			  struct plan *p, char *err, size_t errlen);

/*
 * The i-th word an option takes (a format, a class), NULL after the last:
 * as stress-ng's stress_switch_method(i) enumerates a method's values.
 */
typedef const char *plan_word_fn(size_t i);

/* Flags of an option. */
#define PLAN_DEF_SAID 0x1 /* @def is said in --help, not parsed */
#define PLAN_DEF_MARKED 0x2 /* --help marks @def among the words */

/*
 * One option: how getopt_long() and --help know it, what it sets, its
 * default, its range and its words.  Each parse function takes its target
 * from @off (and @count) in struct plan and its range from @min and @max,
 * as perf's OPT_INTEGER() does; the plan starts from each @def parsed as
 * if given, and --help, the messages and the completion's words (through
 * ctxbench dump options) are made from the same entry, as fio's
 * fio_options[] with .def, .minval, .maxval and .posval.
 */
struct plan_opt {
	const char *name;
	int key; /* the short option, or a number from 0x100 */
	const char *arg; /* NULL: takes no argument */
	const char *help; /* "%R" becomes the range, "%W" the words */
	const char *def; /* the default, as it would be given; NULL: none */
	unsigned int modes;
	unsigned int flags;
	plan_parse_fn *parse;
	size_t off; /* the target in struct plan */
	size_t size; /* of a text target */
	size_t count; /* a list's count in struct plan */
	long min, max;
	plan_word_fn *word; /* the words it takes; NULL: none */
	const char *what; /* "a count of runs", for messages */
	const char *more; /* after the range in messages; a list's letter */
	int many; /* may be given again, each time one more (--noise) */
};

static plan_parse_fn plan_opt_percent;
static plan_parse_fn plan_opt_seconds, plan_opt_uint, plan_opt_list,
	plan_opt_text, plan_opt_file, plan_opt_set, plan_opt_backends,
	plan_opt_places, plan_opt_order, plan_opt_seed, plan_opt_noise,
	plan_opt_format, plan_opt_parallel, plan_opt_policy, plan_opt_prio,
	plan_opt_nice, plan_opt_label, plan_opt_series;
static plan_word_fn plan_word_policy, plan_word_order, plan_word_format,
	plan_word_series;

#define AT(m) .off = offsetof(struct plan, m)
#define TEXT(m) AT(m), .size = sizeof(((struct plan *)0)->m)
#define LIST(m, n) AT(m), .count = offsetof(struct plan, n)
#define STR(x) STR_(x)
#define STR_(x) #x

static const struct plan_opt plan_opts[] = {
	{ "time", 't', "SECONDS", "length of one run, a positive decimal",
	  .def = "5", .modes = PLAN_M_RUN, .parse = plan_opt_seconds,
	  AT(run.duration_s) },
	{ "runs", 'r', "N", "runs per mechanism, %R", .def = "3",
	  .modes = PLAN_M_RUN, .parse = plan_opt_uint, AT(run.runs), .min = 1,
	  .max = PLAN_MAX_RUNS, .what = "a count of runs" },
	{ "backend", 'b', "LIST", "comma list of mechanisms, or all",
	  .def = "all", .modes = PLAN_M_RUN, .parse = plan_opt_backends,
	  AT(ops) },
	{ "placement", 'P', "LIST", "%W", .def = "any", .modes = PLAN_M_RUN,
	  .parse = plan_opt_places, AT(place), .word = place_word },
	{ "policy", 0x10a, "LIST", "%W (not deadline)", .modes = PLAN_M_RUN,
	  .parse = plan_opt_policy, AT(cls), .word = plan_word_policy },
	{ "prio", 0x10b, "N", "priority of fifo and rr, %R",
	  .def = STR(RUN_PRIO_DEFAULT), .modes = PLAN_M_RUN,
	  .parse = plan_opt_prio, AT(prio), .min = RUN_PRIO_MIN,
	  .max = RUN_PRIO_MAX },
	{ "nice", 0x10c, "N", "nice of other and batch, %R", .def = "0",
	  .modes = PLAN_M_RUN, .parse = plan_opt_nice, AT(nice),
	  .min = RUN_NICE_MIN, .max = RUN_NICE_MAX },
	{ "slice", 0x11b, "US", "EEVDF slice of other and batch in us, %R",
	  .modes = PLAN_M_RUN, .parse = plan_opt_uint, AT(run.slice_us),
	  .min = RUN_SLICE_MIN_US, .max = RUN_SLICE_MAX_US,
	  .what = "a slice in microseconds" },
	{ "mlock", 0x10d, NULL, "participants lock their memory (mlockall)",
	  .modes = PLAN_M_RUN, .parse = plan_opt_set, AT(run.mlock), .min = 1 },
	{ "cgroups", 'G', NULL,
	  "each participant of a ring in a cgroup of its own",
	  .modes = PLAN_M_RUN, .parse = plan_opt_set, AT(run.cg_apart),
	  .min = 1 },
	{ "cgroup-depth", 0x11a, "N",
	  "participants' cgroups N levels deep, %R (-G: 1)",
	  .modes = PLAN_M_RUN, .parse = plan_opt_uint, AT(run.cg_depth),
	  .min = 1, .max = RUN_CG_MAX_DEPTH, .what = "a depth of cgroups" },
	{ "threads", 'T', NULL, "participants are threads of one process",
	  .modes = PLAN_M_RUN, .parse = plan_opt_set, AT(run.threads),
	  .min = 1 },
	{ "procs", 'p', "LIST", "participants per ring, %R", .def = "2",
	  .modes = PLAN_M_RUN, .parse = plan_opt_list, LIST(procs, nprocs),
	  .min = 2, .max = RUN_MAX_NR, .what = "participant counts",
	  .more = "N" },
	{ "size", 's', "LIST", "KB each participant touches per hop",
	  .def = "0", .modes = PLAN_M_RUN, .parse = plan_opt_list,
	  LIST(size_kb, nsizes), .max = PLAN_MAX_SIZE_KB, .what = "sizes in KB",
	  .more = "S" },
	{ "parallel", 'j', "LIST", "rings at once, a list of %R or cpus",
	  .def = "1", .modes = PLAN_M_RUN, .parse = plan_opt_parallel,
	  LIST(rings, nrings), .min = 1, .max = RUN_MAX_RINGS },
	{ "shared", 0x10e, NULL, "the rings share the mechanism's objects",
	  .modes = PLAN_M_RUN, .parse = plan_opt_set, AT(run.shared),
	  .min = 1 },
	{ "waitv", 0x119, "N", "futexes futex-waitv waits on, %R",
	  .def = STR(IPC_WAITV_DEFAULT), .modes = PLAN_M_RUN,
	  .parse = plan_opt_uint, AT(run.waitv), .min = 1, .max = IPC_WAITV_MAX,
	  .what = "a count of futexes" },
	{ "name", 'n', "LABEL", "label of this run in the report",
	  .def = "uname -r", .modes = PLAN_M_RUN, .flags = PLAN_DEF_SAID,
	  .parse = plan_opt_text, TEXT(label) },
	{ "note", 0x100, "TEXT", "free text printed after the label",
	  .modes = PLAN_M_RUN, .parse = plan_opt_text, TEXT(note) },
	{ "output", 'o', "FILE", "also write the results as JSON to FILE",
	  .modes = PLAN_M_BOTH, .parse = plan_opt_file, AT(output),
	  .what = "empty file name" },
	{ "retry-disturbed", 0x101, "N",
	  "run a disturbed run again, up to N times", .modes = PLAN_M_RUN,
	  .parse = plan_opt_uint, AT(run.retry_disturbed),
	  .max = PLAN_MAX_RETRY, .what = "a count of retries" },
	{ "sample", 0x102, "N", "time one round trip in N, 0 none",
	  .def = STR(RUN_SAMPLE_EVERY), .modes = PLAN_M_RUN,
	  .parse = plan_opt_uint, AT(run.sample_every), .max = PLAN_MAX_SAMPLE,
	  .what = "a count of loops", .more = ", 0 for no timing" },
	{ "order", 0x106, "ORDER", "%W runs", .def = "interleave",
	  .modes = PLAN_M_RUN, .flags = PLAN_DEF_MARKED,
	  .parse = plan_opt_order, AT(run.order), .word = plan_word_order },
	{ "seed", 0x107, "N", "seed of --order shuffle", .def = "random",
	  .modes = PLAN_M_RUN, .flags = PLAN_DEF_SAID, .parse = plan_opt_seed,
	  AT(seed), .max = UINT32_MAX },
	{ "profile", 0x112, NULL,
	  "where the time went: each row's runs sampled by perf",
	  .modes = PLAN_M_RUN, .parse = plan_opt_set, AT(profile), .min = 1 },
	{ "histogram", 0x103, NULL,
	  "add an ASCII histogram of each row's round trips",
	  .modes = PLAN_M_BOTH, .parse = plan_opt_set, AT(histogram),
	  .min = 1 },
	{ "brief", 0x110, NULL, "text: what differs and the summary, to mail",
	  .modes = PLAN_M_BOTH, .parse = plan_opt_set, AT(brief), .min = 1 },
	{ "format", 0x109, "FMT", "%W", .def = "text", .modes = PLAN_M_BOTH,
	  .parse = plan_opt_format, AT(format), .word = plan_word_format },
	{ "json", 0x104, NULL, "the same as --format json",
	  .modes = PLAN_M_BOTH, .parse = plan_opt_set, AT(format),
	  .min = PLAN_FORMAT_json },
	{ "baseline", 0x105, "LABEL", "compare with the run labelled LABEL",
	  .def = "first", .modes = PLAN_M_REPORT, .flags = PLAN_DEF_SAID,
	  .parse = plan_opt_label, AT(baseline) },
	{ "fail-above", 0x10f, "PCT",
	  "exit 1 if the last label is marked PCT % slower",
	  .modes = PLAN_M_REPORT, .parse = plan_opt_percent, AT(fail_above),
	  .min = 0, .max = 1000 },
	{ "want", 0x111, "PCT", "what detect PCT % would take", .def = "5",
	  .modes = PLAN_M_REPORT, .flags = PLAN_DEF_SAID,
	  .parse = plan_opt_percent, AT(want), .min = 0, .max = 1000 },
	{ "series", 0x118, "ORDER", "%W: each label against the one before",
	  .modes = PLAN_M_REPORT, .parse = plan_opt_series, AT(series),
	  .word = plan_word_series },
	{ "noise", 0x108, "FILE",
	  "saved runs of one kernel, whose spread is the noise",
	  .modes = PLAN_M_REPORT, .parse = plan_opt_noise, AT(noise),
	  .max = PLAN_MAX_NOISE, .many = 1 },
	{ "quiet", 'q', NULL, "no progress line on the terminal (stderr)",
	  .modes = PLAN_M_RUN, .parse = plan_opt_set, AT(quiet), .min = 1 },
	{ "list", 'l', NULL, "list the mechanisms and exit",
	  .modes = PLAN_M_RUN, .parse = plan_opt_set, AT(action),
	  .min = PLAN_LIST },
	{ "help", 'h', NULL, "show this help and exit", .modes = PLAN_M_BOTH,
	  .parse = plan_opt_set, AT(action), .min = PLAN_HELP },
	{ "version", 'V', NULL, "show the version and exit",
	  .modes = PLAN_M_BOTH, .parse = plan_opt_set, AT(action),
	  .min = PLAN_VERSION },
};

#define PLAN_NOPTS ARRAY_SIZE(plan_opts)

/* plan_opt_set() sets an action as it sets a flag, through an int. */
_Static_assert(sizeof(enum plan_action) == sizeof(int), "an action is an int");
_Static_assert(sizeof(enum plan_format) == sizeof(int), "a format is an int");

/* How --help and the messages spell an option: "-t/--time", "--note". */
static void plan_opt_name(const struct plan_opt *o, char *buf, size_t size)
{
	if (o->key < 0x100)
		snprintf(buf, size, "-%c/--%s", o->key, o->name);
	else
		snprintf(buf, size, "--%s", o->name);
}

/* The classes of --policy, named as run/sched.c names them. */
static const char *plan_word_policy(size_t i)
{
	static const int policies[] = { SCHED_OTHER, SCHED_BATCH, SCHED_IDLE,
					SCHED_FIFO, SCHED_RR };

	return i < ARRAY_SIZE(policies) ? run_class_name(policies[i]) : NULL;
}

/* The orders of --order, named as model/results.c names them. */
static const char *plan_word_order(size_t i)
{
	return i + 1 < RESULT_NORDERS ?
		       result_order_name((enum result_order)(i + 1)) :
		       NULL;
}

/*
 * The formats of --format: report/formats.h's, in enum plan_format's
 * order, each named as its line there ("csv-compare").
 */
#define PLAN_FORMAT_NAME(id, name) name,
static const char *const plan_formats[] = { REPORT_FORMATS(PLAN_FORMAT_NAME) };
#undef PLAN_FORMAT_NAME

static const char *plan_word_format(size_t i)
{
	return i < ARRAY_SIZE(plan_formats) ? plan_formats[i] : NULL;
}

/* The orders of --series, named as analysis/trend.c names them. */
static const char *plan_word_series(size_t i)
{
	return i < TREND_NORDERS ?
		       report_trend_order_key((enum report_trend_order)i) :
		       NULL;
}

/* A text made in @buf of @size, appended to as long as it fits. */
struct plan_buf {
	char *s;
	size_t size, len;
};

static void plan_add(struct plan_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void plan_add(struct plan_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->len >= b->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->s + b->len, b->size - b->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
	if (b->len >= b->size)
		b->len = b->size - 1;
}

/*
 * The words of @o as "a, b or c", with @sep between them but the last;
 * the default marked "(default)" when @mark.
 */
static void plan_words(const struct plan_opt *o, const char *sep,
		       const char *last, int mark, struct plan_buf *b)
{
	const char *w;

	for (size_t i = 0; o->word && (w = o->word(i)); i++)
		plan_add(b, "%s%s%s",
			 !i		? "" :
			 o->word(i + 1) ? sep :
					  last,
			 w,
			 mark && o->def && !strcmp(o->def, w) ? " (default)" :
								"");
}

/* The range of @o as --help says it: "1..10000", "-20..19". */
static void plan_range(const struct plan_opt *o, struct plan_buf *b)
{
	plan_add(b, "%ld..%ld", o->min, o->max);
}

/* The --help text of @o into @buf: its help, range, words and default. */
static void plan_help(const struct plan_opt *o, char *buf, size_t size)
{
	struct plan_buf b = { buf, size, 0 };

	buf[0] = '\0';
	for (const char *h = o->help; *h; h++) {
		if (h[0] == '%' && h[1] == 'R') {
			plan_range(o, &b);
			h++;
		} else if (h[0] == '%' && h[1] == 'W') {
			plan_words(o, ", ", " or ", o->flags & PLAN_DEF_MARKED,
				   &b);
			h++;
		} else {
			plan_add(&b, "%c", *h);
		}
	}
	if (o->def && !(o->flags & PLAN_DEF_MARKED))
		plan_add(&b, " (default %s)", o->def);
}

/*
 * @help after its option's 27 columns, broken between words into lines
 * of at most 80 columns, each under the first.
 */
static void plan_usage_wrap(FILE *f, const char *help)
{
	const size_t width = 80 - 27;

	while (strlen(help) > width) {
		size_t cut = width;

		while (cut > 0 && help[cut] != ' ')
			cut--;
		if (!cut)
			break; /* one word wider than the column: as it is */
		fprintf(f, "%.*s\n%27s", (int)cut, help, "");
		help += cut + 1;
	}
	fprintf(f, "%s\n", help);
}

static void plan_usage_opts(FILE *f, unsigned int mode)
{
	for (size_t i = 0; i < PLAN_NOPTS; i++) {
		const struct plan_opt *o = &plan_opts[i];
		char left[48], help[160];

		if (!(o->modes & mode))
			continue;
		if (o->key < 0x100)
			snprintf(left, sizeof(left), "-%c, --%s%s%s", o->key,
				 o->name, o->arg ? " " : "",
				 o->arg ? o->arg : "");
		else
			snprintf(left, sizeof(left), "    --%s%s%s", o->name,
				 o->arg ? " " : "", o->arg ? o->arg : "");
		plan_help(o, help, sizeof(help));
		fprintf(f, "  %-24s ", left);
		plan_usage_wrap(f, help);
	}
}

/*
 * The table itself: no two options share a code (a short letter or a
 * number) or a long name, or getopt_long() takes one for the other.  0, or -1 with the
 * pair named in @err.
 */
int plan_check_options(char *err, size_t errlen)
{
	for (size_t i = 0; i < PLAN_NOPTS; i++)
		for (size_t j = i + 1; j < PLAN_NOPTS; j++)
			if (plan_opts[i].key == plan_opts[j].key ||
			    !strcmp(plan_opts[i].name, plan_opts[j].name)) {
				snprintf(err, errlen,
					 "--%s and --%s share a code or a name",
					 plan_opts[i].name, plan_opts[j].name);
				return -1;
			}
	return 0;
}

/*
 * Each option, a line of tab-separated fields, for the references made
 * from this table (tools/gen-refs): the commands it belongs to, its short
 * and long form, its argument, its default, its range, its words and its
 * --help text.  An empty field: none.
 */
void plan_dump_options(FILE *f)
{
	static const char *const modes[] = { "", "run", "report", "both" };

	for (size_t i = 0; i < PLAN_NOPTS; i++) {
		const struct plan_opt *o = &plan_opts[i];
		char range[64] = "", words[160] = "", help[160], key[3] = "";
		struct plan_buf r = { range, sizeof(range), 0 };
		struct plan_buf w = { words, sizeof(words), 0 };

		if (strstr(o->help, "%R"))
			plan_range(o, &r);
		plan_words(o, " ", " ", 0, &w);
		plan_help(o, help, sizeof(help));
		if (o->key < 0x100)
			snprintf(key, sizeof(key), "-%c", o->key);
		fprintf(f, "%s\t%s\t--%s\t%s\t%s\t%s\t%s\t%s\n",
			modes[o->modes & PLAN_M_BOTH], key, o->name,
			o->arg ? o->arg : "", o->def ? o->def : "", range,
			words, help);
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
		   "1 a mechanism failed\nor hung or a write failed, 2 bad "
		   "usage or a bad saved file, 128+N interrupted\nby signal "
		   "N.\n");
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
	if (end == s || *end || errno || !isfinite(v) || v < PLAN_MIN_SECONDS ||
	    v > PLAN_MAX_SECONDS)
		return -1;
	/* Not in hex or with an exponent: a plain positive decimal. */
	if (strpbrk(s, "xXeEpP") || s[0] == '-' || s[0] == '+' || s[0] == ' ' ||
	    s[0] == '\t')
		return -1;
	*out = v;
	return 0;
}

/*
 * Parse a comma list of whole numbers in @min..@max, without duplicates,
 * into @out (at most @max_n).  Returns the count, or -1.
 */
static int plan_parse_list(const char *s, unsigned long min, unsigned long max,
			   unsigned int *out, unsigned int max_n)
{
	char list[256], *rest = list, *tok;
	unsigned int n = 0;

	if (snprintf(list, sizeof(list), "%s", s) >= (int)sizeof(list))
		return -1;
	/* strsep() hands over empty fields too, which plan_parse_uint() refuses. */
	while ((tok = strsep(&rest, ","))) {
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

/* Mark the backends of the comma list @arg in @want, by table index. */
static int plan_want(const char *arg, unsigned char *want, char *err,
		     size_t errlen)
{
	char list[512], *rest = list, *name;

	if (snprintf(list, sizeof(list), "%s", arg) >= (int)sizeof(list))
		return plan_error(err, errlen, "-b/--backend: list too long");
	while ((name = strsep(&rest, ","))) {
		int i = ipc_index(name);

		if (!name[0])
			return plan_error(
				err, errlen,
				"-b/--backend: empty name in '%s' (expected NAME[,NAME...] or all; see --list)",
				arg);
		if (strcmp(name, "all") == 0) {
			for (unsigned int k = 0; k < ipc_count(); k++)
				if (!(ipc_backends[k]->flags & IPC_NOT_IN_ALL))
					want[k] = 1;
			continue;
		}
		if (i < 0)
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
	return 0;
}

static int plan_backends(struct plan *p, const char *arg, char *err,
			 size_t errlen)
{
	unsigned char want[PLAN_MAX_BACKENDS] = { 0 };

	if (plan_want(arg, want, err, errlen) < 0)
		return -1;
	/* The report keeps its own order, whatever the order of the list. */
	p->nops = 0;
	for (unsigned int i = 0; i < ipc_count(); i++)
		if (want[i])
			p->ops[p->nops++] = ipc_backends[i];
	return 0;
}

/*
 * @arg of option @opt is text the report and the saved run print as it
 * is, and the reader takes back: not empty, and as lib/text.h says.
 */
static int plan_text_ok(const char *arg, const char *opt, char *err,
			size_t errlen)
{
	char why[64];
	long at;

	if (!arg[0])
		return plan_error(err, errlen, "%s: empty text", opt);
	at = text_check(arg, why, sizeof(why));
	if (at >= 0)
		return plan_error(
			err, errlen,
			"%s: not one line of printable UTF-8: %s at byte %ld",
			opt, why, at + 1);
	return 0;
}

static int plan_text(char *dst, size_t size, const char *arg, const char *opt,
		     char *err, size_t errlen)
{
	if (plan_text_ok(arg, opt, err, errlen) < 0)
		return -1;
	if (strlen(arg) >= size)
		return plan_error(err, errlen, "%s: longer than %zu bytes", opt,
				  size - 1);
	memcpy(dst, arg, strlen(arg) + 1);
	return 0;
}

/*
 * What a run saves, ctxbench report must read back: a plan of more rows,
 * or of more bytes, than a saved file may hold is refused before it runs.
 */
static int plan_check_size(const struct plan *p, char *err, size_t errlen)
{
	unsigned long long rows = plan_nrows(p);
	double bytes =
		(double)rows *
		(SAVED_ROW_BYTES + (double)p->run.runs * SAVED_SAMPLE_BYTES);

	if (rows > SAVED_MAX_ROWS)
		return plan_error(
			err, errlen,
			"-b, -P, --policy, -p, -s and -j make %llu rows: a saved run holds at most %u",
			rows, SAVED_MAX_ROWS);
	if (bytes > SAVED_MAX_FILE_BYTES)
		return plan_error(
			err, errlen,
			"-r %u over %llu rows could save more than the %u MiB a saved run may hold",
			p->run.runs, rows, SAVED_MAX_FILE_BYTES >> 20);
	return 0;
}

/* The target of option @o in @p. */
static void *plan_target(const struct plan_opt *o, struct plan *p)
{
	return (char *)p + o->off;
}

static int plan_opt_seconds(const struct plan_opt *o, const char *arg,
			    struct plan *p, char *err, size_t errlen)
{
	if (plan_parse_seconds(arg, plan_target(o, p)) < 0)
		return plan_error(
			err, errlen,
			"-t/--time: '%s' is not a number of seconds (expected a decimal from %g to %.0f, e.g. 0.5)",
			arg, PLAN_MIN_SECONDS, PLAN_MAX_SECONDS);
	return 0;
}

static int plan_opt_percent(const struct plan_opt *o, const char *arg,
			    struct plan *p, char *err, size_t errlen)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (end == arg || *end || errno || !isfinite(v) || v < (double)o->min ||
	    v > (double)o->max || strpbrk(arg, "xXeEpP") || arg[0] == '-' ||
	    arg[0] == '+' || arg[0] == ' ' || arg[0] == '\t')
		return plan_error(
			err, errlen,
			"--%s: '%s' is not a percent (expected a decimal from %ld to %ld, e.g. 5)",
			o->name, arg, o->min, o->max);
	*(double *)plan_target(o, p) = v;
	return 0;
}

static int plan_opt_uint(const struct plan_opt *o, const char *arg,
			 struct plan *p, char *err, size_t errlen)
{
	unsigned long v;
	char name[32];

	if (plan_parse_uint(arg, (unsigned long)o->min, (unsigned long)o->max,
			    &v) < 0) {
		plan_opt_name(o, name, sizeof(name));
		return plan_error(err, errlen,
				  "%s: '%s' is not %s (expected %ld..%ld%s)",
				  name, arg, o->what, o->min, o->max,
				  o->more ? o->more : "");
	}
	*(unsigned int *)plan_target(o, p) = (unsigned int)v;
	return 0;
}

static int plan_opt_list(const struct plan_opt *o, const char *arg,
			 struct plan *p, char *err, size_t errlen)
{
	unsigned int *count = (unsigned int *)((char *)p + o->count);
	int n = plan_parse_list(arg, (unsigned long)o->min,
				(unsigned long)o->max, plan_target(o, p),
				PLAN_MAX_LIST);
	char name[32];

	if (n < 0) {
		plan_opt_name(o, name, sizeof(name));
		return plan_error(
			err, errlen,
			"%s: '%s' is not a list of %s (expected %s[,%s...], each %ld..%ld, at most %d, once)",
			name, arg, o->what, o->more, o->more, o->min, o->max,
			PLAN_MAX_LIST);
	}
	*count = (unsigned int)n;
	return 0;
}

static int plan_opt_text(const struct plan_opt *o, const char *arg,
			 struct plan *p, char *err, size_t errlen)
{
	char name[32];

	plan_opt_name(o, name, sizeof(name));
	return plan_text(plan_target(o, p), o->size, arg, name, err, errlen);
}

/* A file name: not empty. */
static int plan_opt_file(const struct plan_opt *o, const char *arg,
			 struct plan *p, char *err, size_t errlen)
{
	const char **target = plan_target(o, p);
	char name[32];

	plan_opt_name(o, name, sizeof(name));
	if (!arg[0])
		return plan_error(err, errlen, "%s: %s", name, o->what);
	*target = arg;
	return 0;
}

/* A label to find among the saved runs': text as theirs is. */
static int plan_opt_label(const struct plan_opt *o, const char *arg,
			  struct plan *p, char *err, size_t errlen)
{
	char name[32];

	plan_opt_name(o, name, sizeof(name));
	if (plan_text_ok(arg, name, err, errlen) < 0)
		return -1;
	*(const char **)plan_target(o, p) = arg;
	return 0;
}

/* A flag or an action: its target set to @o->min. */
static int plan_opt_set(const struct plan_opt *o, const char *arg,
			struct plan *p, char *err, size_t errlen)
{
	(void)arg;
	(void)err;
	(void)errlen;
	*(int *)plan_target(o, p) = (int)o->min;
	return 0;
}

static int plan_opt_backends(const struct plan_opt *o, const char *arg,
			     struct plan *p, char *err, size_t errlen)
{
	(void)o;
	return plan_backends(p, arg, err, errlen);
}

/*
 * Are two explicit placements the same CPUs in the same order?  By value:
 * "cpus:00,1" is "cpus:0,1", and would measure the same row twice.
 */
static int plan_same_cpus(const struct place *a, const struct place *b)
{
	if (a->kind != PLACE_CPUS || b->kind != PLACE_CPUS ||
	    a->ncpu != b->ncpu)
		return 0;
	return !memcmp(a->cpu, b->cpu, a->ncpu * sizeof(a->cpu[0]));
}

static int plan_opt_places(const struct plan_opt *o, const char *arg,
			   struct plan *p, char *err, size_t errlen)
{
	int n;

	(void)o;
	n = place_parse(arg, p->place, PLAN_MAX_PLACES, err, errlen);
	if (n < 0)
		return -1;
	/*
	 * place_parse() refuses a named placement twice; a CPU list can only
	 * be compared once it has ended, so here.
	 */
	for (int i = 0; i < n; i++)
		for (int j = 0; j < i; j++)
			if (plan_same_cpus(&p->place[j], &p->place[i]))
				return plan_error(
					err, errlen,
					"-P/--placement: '%s' named twice",
					p->place[i].name);
	p->nplaces = (unsigned int)n;
	return 0;
}

static int plan_opt_order(const struct plan_opt *o, const char *arg,
			  struct plan *p, char *err, size_t errlen)
{
	char list[64];
	struct plan_buf b = { list, sizeof(list), 0 };

	if (result_order_parse(arg, &p->run.order) < 0) {
		plan_words(o, ", ", " or ", 0, &b);
		return plan_error(
			err, errlen,
			"--order: '%s' is not an order of runs (expected %s)",
			arg, list);
	}
	return 0;
}

static int plan_opt_seed(const struct plan_opt *o, const char *arg,
			 struct plan *p, char *err, size_t errlen)
{
	if (plan_parse_uint(arg, 0, (unsigned long)o->max, &p->seed) < 0)
		return plan_error(
			err, errlen,
			"--seed: '%s' is not a seed (expected 0..%ld)", arg,
			o->max);
	p->seed_given = 1;
	return 0;
}

static int plan_opt_noise(const struct plan_opt *o, const char *arg,
			  struct plan *p, char *err, size_t errlen)
{
	if (p->nnoise == (unsigned long)o->max)
		return plan_error(
			err, errlen,
			"--noise: more than %ld files (give the noise of one kernel, a few invocations)",
			o->max);
	p->noise[p->nnoise++] = arg;
	return 0;
}

/* --policy: the classes to sweep, as -P sweeps placements. */
static int plan_opt_policy(const struct plan_opt *o, const char *arg,
			   struct plan *p, char *err, size_t errlen)
{
	char list[128], *rest = list, *name, words[64];
	struct plan_buf b = { words, sizeof(words), 0 };

	plan_words(o, ", ", " or ", 0, &b);
	if (snprintf(list, sizeof(list), "%s", arg) >= (int)sizeof(list))
		return plan_error(err, errlen, "--policy: list too long");
	while ((name = strsep(&rest, ","))) {
		int policy;

		if (!strcmp(name, "deadline"))
			return plan_error(
				err, errlen,
				"--policy: deadline is not offered: a SCHED_DEADLINE task needs its runtime, deadline and period, and cannot be pinned to fewer CPUs than its root domain has, so no figure of it would compare (use fifo or rr)");
		if (run_class_parse(name, &policy) < 0)
			return plan_error(
				err, errlen,
				"--policy: '%s' is not a scheduling class (expected %s)",
				name, words);
		for (unsigned int i = 0; i < p->nclasses; i++)
			if (p->cls[i].policy == policy)
				return plan_error(err, errlen,
						  "--policy: '%s' named twice",
						  name);
		p->cls[p->nclasses].given = 1;
		p->cls[p->nclasses++].policy = policy;
	}
	return 0;
}

static int plan_opt_prio(const struct plan_opt *o, const char *arg,
			 struct plan *p, char *err, size_t errlen)
{
	unsigned long v;

	if (plan_parse_uint(arg, (unsigned long)o->min, (unsigned long)o->max,
			    &v) < 0)
		return plan_error(
			err, errlen,
			"--prio: '%s' is not a real-time priority (expected %ld..%ld)",
			arg, o->min, o->max);
	p->prio = (unsigned int)v;
	p->prio_given = 1;
	return 0;
}

static int plan_opt_nice(const struct plan_opt *o, const char *arg,
			 struct plan *p, char *err, size_t errlen)
{
	unsigned long v;
	int neg = arg[0] == '-';

	if (plan_parse_uint(arg + neg, 0,
			    (unsigned long)(neg ? -o->min : o->max), &v) < 0)
		return plan_error(
			err, errlen,
			"--nice: '%s' is not a nice value (expected %ld..%ld)",
			arg, o->min, o->max);
	p->nice = neg ? -(int)v : (int)v;
	p->nice_given = 1;
	return 0;
}

/*
 * The classes of --policy with their priority and nice; --prio and
 * --nice only where a class takes them.  Without --policy the
 * participants keep ctxbench's own class, unless --nice asks for one.
 */
static int plan_classes(struct plan *p, char *err, size_t errlen)
{
	int rt = 0, niced = 0;

	if (!p->nclasses) {
		p->nclasses = 1;
		p->cls[0].policy = SCHED_OTHER;
		p->cls[0].given = p->nice_given;
	}
	for (unsigned int i = 0; i < p->nclasses; i++) {
		struct run_class *c = &p->cls[i];

		if (run_class_rt(c->policy)) {
			rt = 1;
			c->prio = (int)p->prio; /* --prio, or its default */
		} else if (run_class_niced(c->policy)) {
			niced = 1;
			c->nice = p->nice;
		}
	}
	if (p->prio_given && !rt)
		return plan_error(err, errlen,
				  "--prio: only with --policy fifo or rr");
	if (p->nice_given && !niced)
		return plan_error(err, errlen,
				  "--nice: only with --policy other or batch");
	/* Without --policy, ctxbench's own class: the engine's check says. */
	if (p->run.slice_us && p->cls[0].given && !niced)
		return plan_error(err, errlen,
				  "--slice: only with --policy other or batch");
	return 0;
}

/*
 * -G: one level of cgroups at least; not with -T, whose participants are
 * threads of one process, and a process is in one cgroup.
 */
static int plan_cgroups(struct plan *p, char *err, size_t errlen)
{
	if (!p->run.cg_apart)
		return 0;
	if (p->run.threads)
		return plan_error(
			err, errlen,
			"-G/--cgroups: not with -T: threads of one process are in one cgroup (give -T with --cgroup-depth alone)");
	if (!p->run.cg_depth)
		p->run.cg_depth = 1;
	return 0;
}

/* The name of a format, as --format takes it. */
/* --series ORDER: the labels as given, or by their start. */
static int plan_opt_series(const struct plan_opt *o, const char *arg,
			   struct plan *p, char *err, size_t errlen)
{
	enum report_trend_order by;
	char words[64];
	struct plan_buf b = { words, sizeof(words), 0 };

	if (report_trend_order_parse(arg, &by) == 0) {
		*(int *)plan_target(o, p) = 1 + (int)by;
		return 0;
	}
	plan_words(o, ", ", " or ", 0, &b);
	return plan_error(
		err, errlen,
		"--series: '%s' is not an order of labels (expected %s)", arg,
		words);
}

static int plan_opt_format(const struct plan_opt *o, const char *arg,
			   struct plan *p, char *err, size_t errlen)
{
	char words[64];
	struct plan_buf b = { words, sizeof(words), 0 };

	for (size_t i = 0; i < ARRAY_SIZE(plan_formats); i++) {
		if (strcmp(arg, plan_formats[i]) == 0) {
			*(int *)plan_target(o, p) = (int)i;
			return 0;
		}
	}
	plan_words(o, ", ", " or ", 0, &b);
	return plan_error(err, errlen,
			  "--format: '%s' is not a format (expected %s)", arg,
			  words);
}

/*
 * -j: a comma list of ring counts, "cpus" for one per allowed CPU, each
 * once.
 */
static int plan_opt_parallel(const struct plan_opt *o, const char *arg,
			     struct plan *p, char *err, size_t errlen)
{
	char list[256], *rest = list, *tok;
	unsigned int n = 0, from_cpus = PLAN_MAX_LIST; /* index of cpus' */
	unsigned long v;
	cpu_set_t set;
	int dup;

	if (snprintf(list, sizeof(list), "%s", arg) >= (int)sizeof(list))
		goto bad;
	while ((tok = strsep(&rest, ","))) {
		if (strcmp(tok, "cpus") == 0) {
			if (sched_getaffinity(0, sizeof(set), &set) < 0)
				return plan_error(err, errlen,
						  "-j/--parallel: cpus: %s",
						  strerror(errno));
			v = (unsigned long)CPU_COUNT(&set);
			v = v > (unsigned long)o->max ? (unsigned long)o->max :
							v;
		} else if (plan_parse_uint(tok, (unsigned long)o->min,
					   (unsigned long)o->max, &v) < 0) {
			goto bad;
		}
		/*
		 * cpus is a count like any other, but the user cannot know
		 * it: "1,cpus" on one CPU is 1, once.  A count named twice
		 * is a slip.
		 */
		dup = -1;
		for (unsigned int i = 0; i < n; i++)
			if (p->rings[i] == v)
				dup = (int)i;
		if (dup >= 0 && (strcmp(tok, "cpus") == 0 ||
				 (unsigned int)dup == from_cpus))
			continue;
		if (dup >= 0)
			return plan_error(
				err, errlen,
				"-j/--parallel: %lu rings named twice in '%s'",
				v, arg);
		if (n == PLAN_MAX_LIST)
			goto bad;
		if (strcmp(tok, "cpus") == 0)
			from_cpus = n;
		p->rings[n++] = (unsigned int)v;
	}
	p->nrings = n;
	return 0;
bad:
	return plan_error(
		err, errlen,
		"-j/--parallel: '%s' is not a list of ring counts (expected N[,N...] or cpus, each %ld..%ld, at most %d, once)",
		arg, o->min, o->max, PLAN_MAX_LIST);
}

/* -p times -j must fit the runner: so many tasks at once, at most. */
static int plan_check_tasks(const struct plan *p, char *err, size_t errlen)
{
	unsigned int most_p = 0, most_j = 0;

	for (unsigned int i = 0; i < p->nprocs; i++)
		most_p = p->procs[i] > most_p ? p->procs[i] : most_p;
	for (unsigned int i = 0; i < p->nrings; i++)
		most_j = p->rings[i] > most_j ? p->rings[i] : most_j;
	if ((unsigned long)most_p * most_j > RUN_MAX_NR)
		return plan_error(
			err, errlen,
			"-p %u with -j %u makes %lu participants at once: at most %d",
			most_p, most_j, (unsigned long)most_p * most_j,
			RUN_MAX_NR);
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

/* getopt_long()'s two tables, from ours. */
static void plan_getopt(struct option *lopts, char *sopts)
{
	char *s = sopts;

	memset(lopts, 0, (PLAN_NOPTS + 1) * sizeof(*lopts));
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
}

/*
 * Does option @o set one value, which a second option could only say
 * again or contradict?  Every option that takes a value but --noise, and
 * a flag that sets the target of one (--json, --format's).  A flag alone
 * (-q, -T) says the same each time.
 */
static int plan_opt_single(const struct plan_opt *o)
{
	if (o->arg)
		return !o->many;
	for (size_t i = 0; i < PLAN_NOPTS; i++)
		if (plan_opts[i].arg && plan_opts[i].off == o->off)
			return 1;
	return 0;
}

/*
 * One value, one option: @o, given after the @ngiven options in @given,
 * sets what none of them set.  Then it is one of them.
 */
static int plan_once(const struct plan_opt *o, const struct plan_opt **given,
		     unsigned int *ngiven, char *err, size_t errlen)
{
	char name[32], other[32];

	if (!plan_opt_single(o))
		return 0;
	for (unsigned int i = 0; i < *ngiven; i++) {
		if (given[i]->off != o->off)
			continue;
		plan_opt_name(o, name, sizeof(name));
		if (given[i] == o)
			return plan_error(
				err, errlen, "%s: given twice%s", name,
				o->arg && !strcmp(o->arg, "LIST") ?
					" (name them all in one comma list)" :
					" (give it once)");
		plan_opt_name(given[i], other, sizeof(other));
		return plan_error(err, errlen,
				  "%s: given with %s, which sets the same "
				  "(give one of them, once)",
				  name, other);
	}
	given[(*ngiven)++] = o;
	return 0;
}

/*
 * getopt_long()'s answer @c, with @mode the command and @given the
 * options of one value so far: 0, or -1 and @err.
 */
static int plan_option(int c, char *const *argv, unsigned int mode,
		       struct plan *p, const struct plan_opt **given,
		       unsigned int *ngiven, char *err, size_t errlen)
{
	const struct plan_opt *o = plan_find(c);
	char name[32];

	if (c == ':')
		return plan_error(err, errlen,
				  "option '%s' needs a value (see --help)",
				  argv[optind - 1]);
	/*
	 * An unknown short option may stand inside a group (-zq), where
	 * optind has not moved on: its character is named, not an argument.
	 * A known one here is a long option given a value it does not take
	 * (--quiet=1), its argument named.
	 */
	if (!o && optopt && !plan_find(optopt))
		return plan_error(err, errlen,
				  "unknown option '-%c' (see --help)", optopt);
	if (!o)
		return plan_error(err, errlen,
				  "unknown option '%s' (see --help)",
				  argv[optind - 1]);
	if (!(o->modes & mode)) {
		plan_opt_name(o, name, sizeof(name));
		return plan_error(
			err, errlen,
			mode == PLAN_M_REPORT ?
				"%s: not an option of ctxbench report (see --help)" :
				"%s: only for ctxbench report FILE... (see --help)",
			name);
	}
	if (plan_once(o, given, ngiven, err, errlen) < 0)
		return -1;
	return o->parse(o, optarg, p, err, errlen);
}

/* ctxbench report: the saved files after the options. */
static int plan_files(int argc, char *const *argv, struct plan *p, char *err,
		      size_t errlen)
{
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

/*
 * What a run does when the options do not say: each option's default,
 * parsed as if it were given (-p 2, the classic ping-pong), but not
 * counted as given.  A default the table cannot fail to parse.
 */
static int plan_defaults(struct plan *p, char *err, size_t errlen)
{
	for (size_t i = 0; i < PLAN_NOPTS; i++) {
		const struct plan_opt *o = &plan_opts[i];

		if (o->def && !(o->flags & PLAN_DEF_SAID) &&
		    o->parse(o, o->def, p, err, errlen) < 0)
			return -1;
	}
	p->prio_given = p->nice_given = 0;
	return 0;
}

int plan_parse(int argc, char *const *argv, struct plan *p, char *err,
	       size_t errlen)
{
	struct option lopts[PLAN_NOPTS + 1];
	char sopts[PLAN_NOPTS * 2 + 2];
	const struct plan_opt *given[PLAN_NOPTS];
	unsigned int mode = PLAN_M_RUN, ngiven = 0;
	int c;

	memset(p, 0, sizeof(*p));
	p->action = PLAN_RUN;
	p->fail_above = p->want = -1; /* not given */
	if (plan_defaults(p, err, errlen) < 0)
		return -1;
	/* Not in --help: for those who keep the references (ctxbench.1). */
	if (argc > 1 && strcmp(argv[1], "dump") == 0) {
		if (argc != 3)
			return plan_error(
				err, errlen,
				"dump: expected ctxbench dump WHAT (options, mechanisms, facts, json or limits)");
		p->action = PLAN_DUMP;
		p->dump = argv[2];
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "report") == 0) {
		/* getopt_long() takes "report" for the program's name. */
		mode = PLAN_M_REPORT;
		p->action = PLAN_REPORT;
		argc--;
		argv++;
	}
	plan_getopt(lopts, sopts);
	optind = 0; /* a full reset: plan_parse() may be called again */
	opterr = 0;
	while ((c = getopt_long(argc, argv, sopts, lopts, NULL)) != -1)
		if (plan_option(c, argv, mode, p, given, &ngiven, err, errlen) <
		    0)
			return -1;
	if (mode == PLAN_M_REPORT)
		return plan_files(argc, argv, p, err, errlen);
	if (optind < argc)
		return plan_error(err, errlen,
				  "unexpected argument '%s' (see --help)",
				  argv[optind]);
	if (p->seed_given && p->run.order != RESULT_ORDER_SHUFFLE)
		return plan_error(
			err, errlen,
			"--seed: only with --order shuffle (the other orders are fixed)");
	if (plan_classes(p, err, errlen) < 0 ||
	    plan_cgroups(p, err, errlen) < 0)
		return -1;
	if (plan_check_tasks(p, err, errlen) < 0)
		return -1;
	return plan_check_size(p, err, errlen);
}

unsigned long long plan_nrows(const struct plan *p)
{
	return (unsigned long long)p->nops * p->nplaces * p->nclasses *
	       p->nprocs * p->nsizes * (p->nrings ? p->nrings : 1);
}

/* Did the user ask for rings or working sets, beyond the ping-pong? */
static int plan_rings(const struct plan *p)
{
	return p->nprocs > 1 || p->procs[0] != 2 || p->nsizes > 1 ||
	       p->size_kb[0] != 0;
}

void plan_sweep(const struct plan *p, struct sweep_spec *s)
{
	*s = p->run;
	s->hop_work = plan_rings(p);
	s->nops = p->nops;
	s->ops = p->ops;
	s->nplaces = p->nplaces;
	s->place = p->place;
	s->nclasses = p->nclasses;
	s->cls = p->cls;
	s->nprocs = p->nprocs;
	s->procs = p->procs;
	s->nsizes = p->nsizes;
	s->size_kb = p->size_kb;
	s->nrings = p->nrings;
	s->rings = p->rings;
}

void plan_info(const struct plan *p, struct results *res)
{
	struct result_info *in = &res->info;

	snprintf(res->version, sizeof(res->version), "%s", ctxbench_version);
	snprintf(in->label, sizeof(in->label), "%s",
		 p->label[0] ? p->label : in->kernel);
	if (!in->label[0])
		snprintf(in->label, sizeof(in->label), "unknown");
	snprintf(in->note, sizeof(in->note), "%s", p->note);
	in->duration_s = p->run.duration_s;
	in->runs = p->run.runs;
	in->threads = p->run.threads;
	in->participants = p->procs[0];
	in->order = p->run.order;
	in->slice_us = p->run.slice_us;
	in->cgroup_depth = p->run.cg_depth;
	in->cgroups_apart = p->run.cg_apart;
	if (p->run.order == RESULT_ORDER_SHUFFLE)
		in->seed = p->seed_given ? p->seed : sweep_random_seed();
}
