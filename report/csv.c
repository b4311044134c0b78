/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --format csv: kv's figures as a tidy table, a record a statistic.
 *
 * --format csv: the figures of kv as a tidy table, a record per label,
 * row and statistic, with named columns and RFC 4180's quoting, for
 * pandas, R and gnuplot to read as they are, and a cell a spreadsheet
 * would take for a formula written with a quote before it (docs/keys.md).
 */
#include <string.h>

#include "formats.h"
#include "report.h"

/* Whether @s is a plain decimal number, as the flat formats write one. */
static int csv_number(const char *s)
{
	size_t whole, frac = 0;

	s += *s == '-';
	whole = strspn(s, "0123456789");
	if (s[whole] == '.')
		frac = 1 + strspn(s + whole + 1, "0123456789");
	return whole > 0 && s[whole + frac] == '\0';
}

/*
 * Whether a spreadsheet would take @s for a formula (OWASP's CSV
 * injection): it begins with =, +, -, @, a tab or a CR, and is not a
 * number ("-3.2"), or begins with quotes before one of those (so that
 * taking one quote off gives back every value).
 */
static int csv_formula(const char *s)
{
	const char *after = s + strspn(s, "'");

	if (!*after || !strchr("=+-@\t\r", *after))
		return 0;
	return after > s || !csv_number(s);
}

/*
 * A field: a quote put before a cell a spreadsheet would run
 * (csv_formula()), and quoted, its quotes doubled, when it holds , " CR
 * or LF.
 */
static void csv_field(FILE *f, const char *s, int last)
{
	int formula = csv_formula(s);

	if (strpbrk(s, ",\"\r\n")) {
		fputs(formula ? "\"'" : "\"", f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else {
		fprintf(f, "%s%s", formula ? "'" : "", s);
	}
	fputs(last ? "\r\n" : ",", f);
}

/* The unit of a statistic, from the name kv gives it (docs/keys.md). */
static const char *csv_unit(const char *metric)
{
	static const struct {
		const char *end, *unit;
	} units[] = {
		{ "_ns", "ns" },
		{ "_pct", "%" },
		{ "_pct_per_hour", "%/h" },
		{ "_per_loop", "per loop" },
		{ "_cpus", "CPUs" },
	};
	size_t n = strlen(metric);
	const char *unit = "";

	if (!strncmp(metric, "loops_per_sec", 13))
		return "loops/s";
	for (size_t k = 0; k < sizeof(units) / sizeof(units[0]); k++) {
		size_t e = strlen(units[k].end);

		if (n >= e && !strcmp(metric + n - e, units[k].end))
			unit = units[k].unit;
	}
	return unit;
}

static void csv_fig(FILE *f, const struct report_flat_fig *x)
{
	char procs[16], kb[16];

	snprintf(procs, sizeof(procs), "%u", x->row->procs);
	snprintf(kb, sizeof(kb), "%u", x->row->ws_kb);
	csv_field(f, x->label, 0);
	csv_field(f, x->row->mech, 0);
	csv_field(f, x->row->placement[0] ? x->row->placement : "any", 0);
	csv_field(f, procs, 0);
	csv_field(f, kb, 0);
	csv_field(f, x->rowkey, 0);
	csv_field(f, x->metric, 0);
	csv_field(f, x->value, 0);
	csv_field(f, csv_unit(x->metric), 1);
}

static int csv_render(FILE *f, const struct report_model *m)
{
	fputs("label,mechanism,placement,procs,ws_kb,row,statistic,value,"
	      "unit\r\n",
	      f);
	return report_flat_walk(f, m, csv_fig);
}

const struct report_format report_format_csv = { "csv", csv_render };
