/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The facts of the Run information block, as every report shows them. */
#include <stdio.h>
#include <string.h>

#include "info.h"

int info_fact_at(unsigned int i, struct info_fact *k)
{
	return field_fact(i, &k->name, &k->f, &k->base, NULL) < 0 ? -1 : 0;
}

int info_fact_named(const char *name, struct info_fact *k)
{
	for (unsigned int i = 0; !info_fact_at(i, k); i++)
		if (!strcmp(k->name, name))
			return 0;
	return -1;
}

const char *info_fact_value(const struct results *r, const struct info_fact *k,
			    char *buf, size_t size)
{
	const void *v = field_ptr((const char *)r + k->base, k->f);
	const struct result_info *in;
	const char *s = buf;

	buf[0] = '\0';
	switch (k->f->type) {
	case FIELD_STR:
		s = *(const char *)v || !k->f->empty ? v : k->f->empty;
		break;
	case FIELD_INT:
		if (*(const int *)v > 0 || !(k->f->flags & FIELD_ZERO_UNKNOWN))
			snprintf(buf, size, "%d", *(const int *)v);
		break;
	case FIELD_UINT:
		if (*(const unsigned int *)v || !k->f->empty)
			snprintf(buf, size, "%u", *(const unsigned int *)v);
		else
			s = k->f->empty;
		break;
	case FIELD_DOUBLE:
		snprintf(buf, size, "%g", *(const double *)v);
		break;
	case FIELD_TASKS:
		s = *(const int *)v ? "threads" : "processes";
		break;
	case FIELD_ORDER:
		/* The seed is beside the order, in struct result_info. */
		in = (const struct result_info *)((const char *)r + k->base);
		s = result_order_name(in->order);
		if (in->order == RESULT_ORDER_SHUFFLE) {
			snprintf(buf, size, "%s, seed %llu", s, in->seed);
			s = buf;
		}
		break;
	default:
		break; /* no fact of the block has another type */
	}
	return s[0] ? s : "unknown";
}

int info_fact_common(const struct results *const *r, unsigned int n,
		     const struct info_fact *k)
{
	char a[64], b[64];

	for (unsigned int i = 1; i < n; i++)
		if (strcmp(info_fact_value(r[0], k, a, sizeof(a)),
			   info_fact_value(r[i], k, b, sizeof(b))))
			return 0;
	return 1;
}
