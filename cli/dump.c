/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ctxbench dump: the tables the references are made from, printed.
 *
 * ctxbench dump: the mechanisms, the facts of the Run information, the
 * options, the flat formats' keys and the saved run's members, printed
 * from the tables the code runs on, as perf's --list-opts is, so that the
 * manual page's lists, docs/keys.md's and docs/json.md's tables and the
 * completion's words are made from them (tools/gen-refs) and a test can
 * say when they differ.
 */
#include <string.h>

#include "dump.h"
#include "plan.h"
#include "ipc/ipc.h"
#include "lib/text.h"
#include "model/fields.h"
#include "model/schema.h"
#include "report/report.h"
#include "analysis/method.h"

/* A mechanism a line: its name, its title, how, "all" or "named". */
static void dump_mechanisms(FILE *f)
{
	for (const struct ipc_ops *const *o = ipc_backends; *o; o++)
		fprintf(f, "%s\t%s\t%s\t%s\n", (*o)->name, (*o)->title,
			(*o)->how,
			(*o)->flags & IPC_NOT_IN_ALL ? "named" : "all");
}

/* A fact a line, in the order printed: its name, its member's path. */
static void dump_facts(FILE *f)
{
	const struct field *m;
	const char *name, *path;
	size_t base;

	for (unsigned int i = 0; !field_fact(i, &name, &m, &base, &path); i++)
		fprintf(f, "%s\t%s\n", name, path);
}

/* How docs/json.md names the type of a member. */
static const char *dump_type(const struct field *m)
{
	switch (m->type) {
	case FIELD_STR:
	case FIELD_TASKS:
	case FIELD_ORDER:
	case FIELD_STATUS:
		return "string";
	case FIELD_INT:
	case FIELD_UINT:
	case FIELD_LL:
	case FIELD_U64:
		return "integer";
	case FIELD_DOUBLE:
	case FIELD_RATE:
		return "number";
	case FIELD_MAYBE:
		return "number or null";
	case FIELD_BOOL:
		return "boolean";
	case FIELD_KVS:
		return "object of strings";
	case FIELD_PAIR:
		return "array of 2 integers";
	case FIELD_FLAGS:
		return "array of strings";
	case FIELD_OBJECT:
	case FIELD_SUMMARY:
	case FIELD_RTT:
		return "object";
	case FIELD_ROWS:
	case FIELD_SAMPLES:
	case FIELD_LIST:
		return "array of objects";
	}
	return "";
}

/* The range a reader takes of a number, "1..10000"; "" for others. */
static void dump_range(const struct field *m, char *buf, size_t size)
{
	buf[0] = '\0';
	switch (m->type) {
	case FIELD_INT:
	case FIELD_UINT:
	case FIELD_LL:
	case FIELD_PAIR:
	case FIELD_DOUBLE:
	case FIELD_MAYBE:
		if (m->max > m->min && m->max < 1e300)
			snprintf(buf, size, "%s%.17g..%.17g",
				 m->flags & FIELD_OPEN_MIN ? ">" : "", m->min,
				 m->max);
		break;
	default:
		break;
	}
}

/*
 * The members of table @t below @path ("" for an invocation), each a
 * line: its path, its type, its range, whether it is required and
 * written only when set (sparse); then the members of its objects and
 * of the elements of its arrays (rows, samples) below "path[]".
 */
static void dump_members(FILE *f, const struct field *t, const char *path)
{
	char sub[128], range[80];

	for (; t->key; t++) {
		dump_range(t, range, sizeof(range));
		fprintf(f, "%s%s\t%s\t%s\t%s%s\n", path, t->key, dump_type(t),
			range, t->flags & FIELD_REQUIRED ? "required" : "",
			t->flags & FIELD_SPARSE ? "sparse" : "");
		if (t->type == FIELD_OBJECT) {
			snprintf(sub, sizeof(sub), "%s%s.", path, t->key);
			dump_members(f, t->sub, sub);
		} else if (t->type == FIELD_LIST) {
			snprintf(sub, sizeof(sub), "%s%s[].", path, t->key);
			dump_members(f, t->sub, sub);
		} else if (t->type == FIELD_ROWS || t->type == FIELD_SAMPLES) {
			snprintf(sub, sizeof(sub), "%s%s[].", path, t->key);
			dump_members(f,
				     t->type == FIELD_ROWS ? row_fields :
							     sample_fields,
				     sub);
		}
	}
}

/*
 * The members of the comparison of report --format json, as
 * dump_members() prints a saved run's: none is required or read back.
 */
static void dump_comparison(FILE *f)
{
	const char *table, *member, *type;

	for (unsigned int i = 0; !report_json_member(i, &table, &member, &type);
	     i++)
		fprintf(f, "%s%s\t%s\t\t\n", table, member, type);
}

/* A metric of the flat formats a line: its name, table, unit, words. */
static void dump_keys(FILE *f)
{
	for (const struct report_flat_key *k = report_flat_keys; k->name; k++)
		fprintf(f, "%s\t%s\t%s\t%s\n", k->name, k->group,
			k->unit ? k->unit : "", k->what);
}

/*
 * The verdict's methods a line (analysis/method.h), the shipped one
 * first: its name and what it tests, for the lab and CTXBENCH_METHOD.
 */
static void dump_methods(FILE *f)
{
	for (const struct verdict_method *m = verdict_methods; m->name; m++)
		fprintf(f, "%s\t%s\n", m->name, m->about);
}

/* The limits of a saved run that docs/json.md gives, a line each. */
static void dump_limits(FILE *f)
{
	fprintf(f, "schema_version\t%d\n", SAVED_SCHEMA_VERSION);
	fprintf(f, "file_bytes\t%u\n", SAVED_MAX_FILE_BYTES);
	fprintf(f, "depth\t%d\n", SAVED_MAX_DEPTH);
	fprintf(f, "samples\t%d\n", SAVED_MAX_SAMPLES);
	fprintf(f, "rows\t%d\n", SAVED_MAX_ROWS);
	fprintf(f, "invocations\t%d\n", SAVED_MAX_INVOCATIONS);
}

int dump_table(FILE *f, const char *what)
{
	if (!strcmp(what, "options"))
		plan_dump_options(f);
	else if (!strcmp(what, "mechanisms"))
		dump_mechanisms(f);
	else if (!strcmp(what, "facts"))
		dump_facts(f);
	else if (!strcmp(what, "json")) {
		dump_members(f, invocation_fields, "");
		dump_comparison(f);
	} else if (!strcmp(what, "keys"))
		dump_keys(f);
	else if (!strcmp(what, "limits"))
		dump_limits(f);
	else if (!strcmp(what, "methods"))
		dump_methods(f);
	else {
		text_say(
			stderr,
			"ctxbench: dump: no table '%s' (expected options, mechanisms, facts, json, keys, limits or methods)",
			what);
		return -1;
	}
	return 0;
}
