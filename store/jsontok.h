/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The JSON tokenizer of the saved-run reader (store/jsontok.c).  Every
 * function returns 0, or -1 with one line in the caller's error buffer
 * that says where: "line 3, column 7: not JSON: ..." for the grammar,
 * "line 3: ..." for a value out of its range, "line 3, column 7: ..." for
 * a character text may not hold (lib/text.h).
 */
#ifndef CTXBENCH_JSONTOK_H
#define CTXBENCH_JSONTOK_H

#include <stddef.h>
#include <stdint.h>

#define JP_KEY_MAX 64 /* longer keys are nobody's: they are skipped */

/* A document being read: its bytes, where we are, how deep. */
struct jp {
	const char *start, *p, *end;
	unsigned int depth;
	char *err;
	size_t errlen;
	/* The last key read as "" for a character text may not hold: what, where. */
	char key_why[48];
	const char *key_at;
};

/* Where jp_err() says a problem is. */
enum jp_at {
	JP_AT_LINE, /* "line 3: ...": a value, a member */
	JP_NOT_JSON, /* "line 3, column 7: not JSON: ...": the grammar */
	JP_AT_COLUMN, /* "line 3, column 7: ...": a character of a value */
};

/* Say what is wrong at @at, with its line (and column, as @where says). */
int jp_err(struct jp *p, const char *at, int where, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Skip white space; the next byte, or -1 at the end. */
int jp_ws(struct jp *p);

/* What the value starting with @c is, for messages: "an object"... */
const char *jp_kind(int c);

/* Check the value at p->p and step over it. */
int jp_skip(struct jp *p);

/*
 * The object at p->p: @member is called with each key and p->p at its
 * value, which it must consume.  @what names the object in messages.
 */
int jp_object(struct jp *p, const char *what,
	      int (*member)(struct jp *p, const char *key, void *ctx),
	      void *ctx);

/* The array at p->p: @elem is called with p->p at each element. */
int jp_array(struct jp *p, const char *what,
	     int (*elem)(struct jp *p, unsigned int i, void *ctx), void *ctx);

/* Typed values; @key names the member in messages. */
int jp_get_string(struct jp *p, const char *key, char *dst, size_t size);
/* An integer in @min..@max. */
int jp_get_int(struct jp *p, const char *key, long long min, long long max,
	       long long *v);
/* A non-negative integer of 64 bits. */
int jp_get_u64(struct jp *p, const char *key, uint64_t *v);
/* A finite number in (@lo, @hi], or [@lo, @hi] when @lo_closed. */
int jp_get_double(struct jp *p, const char *key, double lo, double hi,
		  int lo_closed, double *v);
/* A number in [@lo, @hi], or null for unknown (NAN). */
int jp_get_maybe(struct jp *p, const char *key, double lo, double hi,
		 double *v);
/* true or false. */
int jp_get_bool(struct jp *p, const char *key, int *v);

#endif
