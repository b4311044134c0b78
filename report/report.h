/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Output formats: pure functions of results, written to a caller's FILE. */
#ifndef CTXBENCH_REPORT_H
#define CTXBENCH_REPORT_H

#include <stdio.h>

#include "results.h"

/*
 * The text report of @n invocations side by side, in the original
 * ctxbench's layout: a Run information block, then one table per IPC type
 * with a row per invocation.  At most 80 columns.
 */
void report_text(FILE *f, const struct results *const *r, unsigned int n);

#endif
