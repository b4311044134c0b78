/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Text that reaches a terminal as it is: one rule for the options that
 * take text (-n, --note, --baseline), every string a saved run holds, and
 * what ctxbench reads from the system and saves.
 */
#ifndef CTXBENCH_TEXT_H
#define CTXBENCH_TEXT_H

#include <stddef.h>
#include <stdio.h>

/*
 * The rule: text is one line of printable UTF-8.  Refused are what is not
 * UTF-8 (as utf8_char() of lib/utf8.h decodes it); every control
 * character, C0 (U+0000..U+001F, the tab among them), DEL (U+007F) and C1
 * (U+0080..U+009F, CSI and NEL among them); the line and paragraph
 * separators U+2028 and U+2029; and the bidirectional embeddings,
 * overrides and isolates (U+202A..U+202E, U+2066..U+2069), which make a
 * terminal show text in another order than it is.
 *
 * The character at @s (a NUL there is U+0000): its length into *@len (1
 * for a byte that starts no UTF-8 character), its code point into *@cp
 * (the byte itself when it is not UTF-8); NULL when text may hold it,
 * else what it is: "not UTF-8", "a control character", "a tab", "a line
 * break", "a bidirectional control".
 */
const char *text_refused(const char *s, unsigned int *len, unsigned long *cp);

/*
 * Does @s follow the rule?  -1 when it does; else the offset of the first
 * character it refuses, said into @why ("U+009B (a control character)",
 * "byte 0xe9 (not UTF-8)").
 */
long text_check(const char *s, char *why, size_t size);

/*
 * Make @s, of @size bytes, follow the rule: every byte of a character the
 * rule refuses becomes "\xNN", cut at a character when it no longer fits.
 * For text read from the system (a host name is anybody's), so that the
 * report and the saved run say the same and the saved run reads back.
 */
void text_clean(char *s, size_t size);

/*
 * A message on @f: @fmt's text, then a newline.  What it quotes (an
 * argument, an option's value, a file name, a string of a saved file) is
 * anybody's, and reaches a terminal: the text is written as text_clean()
 * makes it, every byte of a character the rule refuses as "\xNN" (ESC
 * "\x1b", a newline "\x0a", U+202E "\xe2\x80\xae"), the rest as it is, so
 * that a message is one line a terminal shows as it is, and a file name
 * in any script stays readable.  Every message of ctxbench goes this way
 * but perror()'s and the stack limit's (ctxbench.c), which quote nothing.
 */
void text_say(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
