/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small JSON emitter: containers begun and ended, members and elements
 * given by key and value.  It places the commas, the line breaks and the
 * indentation: a block container puts each item on a line of its own,
 * two columns deeper than the container; an inline one keeps its items
 * on its own line.
 */
#ifndef CTXBENCH_JSONW_H
#define CTXBENCH_JSONW_H

#include <stdint.h>
#include <stdio.h>

#define JW_MAX_DEPTH 10

struct jw {
	FILE *f;
	unsigned int depth;
	int brk; /* the next item of an inline container starts a line */
	struct jw_level {
		char close; /* '}' or ']' */
		char inl; /* items on the container's own line */
		unsigned int n; /* items so far */
	} stack[JW_MAX_DEPTH];
};

void jw_init(struct jw *w, FILE *f);

/*
 * Begin an object or an array: a member @key of the enclosing object, or
 * an element when @key is NULL (or at the top).  @inl: on one line.
 */
void jw_object(struct jw *w, const char *key, int inl);
void jw_array(struct jw *w, const char *key, int inl);

/* End the innermost container; at the top, the document and its line. */
void jw_end(struct jw *w);

/* The next item of the inline container starts a line of its own. */
void jw_break(struct jw *w);

/* Values, as a member @key or an element (@key NULL). */
void jw_string(struct jw *w, const char *key, const char *s);
void jw_int(struct jw *w, const char *key, long long v);
void jw_uint(struct jw *w, const char *key, unsigned long long v);
/* The shortest text that reads back as exactly @v; null if not finite. */
void jw_double(struct jw *w, const char *key, double v);
void jw_bool(struct jw *w, const char *key, int v);

#endif
