/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The reader of saved runs: a small JSON parser of our own, bounded in
 * nesting, size and counts, that fills results or says in one line what
 * is wrong with the file.
 *
 * It reads a document twice.  The first pass checks that it is JSON at
 * all and within the limits, and finds "format" and "schema_version"
 * wherever they are; the second walks the schema of that version.  So a
 * broken file is called "not JSON", a file of a newer version is called
 * that, and only then is the shape judged.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report.h"

#define JP_KEY_MAX 64 /* longer keys are nobody's: they are skipped */
#define JP_NUM_MAX 64 /* the longest number text a field may have */
#define JP_MAX_SIGNAL 64
#define JP_MAX_NCPU 1048576
#define JP_MAX_PARTICIPANTS 65536

struct jp {
	const char *start, *p, *end;
	unsigned int depth;
	char *err;
	size_t errlen;
};

static int jp_err(struct jp *p, const char *at, int syntax, const char *fmt,
		  ...) __attribute__((format(printf, 4, 5)));

/* Say what is wrong at @at, with its line (and column, for syntax). */
static int jp_err(struct jp *p, const char *at, int syntax, const char *fmt,
		  ...)
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
	if (syntax)
		snprintf(p->err, p->errlen, "line %u, column %u: not JSON: %s",
			 line, (unsigned int)(at - line_start) + 1, msg);
	else
		snprintf(p->err, p->errlen, "line %u: %s", line, msg);
	return -1;
}

static int jp_eof(struct jp *p)
{
	return jp_err(p, p->end, 0, "the file ends too early (truncated?)");
}

/* Skip white space; the next byte, or -1 at the end. */
static int jp_ws(struct jp *p)
{
	while (p->p < p->end && (*p->p == ' ' || *p->p == '\t' ||
				 *p->p == '\n' || *p->p == '\r'))
		p->p++;
	return p->p < p->end ? (unsigned char)*p->p : -1;
}

/* What the value starting with @c is, for messages. */
static const char *jp_kind(int c)
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

enum jp_mode {
	JP_CHECK, /* check only */
	JP_KEY, /* decode; too long or odd: an empty key, which nobody has */
	JP_VALUE, /* decode one line of text that must fit */
};

/*
 * The string at p->p (its opening quote): checked, and decoded into @dst
 * of @size bytes unless @mode is JP_CHECK.  @key names it in messages.
 */
static int jp_string(struct jp *p, enum jp_mode mode, char *dst, size_t size,
		     const char *key)
{
	const char *at = p->p;
	size_t len = 0;
	int odd = 0;

	p->p++;
	for (;;) {
		unsigned char out[4];
		unsigned long cp;
		size_t nout = 1;
		unsigned char c;

		if (p->p >= p->end)
			return jp_eof(p);
		c = (unsigned char)*p->p;
		if (c == '"') {
			p->p++;
			break;
		}
		if (c < 0x20)
			return jp_err(p, p->p, 1,
				      "a control character inside a string");
		p->p++;
		out[0] = c;
		if (c == '\\') {
			if (p->p >= p->end)
				return jp_eof(p);
			c = (unsigned char)*p->p++;
			switch (c) {
			case '"':
			case '\\':
			case '/':
				out[0] = c;
				break;
			case 'b':
				out[0] = '\b';
				break;
			case 'f':
				out[0] = '\f';
				break;
			case 'n':
				out[0] = '\n';
				break;
			case 'r':
				out[0] = '\r';
				break;
			case 't':
				out[0] = '\t';
				break;
			case 'u':
				if (jp_unicode(p, &cp) < 0)
					return -1;
				nout = jp_utf8(cp, out);
				break;
			default:
				p->p -= 2;
				return jp_err(p, p->p, 1,
					      "an unknown escape in a string");
			}
		}
		if (mode == JP_CHECK)
			continue;
		/* A report line holds it: no NUL, no line break, no control. */
		if (nout == 1 && (out[0] < 0x20 && out[0] != '\t')) {
			if (mode == JP_VALUE)
				return jp_err(p, at, 0,
					      "\"%s\" must be one line of text",
					      key);
			odd = 1;
		}
		if (len + nout >= size) {
			if (mode == JP_VALUE)
				return jp_err(p, at, 0,
					      "\"%s\" is longer than %zu bytes",
					      key, size - 1);
			odd = 1;
			continue;
		}
		memcpy(dst + len, out, nout);
		len += nout;
	}
	if (mode != JP_CHECK)
		dst[odd ? 0 : len] = '\0';
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

static int jp_skip(struct jp *p);

static int jp_enter(struct jp *p)
{
	if (++p->depth > REPORT_MAX_DEPTH)
		return jp_err(p, p->p, 0,
			      "arrays and objects nested deeper than %d",
			      REPORT_MAX_DEPTH);
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
 * The object at p->p: @member is called with each key and p->p at its
 * value, which it must consume.  @what names the object in messages.
 */
static int jp_object(struct jp *p, const char *what,
		     int (*member)(struct jp *p, const char *key, void *ctx),
		     void *ctx)
{
	char key[JP_KEY_MAX];
	int c = jp_ws(p), rc;

	if (c != '{')
		return jp_err(p, p->p, 0, "%s must be an object, not %s", what,
			      jp_kind(c));
	if (jp_enter(p) < 0)
		return -1;
	c = jp_ws(p);
	if (c == '}') {
		p->p++;
		p->depth--;
		return 0;
	}
	for (;;) {
		if (c < 0)
			return jp_eof(p);
		if (c != '"')
			return c == '}' ?
				       jp_err(p, p->p, 1, "a ',' before '}'") :
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
		if (member(p, key, ctx) < 0)
			return -1;
		rc = jp_next(p, '}');
		if (rc)
			return rc < 0 ? -1 : 0;
		c = jp_ws(p);
	}
}

/* The array at p->p: @elem is called with p->p at each element. */
static int jp_array(struct jp *p, const char *what,
		    int (*elem)(struct jp *p, unsigned int i, void *ctx),
		    void *ctx)
{
	int c = jp_ws(p), rc;

	if (c != '[')
		return jp_err(p, p->p, 0, "%s must be an array, not %s", what,
			      jp_kind(c));
	if (jp_enter(p) < 0)
		return -1;
	c = jp_ws(p);
	if (c == ']') {
		p->p++;
		p->depth--;
		return 0;
	}
	for (unsigned int i = 0;; i++) {
		if (c < 0)
			return jp_eof(p);
		if (c == ']')
			return jp_err(p, p->p, 1, "a ',' before ']'");
		if (elem(p, i, ctx) < 0)
			return -1;
		rc = jp_next(p, ']');
		if (rc)
			return rc < 0 ? -1 : 0;
		c = jp_ws(p);
	}
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
static int jp_skip(struct jp *p)
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

/* Typed values of the schema; @key names the member in messages. */

static int jp_get_string(struct jp *p, const char *key, char *dst, size_t size)
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

static int jp_get_int(struct jp *p, const char *key, long long min,
		      long long max, long long *v)
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

static int jp_get_u64(struct jp *p, const char *key, uint64_t *v)
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
static int jp_get_double(struct jp *p, const char *key, double lo, double hi,
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

/* The index of @key in the NULL-ended @keys, or -1. */
static int jp_key_index(const char *const *keys, const char *key)
{
	for (int i = 0; keys[i]; i++)
		if (strcmp(keys[i], key) == 0)
			return i;
	return -1;
}

/* Mark member @i of an object seen; a second time is an error. */
static int jp_once(struct jp *p, unsigned int *seen, int i, const char *key)
{
	if (*seen & 1u << i)
		return jp_err(p, p->p, 0, "\"%s\" appears twice", key);
	*seen |= 1u << i;
	return 0;
}

/* Every member in @required was there. */
static int jp_require(struct jp *p, const char *at, unsigned int seen,
		      unsigned int required, const char *const *keys,
		      const char *what)
{
	for (int i = 0; keys[i]; i++)
		if ((required & 1u << i) && !(seen & 1u << i))
			return jp_err(p, at, 0, "%s lacks \"%s\"", what,
				      keys[i]);
	return 0;
}

/* Grow @*arr of @*cap elements of @size to hold @n + 1, within @max. */
static int jp_grow(struct jp *p, void **arr, unsigned int *cap, unsigned int n,
		   unsigned int max, size_t size, const char *what)
{
	unsigned int ncap;
	void *tmp;

	if (n >= max)
		return jp_err(p, p->p, 0, "more than %u %s", max, what);
	if (n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 4;
	if (ncap > max)
		ncap = max;
	tmp = realloc(*arr, (size_t)ncap * size);
	if (!tmp)
		return jp_err(p, p->p, 0, "out of memory");
	memset((char *)tmp + (size_t)*cap * size, 0,
	       (size_t)(ncap - *cap) * size);
	*arr = tmp;
	*cap = ncap;
	return 0;
}

/* The first pass: the document's head. */

enum { HEAD_FORMAT, HEAD_VERSION };
static const char *const head_keys[] = { "format", "schema_version", NULL };

struct jp_head {
	unsigned int seen;
	int format_ok;
	const char *version_at;
};

static int jp_head_member(struct jp *p, const char *key, void *ctx)
{
	static const char want[] = "\"ctxbench\"";
	struct jp_head *h = ctx;
	int i = jp_key_index(head_keys, key);

	if (i < 0)
		return jp_skip(p);
	if (jp_once(p, &h->seen, i, key) < 0)
		return -1;
	if (i == HEAD_FORMAT)
		h->format_ok = (size_t)(p->end - p->p) >= sizeof(want) - 1 &&
			       memcmp(p->p, want, sizeof(want) - 1) == 0;
	else
		h->version_at = p->p; /* judged once "format" is known */
	return jp_skip(p);
}

/* The second pass: the schema. */

struct jp_doc {
	struct results *r; /* invocations read so far */
	unsigned int n, cap, max;
	unsigned int seen;
};

struct jp_inv {
	struct results *r;
	unsigned int seen, cap; /* rows allocated */
};

struct jp_row {
	struct result_row *row;
	unsigned int seen, cap; /* samples allocated */
};

struct jp_sample {
	struct result_sample *s;
	unsigned int seen;
	double rate;
};

enum {
	SMP_LOOPS,
	SMP_ELAPSED,
	SMP_RATE,
	SMP_SETUP,
	SMP_TEARDOWN,
	SMP_DISTURBED,
	SMP_STEAL,
	SMP_IRQ,
	SMP_OTHER,
	SMP_FREQ,
	SMP_WHY,
	SMP_PROCS,
	SMP_THROTTLE
};
static const char *const sample_keys[] = {
	"loops",       "elapsed_s",   "loops_per_s",   "setup_s",
	"teardown_s",  "disturbed",   "steal_share",   "irq_share",
	"other_share", "freq_change", "disturbed_why", "procs_running",
	"throttle",    NULL
};

/* A share or a change: a number in @lo..@hi, or null for unknown. */
static int jp_get_maybe(struct jp *p, const char *key, double lo, double hi,
			double *v)
{
	if (jp_ws(p) == 'n') {
		*v = NAN;
		return jp_literal(p, "null");
	}
	return jp_get_double(p, key, lo, hi, 1, v);
}

static int jp_get_bool(struct jp *p, const char *key, int *v)
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

struct jp_procs {
	long *v;
};

static int jp_procs_elem(struct jp *p, unsigned int i, void *ctx)
{
	struct jp_procs *pr = ctx;
	long long ll;

	if (i >= 2)
		return jp_err(p, p->p, 0,
			      "\"procs_running\" is [at start, at end]");
	if (jp_get_int(p, "procs_running", -1, INT32_MAX, &ll) < 0)
		return -1;
	pr->v[i] = (long)ll;
	return 0;
}

static int jp_sample_member(struct jp *p, const char *key, void *ctx)
{
	struct jp_sample *v = ctx;
	int i = jp_key_index(sample_keys, key);

	if (i < 0)
		return jp_skip(p);
	if (jp_once(p, &v->seen, i, key) < 0)
		return -1;
	switch (i) {
	case SMP_LOOPS:
		return jp_get_u64(p, key, &v->s->loops);
	case SMP_ELAPSED:
		return jp_get_double(p, key, 0, REPORT_MAX_SECONDS, 0,
				     &v->s->elapsed_s);
	case SMP_SETUP:
		return jp_get_double(p, key, 0, REPORT_MAX_SECONDS, 1,
				     &v->s->setup_s);
	case SMP_TEARDOWN:
		return jp_get_double(p, key, 0, REPORT_MAX_SECONDS, 1,
				     &v->s->teardown_s);
	case SMP_DISTURBED:
		return jp_get_bool(p, key, &v->s->disturbed);
	case SMP_STEAL:
		return jp_get_maybe(p, key, 0, 1e3, &v->s->steal_share);
	case SMP_IRQ:
		return jp_get_maybe(p, key, 0, 1e3, &v->s->irq_share);
	case SMP_OTHER:
		return jp_get_maybe(p, key, 0, 1e3, &v->s->other_share);
	case SMP_FREQ:
		return jp_get_maybe(p, key, -1e3, 1e3, &v->s->freq_change);
	case SMP_WHY:
		return jp_get_string(p, key, v->s->why, sizeof(v->s->why));
	case SMP_PROCS: {
		struct jp_procs pr = { .v = v->s->procs_running };

		return jp_array(p, "\"procs_running\"", jp_procs_elem, &pr);
	}
	case SMP_THROTTLE: {
		long long ll;

		if (jp_get_int(p, key, -1, INT64_MAX, &ll) < 0)
			return -1;
		v->s->throttle = ll;
		return 0;
	}
	default:
		return jp_get_double(p, key, 0, HUGE_VAL, 1, &v->rate);
	}
}

static int jp_sample(struct jp *p, unsigned int i, void *ctx)
{
	struct jp_row *v = ctx;
	struct result_row *row = v->row;
	struct jp_sample s = { 0 };
	const char *at = p->p;
	double rate;

	(void)i;
	if (jp_grow(p, (void **)&row->sample, &v->cap, row->nsamples,
		    REPORT_MAX_SAMPLES, sizeof(*row->sample),
		    "samples in a row") < 0)
		return -1;
	s.s = &row->sample[row->nsamples++];
	/* Files without them knew nothing of what else the CPUs did. */
	memset(s.s, 0, sizeof(*s.s));
	s.s->steal_share = s.s->irq_share = s.s->other_share = NAN;
	s.s->freq_change = NAN;
	s.s->procs_running[0] = s.s->procs_running[1] = -1;
	s.s->throttle = -1;
	if (jp_object(p, "each of \"samples\"", jp_sample_member, &s) < 0 ||
	    jp_require(p, at, s.seen, 1u << SMP_LOOPS | 1u << SMP_ELAPSED,
		       sample_keys, "a sample") < 0)
		return -1;
	rate = result_rate(s.s);
	if ((s.seen & 1u << SMP_RATE) &&
	    fabs(s.rate - rate) > 1e-9 * (rate > 1 ? rate : 1))
		return jp_err(p, at, 0,
			      "\"loops_per_s\" %.17g is not loops / elapsed_s",
			      s.rate);
	return 0;
}

static int jp_flag(struct jp *p, unsigned int i, void *ctx)
{
	struct jp_row *v = ctx;
	char name[32];

	(void)i;
	if (jp_get_string(p, "flags", name, sizeof(name)) < 0)
		return -1;
	if (strcmp(name, "degenerate") == 0)
		v->row->flags |= RESULT_DEGENERATE;
	else if (strcmp(name, "migrated") == 0)
		v->row->flags |= RESULT_MIGRATED;
	else
		return jp_err(p, p->p, 0, "unknown flag \"%s\"", name);
	return 0;
}

enum {
	ROW_MECH,
	ROW_TITLE,
	ROW_PLACEMENT,
	ROW_STATUS,
	ROW_REASON,
	ROW_FLAGS,
	ROW_CPUS,
	ROW_MIGRATIONS,
	ROW_SAMPLES,
	ROW_SUMMARY,
	ROW_PROCS,
	ROW_WS,
	ROW_HOP_WORK,
	ROW_RTT,
	ROW_CPU,
	ROW_DISCARDED
};
static const char *const row_keys[] = {
	"mech",		"title", "placement",	"status",  "reason",
	"flags",	"cpus",	 "migrations",	"samples", "summary",
	"participants", "ws_kb", "hop_work_ns", "rtt",	   "cpu",
	"discarded",	NULL
};
#define ROW_REQUIRED                                              \
	(1u << ROW_MECH | 1u << ROW_TITLE | 1u << ROW_PLACEMENT | \
	 1u << ROW_STATUS | 1u << ROW_SAMPLES)

struct jp_bucket {
	struct hist *h;
	uint64_t v[2];
	unsigned int n;
};

static int jp_bucket_num(struct jp *p, unsigned int i, void *ctx)
{
	struct jp_bucket *b = ctx;

	if (i >= 2)
		return jp_err(p, p->p, 0, "a bucket is [lowest ns, count]");
	b->n = i + 1;
	return jp_get_u64(p, "buckets", &b->v[i]);
}

static int jp_bucket(struct jp *p, unsigned int i, void *ctx)
{
	struct hist *h = ctx;
	struct jp_bucket b = { .h = h };
	const char *at = p->p;
	unsigned int k;

	(void)i;
	if (jp_array(p, "each bucket", jp_bucket_num, &b) < 0)
		return -1;
	if (b.n != 2)
		return jp_err(p, at, 0, "a bucket is [lowest ns, count]");
	k = hist_index(b.v[0]);
	if (hist_bucket_low(k) != b.v[0])
		return jp_err(p, at, 0, "%llu ns starts no bucket",
			      (unsigned long long)b.v[0]);
	if (h->bucket[k])
		return jp_err(p, at, 0, "bucket %llu ns twice",
			      (unsigned long long)b.v[0]);
	h->bucket[k] = b.v[1];
	return 0;
}

enum { RTT_COUNT, RTT_MIN, RTT_MAX, RTT_BUCKETS };
static const char *const rtt_keys[] = { "count", "min_ns", "max_ns", "buckets",
					NULL };

static int jp_rtt_member(struct jp *p, const char *key, void *ctx)
{
	struct hist *h = ctx;

	switch (jp_key_index(rtt_keys, key)) {
	case RTT_COUNT:
		return jp_get_u64(p, key, &h->count);
	case RTT_MIN:
		return jp_get_u64(p, key, &h->min_ns);
	case RTT_MAX:
		return jp_get_u64(p, key, &h->max_ns);
	case RTT_BUCKETS:
		return jp_array(p, "\"buckets\"", jp_bucket, h);
	default:
		return jp_skip(p); /* the quantiles: derived */
	}
}

/* The histogram must add up, and its min and max fall in it. */
static int jp_rtt(struct jp *p, struct hist *h)
{
	const char *at = p->p;
	uint64_t sum = 0;

	if (jp_object(p, "\"rtt\"", jp_rtt_member, h) < 0)
		return -1;
	for (unsigned int i = 0; i < HIST_BUCKETS; i++) {
		if (sum + h->bucket[i] < sum)
			return jp_err(p, at, 0, "\"rtt\" counts overflow");
		sum += h->bucket[i];
	}
	if (sum != h->count)
		return jp_err(
			p, at, 0,
			"\"rtt\" buckets add up to %llu, not \"count\" %llu",
			(unsigned long long)sum, (unsigned long long)h->count);
	if (h->count &&
	    (h->min_ns > h->max_ns || !h->bucket[hist_index(h->min_ns)] ||
	     !h->bucket[hist_index(h->max_ns)]))
		return jp_err(p, at, 0,
			      "\"rtt\" min and max are not in its buckets");
	return 0;
}

enum { CPU_USER, CPU_SYS, CPU_NVCSW, CPU_NIVCSW, CPU_LOOPS, CPU_SECONDS };
static const char *const cpu_keys[] = { "user_s", "sys_s",   "nvcsw", "nivcsw",
					"loops",  "seconds", NULL };

static int jp_cpu_member(struct jp *p, const char *key, void *ctx)
{
	struct result_cpu *c = ctx;
	long long ll;
	int rc;

	switch (jp_key_index(cpu_keys, key)) {
	case CPU_USER:
		return jp_get_double(p, key, 0, 1e12, 1, &c->user_s);
	case CPU_SYS:
		return jp_get_double(p, key, 0, 1e12, 1, &c->sys_s);
	case CPU_NVCSW:
	case CPU_NIVCSW:
		rc = jp_get_int(p, key, 0, INT64_MAX, &ll);
		if (jp_key_index(cpu_keys, key) == CPU_NVCSW)
			c->nvcsw = ll;
		else
			c->nivcsw = ll;
		return rc;
	case CPU_LOOPS:
		return jp_get_u64(p, key, &c->loops);
	case CPU_SECONDS:
		return jp_get_double(p, key, 0, 1e12, 1, &c->seconds);
	default:
		return jp_skip(p);
	}
}

static int jp_row_member(struct jp *p, const char *key, void *ctx)
{
	struct jp_row *v = ctx;
	struct result_row *row = v->row;
	int i = jp_key_index(row_keys, key);
	const char *at = p->p;
	long long ll;
	char status[16];

	if (i < 0)
		return jp_skip(p);
	if (jp_once(p, &v->seen, i, key) < 0)
		return -1;
	switch (i) {
	case ROW_MECH:
		return jp_get_string(p, key, row->mech, sizeof(row->mech));
	case ROW_TITLE:
		return jp_get_string(p, key, row->title, sizeof(row->title));
	case ROW_PLACEMENT:
		return jp_get_string(p, key, row->placement,
				     sizeof(row->placement));
	case ROW_STATUS:
		if (jp_get_string(p, key, status, sizeof(status)) < 0)
			return -1;
		if (result_status_parse(status, &row->status) < 0)
			return jp_err(p, at, 0, "unknown status \"%s\"",
				      status);
		return 0;
	case ROW_REASON:
		return jp_get_string(p, key, row->reason, sizeof(row->reason));
	case ROW_FLAGS:
		return jp_array(p, "\"flags\"", jp_flag, v);
	case ROW_CPUS:
		return jp_get_string(p, key, row->cpus, sizeof(row->cpus));
	case ROW_MIGRATIONS:
		if (jp_get_int(p, key, -1, INT64_MAX, &ll) < 0)
			return -1;
		row->migrations = ll;
		return 0;
	case ROW_SAMPLES:
		return jp_array(p, "\"samples\"", jp_sample, v);
	case ROW_PROCS:
		if (jp_get_int(p, key, 1, REPORT_MAX_PROCS, &ll) < 0)
			return -1;
		row->procs = (unsigned int)ll;
		return 0;
	case ROW_WS:
		if (jp_get_int(p, key, 0, REPORT_MAX_WS_KB, &ll) < 0)
			return -1;
		row->ws_kb = (unsigned int)ll;
		return 0;
	case ROW_HOP_WORK:
		return jp_get_double(p, key, 0, REPORT_MAX_SECONDS * 1e9, 1,
				     &row->hop_work_ns);
	case ROW_RTT:
		return jp_rtt(p, &row->rtt);
	case ROW_CPU:
		return jp_object(p, "\"cpu\"", jp_cpu_member, &row->cpu);
	case ROW_DISCARDED:
		if (jp_get_int(p, key, 0, INT32_MAX, &ll) < 0)
			return -1;
		row->discarded = (unsigned int)ll;
		return 0;
	case ROW_SUMMARY:
		/* Derived from the samples: read again from them. */
		if (jp_ws(p) != '{')
			return jp_err(p, p->p, 0,
				      "\"summary\" must be an object, not %s",
				      jp_kind(jp_ws(p)));
		return jp_skip(p);
	}
	return jp_skip(p);
}

static int jp_row(struct jp *p, unsigned int i, void *ctx)
{
	struct jp_inv *v = ctx;
	struct results *r = v->r;
	struct jp_row rv = { 0 };
	const char *at = p->p;

	(void)i;
	if (jp_grow(p, (void **)&r->row, &v->cap, r->nrows, REPORT_MAX_ROWS,
		    sizeof(*r->row), "rows in a saved run") < 0)
		return -1;
	rv.row = &r->row[r->nrows++];
	/* Files without them hold the classic ping-pong. */
	rv.row->procs = 2;
	if (jp_object(p, "each of \"results\"", jp_row_member, &rv) < 0 ||
	    jp_require(p, at, rv.seen, ROW_REQUIRED, row_keys, "a row") < 0)
		return -1;
	if (!rv.row->mech[0] || !rv.row->title[0])
		return jp_err(p, at, 0, "a row with an empty \"%s\"",
			      rv.row->mech[0] ? "title" : "mech");
	if (rv.row->status == RESULT_OK && !rv.row->nsamples)
		return jp_err(p, at, 0,
			      "row %s %s is \"ok\" but has no samples",
			      rv.row->mech, rv.row->placement);
	if (results_find(r, rv.row) != rv.row)
		return jp_err(
			p, at, 0,
			"two rows of %s at placement \"%s\", %u participants, %u KB",
			rv.row->mech, rv.row->placement, rv.row->procs,
			rv.row->ws_kb);
	return 0;
}

enum {
	INFO_LABEL,
	INFO_NOTE,
	INFO_MHZ,
	INFO_TYPE,
	INFO_HOST,
	INFO_KERNEL,
	INFO_NCPU,
	INFO_VULNS,
	INFO_HALT_POLL_PARAMS,
	INFO_STRINGS /* the members of info_strings[], from here on */
};
static const char *const info_keys[] = {
	"label",  "note", "cpu_mhz",	     "cpu_type",	 "hostname",
	"kernel", "ncpu", "vulnerabilities", "halt_poll_params", NULL
};

/* The other members of "info": strings, each with its place. */
#define JP_INFO_STR(key, m)                                  \
	{                                                    \
		key, offsetof(struct result_info, m),        \
			sizeof(((struct result_info *)0)->m) \
	}
static const struct {
	const char *key;
	size_t off, size;
} info_strings[] = {
	JP_INFO_STR("kernel_version", kernel_version),
	JP_INFO_STR("boot_cmdline", boot_cmdline),
	JP_INFO_STR("preemption", preempt),
	JP_INFO_STR("config_hz", config_hz),
	JP_INFO_STR("mitigations", mitigations),
	JP_INFO_STR("cpufreq_driver", cpufreq_driver),
	JP_INFO_STR("cpufreq_governor", cpufreq_governor),
	JP_INFO_STR("boost", boost),
	JP_INFO_STR("cpuidle_driver", cpuidle_driver),
	JP_INFO_STR("cpuidle_governor", cpuidle_governor),
	JP_INFO_STR("halt_poll", halt_poll),
	JP_INFO_STR("smt", smt),
	JP_INFO_STR("virtual", virt),
	JP_INFO_STR("machine", machine),
	JP_INFO_STR("clocksource", clocksource),
	JP_INFO_STR("cpus_online", cpus_online),
	JP_INFO_STR("cpus_allowed", cpus_allowed),
	JP_INFO_STR("compiler", compiler),
	JP_INFO_STR("date", date),
};
#define JP_INFO_NSTRINGS (sizeof(info_strings) / sizeof(info_strings[0]))
_Static_assert(INFO_STRINGS + JP_INFO_NSTRINGS <= 32,
	       "more members of \"info\" than a seen mask holds");

/* The index of @key among the members of "info", or -1. */
static int jp_info_index(const char *key)
{
	int i = jp_key_index(info_keys, key);

	for (size_t j = 0; i < 0 && j < JP_INFO_NSTRINGS; j++)
		if (strcmp(info_strings[j].key, key) == 0)
			i = INFO_STRINGS + (int)j;
	return i;
}

/* An object of named facts: "vulnerabilities", "halt_poll_params". */
struct jp_kvs {
	struct result_kv *kv;
	unsigned int *n, max;
	const char *what;
};

static int jp_kv_member(struct jp *p, const char *key, void *ctx)
{
	struct jp_kvs *v = ctx;
	struct result_kv *kv = &v->kv[*v->n];

	/* A key too long or not one line of text reads as "". */
	if (!key[0])
		return jp_err(p, p->p, 0,
			      "a name in %s is empty, not one line of text or "
			      "longer than %zu bytes",
			      v->what, sizeof(kv->key) - 1);
	for (unsigned int i = 0; i < *v->n; i++)
		if (strcmp(v->kv[i].key, key) == 0)
			return jp_err(p, p->p, 0, "\"%s\" appears twice", key);
	if (*v->n >= v->max)
		return jp_err(p, p->p, 0, "more than %u members in %s", v->max,
			      v->what);
	snprintf(kv->key, sizeof(kv->key), "%s", key);
	if (jp_get_string(p, key, kv->value, sizeof(kv->value)) < 0)
		return -1;
	(*v->n)++;
	return 0;
}

static int jp_info_member(struct jp *p, const char *key, void *ctx)
{
	struct jp_inv *v = ctx;
	struct result_info *in = &v->r->info;
	int i = jp_info_index(key);
	struct jp_kvs kvs;
	long long ll;

	if (i < 0)
		return jp_skip(p);
	if (jp_once(p, &v->seen, i, key) < 0)
		return -1;
	switch (i) {
	case INFO_LABEL:
		return jp_get_string(p, key, in->label, sizeof(in->label));
	case INFO_NOTE:
		return jp_get_string(p, key, in->note, sizeof(in->note));
	case INFO_MHZ:
		return jp_get_string(p, key, in->cpu_mhz, sizeof(in->cpu_mhz));
	case INFO_TYPE:
		return jp_get_string(p, key, in->cpu_type,
				     sizeof(in->cpu_type));
	case INFO_HOST:
		return jp_get_string(p, key, in->hostname,
				     sizeof(in->hostname));
	case INFO_KERNEL:
		return jp_get_string(p, key, in->kernel, sizeof(in->kernel));
	case INFO_NCPU:
		if (jp_get_int(p, key, 0, JP_MAX_NCPU, &ll) < 0)
			return -1;
		in->ncpu = (int)ll;
		return 0;
	case INFO_VULNS:
		kvs = (struct jp_kvs){ in->vulns, &in->nvulns, RESULT_MAX_VULNS,
				       "\"vulnerabilities\"" };
		return jp_object(p, "\"vulnerabilities\"", jp_kv_member, &kvs);
	case INFO_HALT_POLL_PARAMS:
		kvs = (struct jp_kvs){ in->halt_poll_params, &in->nhalt_poll,
				       RESULT_MAX_HALT_POLL,
				       "\"halt_poll_params\"" };
		return jp_object(p, "\"halt_poll_params\"", jp_kv_member, &kvs);
	default:
		return jp_get_string(
			p, key, (char *)in + info_strings[i - INFO_STRINGS].off,
			info_strings[i - INFO_STRINGS].size);
	}
}

enum {
	PAR_SECONDS,
	PAR_RUNS,
	PAR_TASKS,
	PAR_PARTICIPANTS,
	PAR_ORDER,
	PAR_SEED
};
static const char *const param_keys[] = {
	"seconds", "runs", "tasks", "participants", "order", "seed", NULL
};

static int jp_param_member(struct jp *p, const char *key, void *ctx)
{
	struct jp_inv *v = ctx;
	struct result_info *in = &v->r->info;
	int i = jp_key_index(param_keys, key);
	const char *at = p->p;
	char tasks[16];
	long long ll;

	if (i < 0)
		return jp_skip(p);
	if (jp_once(p, &v->seen, i, key) < 0)
		return -1;
	switch (i) {
	case PAR_SECONDS:
		return jp_get_double(p, key, 0, REPORT_MAX_SECONDS, 0,
				     &in->duration_s);
	case PAR_RUNS:
		if (jp_get_int(p, key, 1, REPORT_MAX_SAMPLES, &ll) < 0)
			return -1;
		in->runs = (unsigned int)ll;
		return 0;
	case PAR_TASKS:
		if (jp_get_string(p, key, tasks, sizeof(tasks)) < 0)
			return -1;
		if (strcmp(tasks, "threads") != 0 &&
		    strcmp(tasks, "processes") != 0)
			return jp_err(
				p, at, 0,
				"\"tasks\" must be \"processes\" or \"threads\", not \"%s\"",
				tasks);
		in->threads = tasks[0] == 't';
		return 0;
	case PAR_ORDER:
		if (jp_get_string(p, key, in->order, sizeof(in->order)) < 0)
			return -1;
		if (in->order[0] && !result_order_known(in->order))
			return jp_err(
				p, at, 0,
				"\"order\" must be \"interleave\", \"shuffle\", \"sequential\" or \"\", not \"%s\"",
				in->order);
		return 0;
	case PAR_SEED:
		if (jp_get_int(p, key, 0, UINT32_MAX, &ll) < 0)
			return -1;
		in->seed = (unsigned long long)ll;
		return 0;
	default:
		if (jp_get_int(p, key, 0, JP_MAX_PARTICIPANTS, &ll) < 0)
			return -1;
		in->participants = (unsigned int)ll;
		return 0;
	}
}

enum {
	INV_VERSION,
	INV_COMMAND,
	INV_INFO,
	INV_PARAMS,
	INV_SIGNAL,
	INV_RESULTS
};
static const char *const inv_keys[] = {
	"ctxbench_version",	 "command", "info", "parameters",
	"interrupted_by_signal", "results", NULL
};
#define INV_REQUIRED (1u << INV_INFO | 1u << INV_PARAMS | 1u << INV_RESULTS)

static int jp_inv_member(struct jp *p, const char *key, void *ctx)
{
	struct jp_inv *v = ctx, sub = { .r = v->r };
	int i = jp_key_index(inv_keys, key);
	const char *at = p->p;
	long long ll;

	if (i < 0)
		return jp_skip(p);
	if (jp_once(p, &v->seen, i, key) < 0)
		return -1;
	switch (i) {
	case INV_VERSION:
		return jp_get_string(p, key, v->r->version,
				     sizeof(v->r->version));
	case INV_COMMAND:
		return jp_get_string(p, key, v->r->cmdline,
				     sizeof(v->r->cmdline));
	case INV_INFO:
		if (jp_object(p, "\"info\"", jp_info_member, &sub) < 0 ||
		    jp_require(p, at, sub.seen, 1u << INFO_LABEL, info_keys,
			       "\"info\"") < 0)
			return -1;
		if (!v->r->info.label[0])
			return jp_err(p, at, 0, "\"label\" is empty");
		return 0;
	case INV_PARAMS:
		if (jp_object(p, "\"parameters\"", jp_param_member, &sub) < 0)
			return -1;
		return jp_require(p, at, sub.seen,
				  1u << PAR_SECONDS | 1u << PAR_RUNS,
				  param_keys, "\"parameters\"");
	case INV_SIGNAL:
		if (jp_get_int(p, key, 0, JP_MAX_SIGNAL, &ll) < 0)
			return -1;
		v->r->signo = (int)ll;
		return 0;
	default:
		return jp_array(p, "\"results\"", jp_row, v);
	}
}

static int jp_invocation(struct jp *p, unsigned int i, void *ctx)
{
	struct jp_doc *d = ctx;
	struct jp_inv v = { 0 };
	const char *at = p->p;

	(void)i;
	if (d->n >= d->max)
		return jp_err(p, at, 0, "more than %d saved runs in one report",
			      REPORT_MAX_INVOCATIONS);
	if (jp_grow(p, (void **)&d->r, &d->cap, d->n, d->max, sizeof(*d->r),
		    "saved runs") < 0)
		return -1;
	v.r = &d->r[d->n++];
	if (jp_object(p, "each of \"invocations\"", jp_inv_member, &v) < 0)
		return -1;
	if (jp_require(p, at, v.seen, INV_REQUIRED, inv_keys, "a saved run"))
		return -1;
	/* Checked here: "parameters" may come after "results". */
	for (unsigned int j = 0; j < v.r->nrows; j++)
		if (v.r->row[j].nsamples > v.r->info.runs)
			return jp_err(
				p, at, 0,
				"row %s %s has %u samples but \"runs\" is %u",
				v.r->row[j].mech, v.r->row[j].placement,
				v.r->row[j].nsamples, v.r->info.runs);
	return 0;
}

static int jp_doc_member(struct jp *p, const char *key, void *ctx)
{
	struct jp_doc *d = ctx;

	if (strcmp(key, "invocations") != 0)
		return jp_skip(p);
	if (jp_once(p, &d->seen, 0, key) < 0)
		return -1;
	if (jp_array(p, "\"invocations\"", jp_invocation, d) < 0)
		return -1;
	if (!d->n)
		return jp_err(p, p->p, 0, "\"invocations\" is empty");
	return 0;
}

static void jp_free(struct results *r, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		results_free(&r[i]);
	free(r);
}

int report_read_buf(const char *buf, size_t len, struct results **r,
		    unsigned int *n, char *err, size_t errlen)
{
	struct jp p = { .start = buf,
			.p = buf,
			.end = buf + len,
			.err = err,
			.errlen = errlen };
	struct jp_head head = { 0 };
	struct jp_doc doc = { 0 };
	struct results *all;
	long long version;
	int c;

	if (jp_ws(&p) < 0) {
		snprintf(err, errlen, "empty file");
		return -1;
	}
	/* The first pass: JSON, within the limits? */
	if (jp_skip(&p) < 0)
		return -1;
	if (jp_ws(&p) >= 0)
		return jp_err(&p, p.p, 1, "more after the end of the document");
	p.p = buf;
	c = jp_ws(&p);
	if (c != '{') {
		snprintf(
			err, errlen,
			"not a saved ctxbench run: the JSON is %s, not an object",
			jp_kind(c));
		return -1;
	}
	if (jp_object(&p, "the document", jp_head_member, &head) < 0)
		return -1;
	if (!head.format_ok) {
		snprintf(
			err, errlen,
			"not a saved ctxbench run: no \"format\": \"ctxbench\"");
		return -1;
	}
	if (!head.version_at) {
		snprintf(err, errlen, "no \"schema_version\"");
		return -1;
	}
	p.p = head.version_at;
	if (jp_get_int(&p, "schema_version", 0, INT32_MAX, &version) < 0)
		return -1;
	if (version != REPORT_SCHEMA_VERSION) {
		snprintf(
			err, errlen,
			"schema version %lld is not supported (this ctxbench reads version %d)",
			version, REPORT_SCHEMA_VERSION);
		return -1;
	}
	p.p = buf;

	/* The second pass: the saved runs. */
	if (*n >= REPORT_MAX_INVOCATIONS) {
		snprintf(err, errlen, "more than %d saved runs in one report",
			 REPORT_MAX_INVOCATIONS);
		return -1;
	}
	doc.max = REPORT_MAX_INVOCATIONS - *n;
	if (jp_object(&p, "the document", jp_doc_member, &doc) < 0)
		goto fail;
	if (!(doc.seen & 1u)) {
		snprintf(err, errlen, "no \"invocations\"");
		goto fail;
	}
	all = realloc(*r, (size_t)(*n + doc.n) * sizeof(*all));
	if (!all) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	memcpy(all + *n, doc.r, (size_t)doc.n * sizeof(*all));
	free(doc.r);
	*r = all;
	*n += doc.n;
	return 0;
fail:
	jp_free(doc.r, doc.n);
	return -1;
}

int report_read_file(const char *path, struct results **r, unsigned int *n,
		     char *err, size_t errlen)
{
	size_t len = 0, cap = 0;
	char *buf = NULL;
	int fd, rc = -1;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	for (;;) {
		ssize_t got;

		if (len == cap) {
			size_t ncap = cap ? cap * 2 : 65536;
			char *tmp;

			/* One byte beyond the limit tells "too large". */
			if (ncap > REPORT_MAX_FILE_BYTES + 1)
				ncap = REPORT_MAX_FILE_BYTES + 1;
			if (ncap == cap) {
				snprintf(
					err, errlen,
					"larger than %u MiB, more than a saved run can be",
					REPORT_MAX_FILE_BYTES >> 20);
				goto out;
			}
			tmp = realloc(buf, ncap);
			if (!tmp) {
				snprintf(err, errlen, "out of memory");
				goto out;
			}
			buf = tmp;
			cap = ncap;
		}
		got = read(fd, buf + len, cap - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			snprintf(err, errlen, "%s", strerror(errno));
			goto out;
		}
		if (got == 0)
			break;
		len += (size_t)got;
	}
	rc = report_read_buf(buf, len, r, n, err, errlen);
out:
	free(buf);
	close(fd);
	return rc;
}
