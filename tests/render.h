/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A report of the unit tests and the fuzz target, rendered as the output
 * phase renders it: the model built once, then the format of that name
 * from report_formats[], a pure renderer of the model.
 */
#ifndef CTXBENCH_TEST_RENDER_H
#define CTXBENCH_TEST_RENDER_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "analysis/model.h"
#include "report/formats.h"

/*
 * Format @name's report of the @n invocations @r against invocation
 * @baseline's label, with the @nnoise A/A invocations @noise, on @f.
 * Returns what the format returns, -ENOMEM when the model could not be
 * built, -EINVAL when no format has that name.
 */
static inline int test_render(FILE *f, const char *name,
			      const struct results *const *r, unsigned int n,
			      unsigned int baseline,
			      const struct results *const *noise,
			      unsigned int nnoise)
{
	const struct report_format *const *fmt = report_formats;
	struct report_model m;
	int rc;

	while (*fmt && strcmp((*fmt)->name, name))
		fmt++;
	if (!*fmt)
		return -EINVAL;
	if (report_model_build(&m, r, n, baseline, noise, nnoise, 0) < 0)
		return -ENOMEM;
	rc = (*fmt)->render(f, &m);
	report_model_free(&m);
	return rc;
}

#endif
