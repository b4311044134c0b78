/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctxbench dump WHAT: the tables the references are made from, printed. */
#ifndef CTXBENCH_DUMP_H
#define CTXBENCH_DUMP_H

#include <stdio.h>

/*
 * Write table @what ("options", "mechanisms", "facts", "json" or
 * "limits") to @f,
 * a line an entry, tab-separated fields.  Returns 0, or -1 with a
 * message on stderr when no table has that name.
 */
int dump_table(FILE *f, const char *what);

#endif
