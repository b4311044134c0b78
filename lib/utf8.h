/* SPDX-License-Identifier: GPL-2.0-or-later */
/* UTF-8 text as a terminal shows it: its characters, their columns, lines. */
#ifndef CTXBENCH_UTF8_H
#define CTXBENCH_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * The length of the valid UTF-8 character at @s (1..4), and its code
 * point into *@cp unless @cp is NULL; 0 when the bytes there are not one
 * (overlong, a surrogate, cut short...).
 */
unsigned int utf8_char(const char *s, uint32_t *cp);

/*
 * The columns @s takes on a terminal, whatever the locale (ctxbench sets
 * none): a combining mark or another character of no width 0, a wide
 * (East Asian) character 2, a tab 8 (the most it moves), every other
 * character 1; a byte that is not UTF-8 1, as the replacement character
 * a terminal shows for it.
 */
size_t utf8_width(const char *s);

/*
 * The bytes of @s that fit in @cols columns: whole characters only, the
 * marks after the last one with it; their columns into *@w unless NULL.
 */
size_t utf8_fit(const char *s, size_t cols, size_t *w);

/*
 * The bytes of @s that fit in @max bytes: whole characters only, a byte
 * that starts no UTF-8 character one of them; all of @s when it fits.
 */
size_t utf8_cut(const char *s, size_t max);

/*
 * The bytes of the first line of @s when it goes on over lines of @cols
 * columns: what fits, ending before a blank when more follows and a blank
 * is there to end at (a word longer than a line is cut between
 * characters); at least one character, even one wider than @cols.
 */
size_t utf8_line(const char *s, size_t cols);

#endif
