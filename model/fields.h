/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The members of a saved run, each written once: its key in the JSON,
 * where it lives in the results, its type and the range a reader takes;
 * and the facts of the Run information block, in the order printed.
 * The JSON writer, the reader and the text report all walk these tables.
 */
#ifndef CTXBENCH_FIELDS_H
#define CTXBENCH_FIELDS_H

#include <stddef.h>

enum field_type {
	FIELD_STR, /* char[size], one line of text */
	FIELD_INT, /* int */
	FIELD_UINT, /* unsigned int */
	FIELD_LL, /* long long */
	FIELD_U64, /* uint64_t, a non-negative integer */
	FIELD_DOUBLE, /* double */
	FIELD_MAYBE, /* double, NAN (unknown) written as null */
	FIELD_BOOL, /* int, 0 or 1 */
	FIELD_TASKS, /* int: 1 "threads", 0 "processes" */
	FIELD_ORDER, /* enum result_order, as its name ("" not recorded) */
	FIELD_KVS, /* struct result_kv[max], its count at @aux */
	FIELD_PAIR, /* long[2] */
	FIELD_STATUS, /* enum result_status, as its key */
	FIELD_FLAGS, /* a row's flags, as an array of names */
	FIELD_OBJECT, /* an object of the members in @sub */
	FIELD_ROWS, /* the rows of an invocation, each of row_fields */
	FIELD_SAMPLES, /* the samples of a row, each of sample_fields */
	FIELD_RATE, /* derived: a sample's loops per second */
	FIELD_SUMMARY, /* derived: a row's statistics */
	FIELD_RTT, /* a row's round trip histogram */
	/*
	 * An array of structs, each an object of the members in @sub: the
	 * array at @off, an element @size bytes, the count (unsigned int) at
	 * @aux, at most @max elements.
	 */
	FIELD_LIST,
};

/* Flags of a field. */
#define FIELD_REQUIRED 0x1 /* a reader refuses an object without it */
#define FIELD_OPEN_MIN 0x2 /* the value must be more than @min */
#define FIELD_INLINE 0x4 /* an object or its elements on one line */
#define FIELD_REPEAT 0x8 /* may appear twice: the last one counts */
#define FIELD_ZERO_UNKNOWN 0x10 /* the report says "unknown" for 0 */
#define FIELD_WRAP 0x20 /* the report goes on over indented lines */
#define FIELD_NONEMPTY 0x40 /* a reader refuses an empty string */
/*
 * Written only when above @min (FIELD_UINT, FIELD_BOOL, FIELD_U64,
 * FIELD_DOUBLE), or not empty (FIELD_STR): a
 * dimension added later, whose absence means what files before it held.
 */
#define FIELD_SPARSE \
	0x80 /* FIELD_OBJECT: when its first member, a string, is not empty */
/*
 * FIELD_STR: a name as ctxbench names a mechanism ("pipe", "sysv-sem"):
 * lowercase letters, digits, '-' and '_', from a letter or a digit.  A
 * reader refuses another string, which no ctxbench writes; it takes a
 * name it does not know, of a later version's mechanism.
 */
#define FIELD_NAME 0x100

struct field {
	const char *key; /* NULL ends a table */
	enum field_type type;
	size_t off; /* in the struct the table describes */
	size_t size; /* FIELD_STR: of the array */
	size_t aux; /* FIELD_KVS: offset of the count */
	double min, max; /* the reader's range; FIELD_KVS: max members */
	unsigned int flags;
	const struct field *sub; /* FIELD_OBJECT: its members */
	/*
	 * FIELD_STR: written for an empty string, or with FIELD_SPARSE never
	 * written, and said by the report for an empty string (a fact);
	 * FIELD_UINT: said by the report for 0 (a fact).
	 */
	const char *empty;
};

/*
 * The members of an invocation (struct results), of its "info" and its
 * "parameters" (both struct result_info), of its rows, samples.
 */
extern const struct field invocation_fields[];
extern const struct field info_fields[];
extern const struct field param_fields[];
extern const struct field row_fields[];
extern const struct field sample_fields[];
/* A row's "profile" (struct result_profile). */
extern const struct field profile_fields[];

/* The most members a table may have: the reader marks them in 64 bits. */
#define FIELD_MAX_MEMBERS 64

/*
 * The fact at place @i (from 0) of the Run information block: its name
 * there in *@name, its member of invocation_fields[] or of one of its
 * objects in *@f, the offset in struct results of the struct it is a
 * member of in *@base, and its path of keys ("info.cpu_mhz") in *@path
 * when @path is not NULL.  Returns 0; -1 past the last fact; -2 when the
 * fact's path names no member (a fault of the table, unit-json's to find).
 */
int field_fact(unsigned int i, const char **name, const struct field **f,
	       size_t *base, const char **path);

/*
 * The member at @path ("info.cpu_mhz") below table @t, and in *@off its
 * offset from the start of the struct @t describes; NULL when none.
 */
const struct field *field_find(const struct field *t, const char *path,
			       size_t *off);

/* @base's member described by @f. */
static inline void *field_ptr(const void *base, const struct field *f)
{
	return (char *)base + f->off;
}

/* The index of @key in the table @t, or -1. */
int field_index(const struct field *t, const char *key);

#endif
