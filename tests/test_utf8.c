/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of UTF-8 text's columns: characters, widths, cuts and lines. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "lib/utf8.h"

/* Valid characters of 1 to 4 bytes, and what is not one. */
static void test_char(void)
{
	uint32_t cp = 0;

	CHECK_EQ_INT(utf8_char("a", &cp), 1);
	CHECK_EQ_INT(cp, 'a');
	CHECK_EQ_INT(utf8_char("\xc3\xa4", &cp), 2); /* ä */
	CHECK_EQ_INT(cp, 0xe4);
	CHECK_EQ_INT(utf8_char("\xe2\x82\xac", &cp), 3); /* € */
	CHECK_EQ_INT(cp, 0x20ac);
	CHECK_EQ_INT(utf8_char("\xf0\x9d\x84\x9e", &cp), 4); /* U+1D11E */
	CHECK_EQ_INT(cp, 0x1d11e);
	CHECK_EQ_INT(utf8_char("\xc3(", NULL), 0); /* cut short */
	CHECK_EQ_INT(utf8_char("\xc0\x80", NULL), 0); /* overlong */
	CHECK_EQ_INT(utf8_char("\xed\xa0\x80", NULL), 0); /* a surrogate */
	CHECK_EQ_INT(utf8_char("\x80", NULL), 0); /* a continuation */
}

/* Columns, not bytes: 1 for ä and €, 2 for CJK, 0 for a mark. */
static void test_width(void)
{
	static const struct {
		const char *s;
		size_t cols;
	} t[] = {
		{ "", 0 },
		{ "abc", 3 },
		{ "\xc3\xa4\xc3\xa4", 2 }, /* ää */
		{ "\xe2\x82\xac", 1 }, /* € */
		{ "\xe6\xbc\xa2\xe5\xad\x97", 4 }, /* 漢字 */
		{ "\xea\xb0\x80", 2 }, /* 가 */
		{ "\xef\xbc\xa1", 2 }, /* fullwidth A */
		{ "e\xcc\x81", 1 }, /* e and a combining acute */
		{ "a\xe2\x80\x8b"
		  "b",
		  2 }, /* a zero width space */
		{ "\t", 8 },
		{ "a\xff"
		  "b",
		  3 }, /* a byte that is not UTF-8 */
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		CHECK_THAT(utf8_width(t[i].s) == t[i].cols,
			   "utf8_width(\"%s\") == %zu, expected %zu", t[i].s,
			   utf8_width(t[i].s), t[i].cols);
}

/* What fits: whole characters, a mark with its letter, a wide one or not. */
static void test_fit(void)
{
	size_t w = 99;

	CHECK_EQ_INT(utf8_fit("\xc3\xa4\xc3\xa4\xc3\xa4", 2, &w), 4);
	CHECK_EQ_INT(w, 2);
	/* 漢字 in 3 columns: one wide character, not a byte of the next. */
	CHECK_EQ_INT(utf8_fit("\xe6\xbc\xa2\xe5\xad\x97", 3, &w), 3);
	CHECK_EQ_INT(w, 2);
	CHECK_EQ_INT(utf8_fit("\xe6\xbc\xa2", 1, &w), 0);
	CHECK_EQ_INT(w, 0);
	/* The mark goes with its letter. */
	CHECK_EQ_INT(utf8_fit("e\xcc\x81x", 1, &w), 3);
	CHECK_EQ_INT(w, 1);
	CHECK_EQ_INT(utf8_fit("\xe2\x82\xac\xe2\x82\xac", 80, &w), 6);
	CHECK_EQ_INT(w, 2);
	CHECK_EQ_INT(utf8_fit("abc", 0, NULL), 0);
}

/* A cut by bytes keeps whole characters, and a stray byte is one. */
static void test_cut(void)
{
	CHECK_EQ_INT(utf8_cut("abc", 2), 2);
	CHECK_EQ_INT(utf8_cut("abc", 9), 3);
	/* "ää" in 3 bytes: one of them, not a byte of the second. */
	CHECK_EQ_INT(utf8_cut("\xc3\xa4\xc3\xa4", 3), 2);
	CHECK_EQ_INT(utf8_cut("\xe2\x82\xac\xe2\x82\xac", 5), 3);
	CHECK_EQ_INT(utf8_cut("\xf0\x9f\x98\x80", 3), 0);
	/* Not UTF-8: a byte at a time, a lead byte cut short too. */
	CHECK_EQ_INT(utf8_cut("a\xff\xfe", 2), 2);
	CHECK_EQ_INT(utf8_cut("a\xe2\x82", 2), 2);
	CHECK_EQ_INT(utf8_cut("", 5), 0);
}

/* A line ends before a blank when more follows, else where it is full. */
static void test_line(void)
{
	/* "ää ää" in 4 columns: "ää", not "ää ä". */
	CHECK_EQ_INT(utf8_line("\xc3\xa4\xc3\xa4 \xc3\xa4\xc3\xa4", 4), 4);
	CHECK_EQ_INT(utf8_line("ab cd ef", 5), 5);
	CHECK_EQ_INT(utf8_line("ab cdef", 5), 2);
	CHECK_EQ_INT(utf8_line("ab cd", 5), 5); /* all of it fits */
	/* One word longer than the line: cut between characters. */
	CHECK_EQ_INT(utf8_line("\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac", 2), 6);
	CHECK_EQ_INT(utf8_line("abcdefgh", 3), 3);
	/* A wide character in a line of one column: itself, not nothing. */
	CHECK_EQ_INT(utf8_line("\xe6\xbc\xa2\xe5\xad\x97", 1), 3);
	/* 漢字 x 3 in 5 columns: two of them, 6 bytes. */
	CHECK_EQ_INT(utf8_line("\xe6\xbc\xa2\xe5\xad\x97\xe6\xbc\xa2", 5), 6);
	CHECK_EQ_INT(utf8_line("", 5), 0);
}

int main(void)
{
	test_char();
	test_width();
	test_fit();
	test_cut();
	test_line();
	return check_summary();
}
