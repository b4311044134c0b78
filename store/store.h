/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The saved-run store: saved runs written and read back (the file: save.h). */
#ifndef CTXBENCH_STORE_H
#define CTXBENCH_STORE_H

#include <stddef.h>
#include <stdio.h>

#include "model/results.h"
#include "model/schema.h"

struct jw;

/*
 * The @n invocations @r as one JSON document (the saved-run format; see
 * docs/json.md), doubles written so that they read back exactly.
 */
void store_write(FILE *f, const struct results *const *r, unsigned int n);

/*
 * The same, through @w, its object left open for derived members after
 * the invocations (the comparison); jw_end() ends it.
 */
void store_write_begin(struct jw *w, FILE *f, const struct results *const *r,
		       unsigned int n);

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

/*
 * The bytes of the file at @path, no more than a saved run can be, read
 * whole into *@buf (the caller frees it) and *@len, for store_read_buf():
 * a pipe cannot be read twice.  Returns 0, or -1 with a one-line message
 * in @err.
 */
int store_load_file(const char *path, char **buf, size_t *len, char *err,
		    size_t errlen);

#endif
