/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The fuzz target of the saved-run reader: whatever the bytes, it either
 * refuses them with one line and leaves nothing behind, or gives results
 * that render and write back to JSON that reads again as the same JSON.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "store/store.h"
#include "tests/render.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_free(struct results *r, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		results_free(&r[i]);
	free(r);
}

/* The JSON of @n results @r, in a buffer to free. */
static char *fuzz_json(struct results *r, unsigned int n, size_t *len)
{
	const struct results **p = calloc(n, sizeof(*p));
	char *buf = NULL;
	FILE *f;

	if (!p)
		abort();
	for (unsigned int i = 0; i < n; i++)
		p[i] = &r[i];
	f = open_memstream(&buf, len);
	if (!f)
		abort();
	report_json(f, p, n);
	fclose(f);
	/* And the text report, against the first and the last baseline. */
	f = fopen("/dev/null", "w");
	if (!f)
		abort();
	test_render(f, "text", p, n, 0, NULL, 0);
	test_render(f, "text", p, n, n - 1, p, n);
	fclose(f);
	free(p);
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct results *r = NULL, *again = NULL;
	unsigned int n = 0, nagain = 0;
	size_t len, len2;
	char err[256] = "", *json, *json2;

	if (store_read_buf((const char *)data, size, &r, &n, err, sizeof(err)) <
	    0) {
		/* Refused: one line, and nothing read. */
		if (r || n || !err[0] || strchr(err, '\n'))
			abort();
		return 0;
	}
	if (!r || !n)
		abort();
	json = fuzz_json(r, n, &len);
	if (store_read_buf(json, len, &again, &nagain, err, sizeof(err)) < 0 ||
	    nagain != n) {
		fprintf(stderr, "written JSON does not read back: %s\n", err);
		abort();
	}
	json2 = fuzz_json(again, nagain, &len2);
	if (len != len2 || memcmp(json, json2, len) != 0) {
		fprintf(stderr, "written JSON changes when read back\n");
		abort();
	}
	free(json);
	free(json2);
	fuzz_free(r, n);
	fuzz_free(again, nagain);
	return 0;
}
