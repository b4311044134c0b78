/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The facts of the Run information block, as every report shows them. */
#ifndef CTXBENCH_INFO_H
#define CTXBENCH_INFO_H

#include <stddef.h>

#include "model/fields.h"
#include "model/results.h"

/* A fact of the block: its field, and where its struct is. */
struct info_fact {
	const char *name;
	const struct field *f;
	size_t base; /* offset of that struct in struct results */
};

/* The fact at place @i of the block (field_fact()) into @k; -1 past the last. */
int info_fact_at(unsigned int i, struct info_fact *k);

/*
 * The value of fact @k of @r, "unknown" when it could not be read: a
 * string of @r's, or one made in @buf.
 */
const char *info_fact_value(const struct results *r, const struct info_fact *k,
			    char *buf, size_t size);

/* The fact named @name into @k; -1 when there is none. */
int info_fact_named(const char *name, struct info_fact *k);

/* Is fact @k the same in all @n invocations of @r? */
int info_fact_common(const struct results *const *r, unsigned int n,
		     const struct info_fact *k);

#endif
