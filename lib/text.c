/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Text that reaches a terminal: UTF-8, one line, nothing that moves or reorders it. */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "utf8.h"

const char *text_refused(const char *s, unsigned int *len, unsigned long *cp)
{
	uint32_t c;
	unsigned int n = utf8_char(s, &c);

	*len = n ? n : 1;
	if (!n) {
		*cp = (unsigned char)*s;
		return "not UTF-8";
	}
	*cp = c;
	if (*cp == '\t')
		return "a tab";
	if ((*cp >= '\n' && *cp <= '\r') || *cp == 0x85 || *cp == 0x2028 ||
	    *cp == 0x2029)
		return "a line break";
	if (*cp < 0x20 || (*cp >= 0x7f && *cp <= 0x9f))
		return "a control character";
	if ((*cp >= 0x202a && *cp <= 0x202e) ||
	    (*cp >= 0x2066 && *cp <= 0x2069))
		return "a bidirectional control";
	return NULL;
}

long text_check(const char *s, char *why, size_t size)
{
	for (const char *c = s; *c;) {
		unsigned long cp;
		unsigned int n;
		const char *what = text_refused(c, &n, &cp);

		if (what && n == 1 && (unsigned char)*c >= 0x80)
			snprintf(why, size, "byte 0x%02lx (%s)", cp, what);
		else if (what)
			snprintf(why, size, "U+%04lX (%s)", cp, what);
		if (what)
			return c - s;
		c += n;
	}
	return -1;
}

void text_clean(char *s, size_t size)
{
	size_t len = 0;
	char *out;

	/* Up to 4 KB: on the heap, not on a small stack. */
	if (size > 4096)
		size = 4096;
	out = malloc(size);
	if (!out) {
		s[0] = '\0'; /* nothing unclean is kept */
		return;
	}
	for (const char *p = s; *p;) {
		unsigned long cp;
		unsigned int n;
		const char *what = text_refused(p, &n, &cp);
		char esc[5];

		if (!what) {
			if (len + n >= size)
				break;
			memcpy(out + len, p, n);
			len += n;
			p += n;
			continue;
		}
		if (len + 4 * n >= size)
			break;
		for (unsigned int i = 0; i < n; i++, p++) {
			snprintf(esc, sizeof(esc), "\\x%02x",
				 (unsigned char)*p);
			memcpy(out + len, esc, 4);
			len += 4;
		}
	}
	out[len] = '\0';
	memcpy(s, out, len + 1);
	free(out);
}

/*
 * @s, of @len bytes, into @out as text_say() writes it: a refused
 * character's bytes as "\xNN".  Returns the bytes written; @out holds
 * 4 * @len + 1.
 */
static size_t text_escape(const char *s, size_t len, char *out)
{
	const char *end = s + len;
	size_t o = 0;

	while (s < end) {
		unsigned long cp;
		unsigned int n;

		if (!text_refused(s, &n, &cp)) {
			memcpy(out + o, s, n);
			o += n;
			s += n;
			continue;
		}
		for (; n; n--, s++)
			o += (size_t)sprintf(out + o, "\\x%02x",
					     (unsigned char)*s);
	}
	out[o] = '\0';
	return o;
}

void text_say(FILE *f, const char *fmt, ...)
{
	char small[512], *msg = small, *out;
	va_list ap, again;
	size_t n;
	int len;

	va_start(ap, fmt);
	va_copy(again, ap);
	len = vsnprintf(small, sizeof(small), fmt, ap);
	/* A long file name: on the heap, else cut. */
	if (len >= (int)sizeof(small)) {
		msg = malloc((size_t)len + 1);
		if (msg)
			vsnprintf(msg, (size_t)len + 1, fmt, again);
		else
			msg = small;
	}
	va_end(again);
	va_end(ap);
	if (len < 0)
		small[0] = '\0';
	/*
	 * Written in one piece, its newline with it: stderr is unbuffered,
	 * and another process's line must not land inside this one.
	 */
	n = strlen(msg);
	out = malloc(4 * n + 2);
	if (out) {
		n = text_escape(msg, n, out);
		out[n++] = '\n';
		fwrite(out, 1, n, f);
		free(out);
	} else {
		for (const char *p = msg; *p; p++)
			fputs(isprint((unsigned char)*p) ? (char[]){ *p, 0 } :
							   "?",
			      f);
		fputc('\n', f);
	}
	if (msg != small)
		free(msg);
}
