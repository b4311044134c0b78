/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The saved-run reader's JSON tokenizer, bounded.
 *
 * The JSON tokenizer of the saved-run reader: strings, numbers, literals,
 * objects and arrays checked against JSON's grammar, bounded in nesting,
 * and typed values with their ranges.  It knows no schema: store/reader.c
 * walks the members it hands over.  An error says where, in one line.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsontok.h"
#include "lib/text.h"
#include "lib/utf8.h"
#include "store.h"

#define JP_NUM_MAX 64 /* the longest number text a field may have */

/* Say what is wrong at @at, with its line (and column, as @where says). */
int jp_err(struct jp *p, const char *at, int where, const char *fmt, ...)
{
	const char *line_start = p->start;
	unsigned int line = 1;
	char msg[256];
	va_list ap;

	for (const char *q = p->start; q < at; q++) {
		if (*q == '\n') {
			line++;
			line_start = q + 1;
		}
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (where != JP_AT_LINE)
		snprintf(p->err, p->errlen, "line %u, column %u: %s%s", line,
			 (unsigned int)(at - line_start) + 1,
			 where == JP_NOT_JSON ? "not JSON: " : "", msg);
	else
		snprintf(p->err, p->errlen, "line %u: %s", line, msg);
	return -1;
}

/* The file ends too early. */
static int jp_eof(struct jp *p)
{
	return jp_err(p, p->end, 0, "the file ends too early (truncated?)");
}

/* Skip white space; the next byte, or -1 at the end. */
int jp_ws(struct jp *p)
{
	while (p->p < p->end && (*p->p == ' ' || *p->p == '\t' ||
				 *p->p == '\n' || *p->p == '\r'))
		p->p++;
	return p->p < p->end ? (unsigned char)*p->p : -1;
}

/* What the value starting with @c is, for messages. */
const char *jp_kind(int c)
{
	switch (c) {
	case '{':
		return "an object";
	case '[':
		return "an array";
	case '"':
		return "a string";
	case 't':
	case 'f':
		return "a boolean";
	case 'n':
		return "null";
	default:
		return "a number";
	}
}

static int jp_unexpected(struct jp *p)
{
	unsigned char c = (unsigned char)*p->p;

	if (c > 0x20 && c < 0x7f)
		return jp_err(p, p->p, 1, "unexpected '%c'", c);
	return jp_err(p, p->p, 1, "unexpected byte 0x%02x", c);
}

static int jp_hex4(struct jp *p, unsigned long *cp)
{
	*cp = 0;
	for (int i = 0; i < 4; i++) {
		char c;

		if (p->p >= p->end)
			return jp_eof(p);
		c = *p->p;
		*cp <<= 4;
		if (c >= '0' && c <= '9')
			*cp |= (unsigned long)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*cp |= (unsigned long)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*cp |= (unsigned long)(c - 'A' + 10);
		else
			return jp_err(p, p->p, 1, "\\u needs four hex digits");
		p->p++;
	}
	return 0;
}

/* The code point after a backslash-u at p->p, surrogate pairs joined. */
static int jp_unicode(struct jp *p, unsigned long *cp)
{
	const char *at = p->p - 2;
	unsigned long lo;

	if (jp_hex4(p, cp) < 0)
		return -1;
	if (*cp >= 0xdc00 && *cp <= 0xdfff)
		return jp_err(p, at, 1, "a lone low surrogate \\u%04lx", *cp);
	if (*cp < 0xd800 || *cp > 0xdbff)
		return 0;
	if (p->end - p->p < 2)
		return jp_eof(p);
	if (p->p[0] != '\\' || p->p[1] != 'u')
		return jp_err(p, at, 1, "a high surrogate without its pair");
	p->p += 2;
	if (jp_hex4(p, &lo) < 0)
		return -1;
	if (lo < 0xdc00 || lo > 0xdfff)
		return jp_err(p, at, 1, "a high surrogate without its pair");
	*cp = 0x10000 + ((*cp - 0xd800) << 10) + (lo - 0xdc00);
	return 0;
}

static size_t jp_utf8(unsigned long cp, unsigned char *out)
{
	if (cp < 0x80) {
		out[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (unsigned char)(0xc0 | cp >> 6);
		out[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (unsigned char)(0xe0 | cp >> 12);
		out[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (unsigned char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (unsigned char)(0xf0 | cp >> 18);
	out[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (unsigned char)(0x80 | (cp & 0x3f));
	return 4;
}

/* The simple escapes of JSON, and what they stand for. */
static const char jp_esc_from[] = "\"\\/bfnrt", jp_esc_to[] = "\"\\/\b\f\n\r\t";

/*
 * The escape whose backslash was just taken, decoded into @out: its
 * bytes, or 0 when it is not one.
 */
static size_t jp_escape(struct jp *p, unsigned char *out)
{
	const char *e;
	unsigned long cp;
	unsigned char c;

	if (p->p >= p->end) {
		jp_eof(p);
		return 0;
	}
	c = (unsigned char)*p->p++;
	e = c ? strchr(jp_esc_from, c) : NULL;
	if (e) {
		out[0] = (unsigned char)jp_esc_to[e - jp_esc_from];
		return 1;
	}
	if (c == 'u')
		return jp_unicode(p, &cp) < 0 ? 0 : jp_utf8(cp, out);
	p->p -= 2;
	jp_err(p, p->p, 1, "an unknown escape in a string");
	return 0;
}

/* What jp_string() does with a string. */
enum jp_mode {
	JP_CHECK, /* check only */
	JP_KEY, /* decode; too long or odd: an empty key, which nobody has */
	JP_VALUE, /* decode one line of text that must fit */
};

/* A string being decoded: where to, and how far. */
struct jp_str {
	enum jp_mode mode;
	char *dst;
	size_t size, len;
	int odd; /* JP_KEY: not a key of ours after all */
	const char *at, *key; /* for messages */
};

/*
 * Keep the character of @n decoded bytes at @out, written at @at, as
 * @s->mode says: 0, or -1.
 */
static int jp_keep(struct jp *p, struct jp_str *s, const char *at,
		   const unsigned char *out, size_t n)
{
	char one[5] = { 0 };
	const char *what;
	unsigned long cp;
	unsigned int len;

	/* The report prints it as it is: text (lib/text.h), not a \u0000. */
	memcpy(one, out, n);
	what = text_refused(one, &len, &cp);
	if (what) {
		if (s->mode == JP_VALUE)
			return jp_err(
				p, at, JP_AT_COLUMN,
				"\"%s\" is not one line of printable UTF-8: U+%04lX (%s)",
				s->key, cp, what);
		if (!s->odd) {
			snprintf(p->key_why, sizeof(p->key_why), "U+%04lX (%s)",
				 cp, what);
			p->key_at = at;
		}
		s->odd = 1;
	}
	if (s->len + n >= s->size) {
		if (s->mode == JP_VALUE)
			return jp_err(p, s->at, 0,
				      "\"%s\" is longer than %zu bytes", s->key,
				      s->size - 1);
		s->odd = 1;
		return 0;
	}
	memcpy(s->dst + s->len, out, n);
	s->len += n;
	return 0;
}

/*
 * The string at p->p (its opening quote): checked, and decoded into @dst
 * of @size bytes unless @mode is JP_CHECK.  @key names it in messages.
 */
static int jp_string(struct jp *p, enum jp_mode mode, char *dst, size_t size,
		     const char *key)
{
	struct jp_str s = {
		.mode = mode, .dst = dst, .size = size, .at = p->p, .key = key
	};

	if (mode == JP_KEY)
		p->key_why[0] = '\0';

	for (p->p++;;) {
		const char *at = p->p;
		unsigned char out[4], c;
		size_t n = 1;

		if (p->p >= p->end)
			return jp_eof(p);
		c = (unsigned char)*p->p;
		if (c == '"')
			break;
		if (c < 0x20)
			return jp_err(p, p->p, 1,
				      "a control character inside a string");
		if (c >= 0x80) {
			/* JSON is UTF-8: what it is not could not be written back. */
			char seq[5] = { 0 };

			for (n = 0; n < 4 && p->p + n < p->end; n++)
				seq[n] = p->p[n];
			n = utf8_char(seq, NULL);
			if (!n)
				return jp_err(p, p->p, 1,
					      "a string that is not UTF-8");
			memcpy(out, p->p, n);
			p->p += n;
		} else {
			p->p++;
			out[0] = c;
		}
		if (c == '\\' && !(n = jp_escape(p, out)))
			return -1;
		if (mode != JP_CHECK && jp_keep(p, &s, at, out, n) < 0)
			return -1;
	}
	p->p++;
	if (mode != JP_CHECK)
		dst[s.odd ? 0 : s.len] = '\0';
	return 0;
}

/*
 * The number at p->p, checked against JSON's grammar; its text into @buf
 * of @size bytes unless @buf is NULL, and whether it is an integer.
 */
static int jp_number(struct jp *p, char *buf, size_t size, int *integral,
		     const char *key)
{
	const char *s = p->p, *q = p->p, *e = p->end;

	*integral = 1;
	if (q < e && *q == '-')
		q++;
	if (q >= e)
		return jp_eof(p);
	if (*q == '0') {
		q++;
	} else if (*q >= '1' && *q <= '9') {
		while (q < e && *q >= '0' && *q <= '9')
			q++;
	} else {
		return jp_err(p, q, 1, "a number without digits");
	}
	if (q < e && *q == '.') {
		*integral = 0;
		if (++q >= e)
			return jp_eof(p);
		if (*q < '0' || *q > '9')
			return jp_err(p, q, 1, "no digit after '.'");
		while (q < e && *q >= '0' && *q <= '9')
			q++;
	}
	if (q < e && (*q == 'e' || *q == 'E')) {
		*integral = 0;
		if (++q < e && (*q == '+' || *q == '-'))
			q++;
		if (q >= e)
			return jp_eof(p);
		if (*q < '0' || *q > '9')
			return jp_err(p, q, 1, "no digit in an exponent");
		while (q < e && *q >= '0' && *q <= '9')
			q++;
	}
	p->p = q;
	if (!buf)
		return 0;
	if ((size_t)(q - s) >= size)
		return jp_err(p, s, 0, "\"%s\" is out of range", key);
	memcpy(buf, s, (size_t)(q - s));
	buf[q - s] = '\0';
	return 0;
}

/* The literal @word ("true", "null"...) at p->p. */
static int jp_literal(struct jp *p, const char *word)
{
	size_t n = strlen(word);

	for (size_t i = 0; i < n; i++) {
		if (p->p + i >= p->end)
			return jp_eof(p);
		if (p->p[i] != word[i])
			return jp_unexpected(p);
	}
	p->p += n;
	return 0;
}

static int jp_enter(struct jp *p)
{
	if (++p->depth > SAVED_MAX_DEPTH)
		return jp_err(p, p->p, 0,
			      "arrays and objects nested deeper than %d",
			      SAVED_MAX_DEPTH);
	p->p++;
	return 0;
}

/*
 * After a member or an element: a ',' (taken, 0) or @close, which ends
 * the object or array (taken, 1); -1 on anything else.
 */
static int jp_next(struct jp *p, int close)
{
	int c = jp_ws(p);

	if (c == close) {
		p->p++;
		p->depth--;
		return 1;
	}
	if (c < 0)
		return jp_eof(p);
	if (c != ',')
		return jp_err(p, p->p, 1,
			      close == '}' ? "expected ',' or '}'" :
					     "expected ',' or ']'");
	p->p++;
	return 0;
}

/*
 * Open the object or array (@open, @close) at p->p, named @what in
 * messages: 1 when it is open, 0 when it is closed at once (taken), or
 * -1.
 */
static int jp_open(struct jp *p, int open, int close, const char *what)
{
	int c = jp_ws(p);

	if (c != open)
		return jp_err(p, p->p, 0, "%s must be %s, not %s", what,
			      jp_kind(open), jp_kind(c));
	if (jp_enter(p) < 0)
		return -1;
	c = jp_ws(p);
	if (c == close) {
		p->p++;
		p->depth--;
		return 0;
	}
	return 1;
}

/*
 * The items of the object or array at p->p, between @open and @close:
 * @item is called with the first byte @c of each, its index @i and @ctx.
 */
static int jp_items(struct jp *p, const char *what, int open, int close,
		    int (*item)(struct jp *p, int c, unsigned int i, void *ctx),
		    void *ctx)
{
	int c = jp_open(p, open, close, what), rc;

	if (c <= 0)
		return c;
	c = jp_ws(p);
	for (unsigned int i = 0;; i++) {
		if (c < 0)
			return jp_eof(p);
		if (item(p, c, i, ctx) < 0)
			return -1;
		rc = jp_next(p, close);
		if (rc)
			return rc < 0 ? -1 : 0;
		c = jp_ws(p);
	}
}

/* What jp_object() calls with each member, and what it is given. */
struct jp_members {
	int (*member)(struct jp *p, const char *key, void *ctx);
	void *ctx;
};

/* One member of an object: its key, the ':', then its value. */
static int jp_member(struct jp *p, int c, unsigned int i, void *ctx)
{
	const struct jp_members *m = ctx;
	char key[JP_KEY_MAX];

	(void)i;
	if (c != '"')
		return c == '}' ? jp_err(p, p->p, 1, "a ',' before '}'") :
				  jp_unexpected(p);
	if (jp_string(p, JP_KEY, key, sizeof(key), NULL) < 0)
		return -1;
	c = jp_ws(p);
	if (c < 0)
		return jp_eof(p);
	if (c != ':')
		return jp_err(p, p->p, 1, "expected ':' after a key");
	p->p++;
	if (jp_ws(p) < 0)
		return jp_eof(p);
	return m->member(p, key, m->ctx);
}

/*
 * The object at p->p: @member is called with each key and p->p at its
 * value, which it must consume.  @what names the object in messages.
 */
int jp_object(struct jp *p, const char *what,
	      int (*member)(struct jp *p, const char *key, void *ctx),
	      void *ctx)
{
	struct jp_members m = { member, ctx };

	return jp_items(p, what, '{', '}', jp_member, &m);
}

/* What jp_array() calls with each element, and what it is given. */
struct jp_elems {
	int (*elem)(struct jp *p, unsigned int i, void *ctx);
	void *ctx;
};

/* One element of an array. */
static int jp_elem(struct jp *p, int c, unsigned int i, void *ctx)
{
	const struct jp_elems *e = ctx;

	if (c == ']')
		return jp_err(p, p->p, 1, "a ',' before ']'");
	return e->elem(p, i, e->ctx);
}

/* The array at p->p: @elem is called with p->p at each element. */
int jp_array(struct jp *p, const char *what,
	     int (*elem)(struct jp *p, unsigned int i, void *ctx), void *ctx)
{
	struct jp_elems e = { elem, ctx };

	return jp_items(p, what, '[', ']', jp_elem, &e);
}

static int jp_skip_member(struct jp *p, const char *key, void *ctx)
{
	(void)key;
	(void)ctx;
	return jp_skip(p);
}

static int jp_skip_elem(struct jp *p, unsigned int i, void *ctx)
{
	(void)i;
	(void)ctx;
	return jp_skip(p);
}

/* Check the value at p->p and step over it. */
int jp_skip(struct jp *p)
{
	int integral;

	switch (jp_ws(p)) {
	case -1:
		return jp_eof(p);
	case '{':
		return jp_object(p, "", jp_skip_member, NULL);
	case '[':
		return jp_array(p, "", jp_skip_elem, NULL);
	case '"':
		return jp_string(p, JP_CHECK, NULL, 0, NULL);
	case 't':
		return jp_literal(p, "true");
	case 'f':
		return jp_literal(p, "false");
	case 'n':
		return jp_literal(p, "null");
	case '-':
	case '0':
	case '1':
	case '2':
	case '3':
	case '4':
	case '5':
	case '6':
	case '7':
	case '8':
	case '9':
		return jp_number(p, NULL, 0, &integral, NULL);
	default:
		return jp_unexpected(p);
	}
}

int jp_get_string(struct jp *p, const char *key, char *dst, size_t size)
{
	int c = jp_ws(p);

	if (c != '"')
		return jp_err(p, p->p, 0, "\"%s\" must be a string, not %s",
			      key, jp_kind(c));
	return jp_string(p, JP_VALUE, dst, size, key);
}

/* A number's text at p->p into @buf; @at is set to where it starts. */
static int jp_get_number(struct jp *p, const char *key, const char *must,
			 char *buf, size_t size, int *integral, const char **at)
{
	int c = jp_ws(p);

	*at = p->p;
	if (c != '-' && (c < '0' || c > '9'))
		return jp_err(p, p->p, 0, "\"%s\" must be %s, not %s", key,
			      must, jp_kind(c));
	return jp_number(p, buf, size, integral, key);
}

int jp_get_int(struct jp *p, const char *key, long long min, long long max,
	       long long *v)
{
	char buf[JP_NUM_MAX], must[96];
	const char *at;
	int integral;
	char *end;

	if (max == INT64_MAX)
		snprintf(must, sizeof(must), "an integer of at least %lld",
			 min);
	else
		snprintf(must, sizeof(must), "an integer from %lld to %lld",
			 min, max);
	if (jp_get_number(p, key, must, buf, sizeof(buf), &integral, &at) < 0)
		return -1;
	errno = 0;
	*v = strtoll(buf, &end, 10);
	if (!integral || errno || *end || *v < min || *v > max)
		return jp_err(p, at, 0, "\"%s\" must be %s, not %s", key, must,
			      buf);
	return 0;
}

int jp_get_u64(struct jp *p, const char *key, uint64_t *v)
{
	const char *must = "a non-negative integer";
	char buf[JP_NUM_MAX];
	const char *at;
	int integral;
	char *end;

	if (jp_get_number(p, key, must, buf, sizeof(buf), &integral, &at) < 0)
		return -1;
	if (!integral || buf[0] == '-')
		return jp_err(p, at, 0, "\"%s\" must be %s, not %s", key, must,
			      buf);
	errno = 0;
	*v = strtoull(buf, &end, 10);
	if (errno || *end)
		return jp_err(p, at, 0, "\"%s\" is out of range", key);
	return 0;
}

/* A finite number in (@lo, @hi], or [@lo, @hi] when @lo_closed. */
int jp_get_double(struct jp *p, const char *key, double lo, double hi,
		  int lo_closed, double *v)
{
	char buf[JP_NUM_MAX];
	const char *at;
	int integral;

	if (jp_get_number(p, key, "a number", buf, sizeof(buf), &integral,
			  &at) < 0)
		return -1;
	*v = strtod(buf, NULL);
	if (!isfinite(*v))
		return jp_err(p, at, 0, "\"%s\" is out of range", key);
	if (*v < lo || (*v == lo && !lo_closed) || *v > hi)
		return jp_err(
			p, at, 0, "\"%s\" must be %s %g and at most %g, not %s",
			key, lo_closed ? "at least" : "more than", lo, hi, buf);
	return 0;
}

/* A share or a change: a number in @lo..@hi, or null for unknown. */
int jp_get_maybe(struct jp *p, const char *key, double lo, double hi, double *v)
{
	if (jp_ws(p) == 'n') {
		*v = NAN;
		return jp_literal(p, "null");
	}
	return jp_get_double(p, key, lo, hi, 1, v);
}

int jp_get_bool(struct jp *p, const char *key, int *v)
{
	int c = jp_ws(p);

	if (c == 't') {
		*v = 1;
		return jp_literal(p, "true");
	}
	if (c == 'f') {
		*v = 0;
		return jp_literal(p, "false");
	}
	return jp_err(p, p->p, 0, "\"%s\" must be true or false, not %s", key,
		      jp_kind(c));
}
