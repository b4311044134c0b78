/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Helpers of the results struct. */
#include <stdlib.h>

#include "results.h"
#include "stats.h"

void result_row_stats(const struct result_row *row, struct stats *s)
{
	double *rate = malloc((row->nsamples + 1) * sizeof(*rate));

	if (!rate) {
		stats_summary(NULL, 0, s);
		return;
	}
	for (unsigned int i = 0; i < row->nsamples; i++)
		rate[i] = result_rate(&row->sample[i]);
	stats_summary(rate, row->nsamples, s);
	free(rate);
}

const char *result_status_name(enum result_status st)
{
	switch (st) {
	case RESULT_OK:
		return "ok";
	case RESULT_SKIPPED:
		return "skipped";
	case RESULT_FAILED:
		return "FAILED";
	case RESULT_HUNG:
		return "HUNG";
	case RESULT_INTERRUPTED:
		return "interrupted";
	}
	return "?";
}

void results_free(struct results *r)
{
	for (unsigned int i = 0; i < r->nrows; i++)
		free(r->row[i].sample);
	free(r->row);
	r->row = NULL;
	r->nrows = 0;
}
