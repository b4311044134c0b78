/* SPDX-License-Identifier: GPL-2.0-or-later */
/* UTF-8 text as a terminal shows it: its characters, their columns, lines. */
#include "utf8.h"

#include "util.h"

unsigned int utf8_char(const char *s, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned int n;
	uint32_t c;

	if (u[0] < 0x80) {
		n = 1, c = u[0];
		goto done;
	}
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		n = 2, c = u[0] & 0x1f;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		n = 3, c = u[0] & 0x0f;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		n = 4, c = u[0] & 0x07;
	else
		return 0;
	for (unsigned int i = 1; i < n; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (u[i] & 0x3f);
	}
	if ((n == 3 && c < 0x800) || (n == 4 && c < 0x10000) || c > 0x10ffff ||
	    (c >= 0xd800 && c <= 0xdfff))
		return 0;
done:
	if (cp)
		*cp = c;
	return n;
}

size_t utf8_cut(const char *s, size_t max)
{
	size_t len = 0;

	while (s[len]) {
		unsigned int n = utf8_char(s + len, NULL);

		if (!n)
			n = 1;
		if (len + n > max)
			break;
		len += n;
	}
	return len;
}

struct utf8_range {
	uint32_t first, last;
};

/*
 * Characters of no width: the combining marks of the Latin, Greek,
 * Cyrillic, Hebrew and Arabic scripts and of symbols, the joiners and
 * marks of direction, the variation selectors, Hangul's medial vowels and
 * final consonants (which join the syllable before them).  A mark missing
 * here counts one column: a line is then shorter than it could be, never
 * longer.
 */
static const struct utf8_range utf8_zero[] = {
	{ 0x0300, 0x036f },   { 0x0483, 0x0489 }, { 0x0591, 0x05bd },
	{ 0x05bf, 0x05bf },   { 0x05c1, 0x05c2 }, { 0x05c4, 0x05c5 },
	{ 0x05c7, 0x05c7 },   { 0x0610, 0x061a }, { 0x064b, 0x065f },
	{ 0x0670, 0x0670 },   { 0x06d6, 0x06dc }, { 0x06df, 0x06e4 },
	{ 0x06e7, 0x06e8 },   { 0x06ea, 0x06ed }, { 0x1160, 0x11ff },
	{ 0x1ab0, 0x1aff },   { 0x1dc0, 0x1dff }, { 0x200b, 0x200f },
	{ 0x202a, 0x202e },   { 0x2060, 0x2064 }, { 0x20d0, 0x20ff },
	{ 0xfe00, 0xfe0f },   { 0xfe20, 0xfe2f }, { 0xfeff, 0xfeff },
	{ 0xe0100, 0xe01ef },
};

/* Wide characters: East Asian scripts, full-width forms, pictographs. */
static const struct utf8_range utf8_wide[] = {
	{ 0x1100, 0x115f },   { 0x2329, 0x232a },   { 0x2e80, 0x303e },
	{ 0x3041, 0x33ff },   { 0x3400, 0x4dbf },   { 0x4e00, 0x9fff },
	{ 0xa000, 0xa4cf },   { 0xa960, 0xa97f },   { 0xac00, 0xd7a3 },
	{ 0xf900, 0xfaff },   { 0xfe10, 0xfe19 },   { 0xfe30, 0xfe6f },
	{ 0xff00, 0xff60 },   { 0xffe0, 0xffe6 },   { 0x1f300, 0x1f64f },
	{ 0x1f900, 0x1f9ff }, { 0x20000, 0x2fffd }, { 0x30000, 0x3fffd },
};

static int utf8_in(uint32_t cp, const struct utf8_range *t, size_t n)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cp > t[mid].last)
			lo = mid + 1;
		else if (cp < t[mid].first)
			hi = mid;
		else
			return 1;
	}
	return 0;
}

/* The columns of code point @cp. */
static size_t utf8_cp_width(uint32_t cp)
{
	if (cp == '\t')
		return 8;
	if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
		return 0; /* a control moves nothing a report prints */
	if (cp < 0x300)
		return 1;
	if (utf8_in(cp, utf8_zero, ARRAY_SIZE(utf8_zero)))
		return 0;
	return utf8_in(cp, utf8_wide, ARRAY_SIZE(utf8_wide)) ? 2 : 1;
}

/* The character at @s: its length, at least 1, and its columns in *@w. */
static unsigned int utf8_next(const char *s, size_t *w)
{
	uint32_t cp;
	unsigned int n = utf8_char(s, &cp);

	if (!n) {
		*w = 1;
		return 1;
	}
	*w = utf8_cp_width(cp);
	return n;
}

size_t utf8_width(const char *s)
{
	size_t cols = 0, w;

	while (*s) {
		s += utf8_next(s, &w);
		cols += w;
	}
	return cols;
}

size_t utf8_fit(const char *s, size_t cols, size_t *w)
{
	size_t n = 0, used = 0, cw;

	while (s[n]) {
		unsigned int len = utf8_next(s + n, &cw);

		if (used + cw > cols)
			break;
		used += cw;
		n += len;
	}
	if (w)
		*w = used;
	return n;
}

size_t utf8_line(const char *s, size_t cols)
{
	size_t n = utf8_fit(s, cols, NULL), cut, cw;

	if (!n)
		return *s ? utf8_next(s, &cw) : 0;
	if (!s[n])
		return n;
	/* More follows: end before the last blank that fits, if any. */
	for (cut = n; cut && s[cut] != ' '; cut--)
		;
	return cut ? cut : n;
}
