/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The saved-run store: reading saved runs back (writing: save.h, report_json()). */
#ifndef CTXBENCH_STORE_H
#define CTXBENCH_STORE_H

#include <stddef.h>

#include "model/results.h"
#include "model/schema.h"

/*
 * Read a saved document of @len bytes at @buf and append its invocations
 * to the array *@r of *@n (grown with realloc; release each with
 * results_free(), then the array with free()).  Returns 0, or -1 with a
 * one-line message in @err and *@r and *@n untouched.  Reads no more than
 * the limits above allow.
 */
int store_read_buf(const char *buf, size_t len, struct results **r,
		   unsigned int *n, char *err, size_t errlen);

/* The same from the file at @path. */
int store_read_file(const char *path, struct results **r, unsigned int *n,
		    char *err, size_t errlen);

#endif
