/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The JSON emitter: commas, line breaks and indentation in one place. */
#include <math.h>
#include <stdlib.h>

#include "jsonw.h"
#include "lib/utf8.h"

void jw_init(struct jw *w, FILE *f)
{
	w->f = f;
	w->depth = 0;
	w->brk = 0;
}

static void jw_indent(struct jw *w, unsigned int depth)
{
	fprintf(w->f, "%*s", (int)(2 * depth), "");
}

static void jw_quoted(FILE *f, const char *s)
{
	unsigned int n;

	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\') {
			fprintf(f, "\\%c", *p);
		} else if (*p == '\n') {
			fputs("\\n", f);
		} else if (*p == '\t') {
			fputs("\\t", f);
		} else if (*p < 0x20 || *p == 0x7f) {
			fprintf(f, "\\u%04x", *p);
		} else if (!(n = utf8_char((const char *)p, NULL))) {
			/*
			 * Not UTF-8, so not JSON: the replacement character,
			 * as the bytes it reads back as, so that a file read
			 * and written again is the same.
			 */
			fputs("\xef\xbf\xbd", f);
		} else {
			fwrite(p, 1, n, f);
			p += n - 1;
		}
	}
	fputc('"', f);
}

/* What goes before an item: its separator, its line, its key. */
static void jw_item(struct jw *w, const char *key)
{
	if (w->depth) {
		struct jw_level *c = &w->stack[w->depth - 1];

		if (c->n)
			fputc(',', w->f);
		if (!c->inl || w->brk) {
			fputc('\n', w->f);
			jw_indent(w, w->depth);
		} else if (c->n || c->close == '}') {
			fputc(' ', w->f);
		}
		c->n++;
		w->brk = 0;
	}
	if (key) {
		jw_quoted(w->f, key);
		fputs(": ", w->f);
	}
}

static void jw_begin(struct jw *w, const char *key, char open, int inl)
{
	jw_item(w, key);
	fputc(open, w->f);
	if (w->depth == JW_MAX_DEPTH)
		abort(); /* a writer's bug, not the data's */
	w->stack[w->depth].close = open == '{' ? '}' : ']';
	w->stack[w->depth].inl = (char)inl;
	w->stack[w->depth].n = 0;
	w->depth++;
}

void jw_object(struct jw *w, const char *key, int inl)
{
	jw_begin(w, key, '{', inl);
}

void jw_array(struct jw *w, const char *key, int inl)
{
	jw_begin(w, key, '[', inl);
}

void jw_end(struct jw *w)
{
	struct jw_level *c = &w->stack[--w->depth];

	if (c->n && !c->inl) {
		fputc('\n', w->f);
		jw_indent(w, w->depth);
	} else if (c->n && c->close == '}') {
		fputc(' ', w->f);
	}
	fputc(c->close, w->f);
	if (!w->depth)
		fputc('\n', w->f);
}

void jw_break(struct jw *w)
{
	w->brk = 1;
}

void jw_string(struct jw *w, const char *key, const char *s)
{
	jw_item(w, key);
	jw_quoted(w->f, s);
}

void jw_int(struct jw *w, const char *key, long long v)
{
	jw_item(w, key);
	fprintf(w->f, "%lld", v);
}

void jw_uint(struct jw *w, const char *key, unsigned long long v)
{
	jw_item(w, key);
	fprintf(w->f, "%llu", v);
}

void jw_double(struct jw *w, const char *key, double v)
{
	char buf[40];

	jw_item(w, key);
	if (!isfinite(v)) {
		fputs("null", w->f); /* JSON has no NaN; a reader refuses it */
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	fputs(buf, w->f);
}

void jw_bool(struct jw *w, const char *key, int v)
{
	jw_item(w, key);
	fputs(v ? "true" : "false", w->f);
}
