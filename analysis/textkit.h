/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The words every format says alike (textkit.c), and the columns of text
 * they are said in: below the formats, which call them; they call no
 * format back.
 */
#ifndef CTXBENCH_TEXTKIT_H
#define CTXBENCH_TEXTKIT_H

#include <stdio.h>

#include "compare.h"

/* The widest line the report prints. */
#define TEXT_WIDTH 80

/* The rule above and below a banner of the report. */
#define TEXT_RULE \
	"================================================================"

/*
 * @v from column @at of a line on, over lines of at most TEXT_WIDTH
 * columns (of UTF-8 text, utf8_width()), the later ones indented by
 * @indent, broken between words where a blank fits; each line ends with
 * its newline, and without blanks.
 */
void text_wrap(FILE *f, const char *v, size_t at, size_t indent);

/* @s in @cols columns: cut between characters, or padded with blanks. */
void text_pad(FILE *f, const char *s, size_t cols);

/*
 * A row's label into @buf: the run's (or its key, "#2", when @key is not
 * 0), its placement, and its ring when there are.
 */
void text_row_name(char *buf, size_t size, const struct results *r,
		   unsigned int key, const struct result_row *row);

/* A change in percent, in 6 columns at most: "-16.4%", "+1.2%", "+1234%". */
void text_percent(char *buf, size_t size, double pct);

/* What the text report calls the second verdict's statistic. */
#define TEXT_CPU_NAME "CPU per loop"
#define TEXT_RTT_NAME "round trip"

/*
 * The time of one hop of @row in microseconds, less the hop's own work
 * when @less; negative when there is no such value.
 */
double latctx_hop_us(const struct result_row *row, int less);

/*
 * The words of every cell of @c, each cell's change[] to hop[], its
 * verdict[] and key[]: again after compare_want(), whose replicates the
 * verdict says.
 */
void text_cell_words(struct compare *c);

/*
 * What a replicate of @g is, in the words of "12 boots a side": "boots",
 * "blocks", "invocations in turn" or "invocations".
 */
const char *text_rep_unit(const struct results *g);

/* The name of compared @row: "pipe same x2", its mechanism's title first. */
void text_summary_name(char *buf, size_t size, const struct compare *c,
		       const struct compare_row *row);

/* A character of a key: letters, digits and "_-", else "_". */
char report_key_char(char c);

/*
 * The row part of @row's keys in @r ("pipe.same.2p.0k") into @buf, as
 * every format names a row for a program: kv, tsv, JSON, the profiles.
 * Returns its length, or -1 when it does not fit.
 */
int report_row_key(const struct results *r, const struct result_row *row,
		   char *buf, size_t size);

#endif
