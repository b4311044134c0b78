/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Golden files for the tests: compare output with tests/golden/, or rewrite. */
#ifndef CTXBENCH_GOLDEN_H
#define CTXBENCH_GOLDEN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#ifndef TEST_DIR
#error "TEST_DIR must name the tests/ directory"
#endif

/* The whole file at @path, NUL-terminated, its length in *@len; or NULL. */
static inline char *golden_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf) {
		buf[n] = '\0';
		*len = (size_t)n;
	}
	return buf;
}

/*
 * Compare @got with tests/golden/@name, or rewrite that file when
 * CTXBENCH_UPDATE_GOLDEN is set (then review the diff like code).
 */
static inline void golden_check(const char *name, const char *got, size_t len)
{
	char path[512];
	size_t want_len = 0;
	char *want;

	snprintf(path, sizeof(path), "%s/golden/%s", TEST_DIR, name);
	if (getenv("CTXBENCH_UPDATE_GOLDEN")) {
		FILE *f = fopen(path, "w");

		CHECK(f != NULL);
		if (f) {
			fwrite(got, 1, len, f);
			fclose(f);
		}
		return;
	}
	want = golden_slurp(path, &want_len);
	if (!want || want_len != len || memcmp(want, got, len) != 0) {
		fprintf(stderr, "%s differs from the output:\n%s\n", path, got);
		CHECK(0);
	} else {
		CHECK(1);
	}
	free(want);
}

/* Every line of @text fits in @cols columns and ends without blanks. */
static inline void golden_lines(const char *text, size_t cols)
{
	const char *line = text;
	int ok = 1;

	while (*line) {
		size_t n = strcspn(line, "\n");

		if (n > cols || (n && line[n - 1] == ' ')) {
			fprintf(stderr,
				"line too wide (%zu) or with a blank "
				"at its end: '%.*s'\n",
				n, (int)n, line);
			ok = 0;
		}
		line += n + (line[n] == '\n');
	}
	CHECK(ok);
}

#endif
