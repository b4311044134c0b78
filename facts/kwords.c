/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The kernel's words: its version's, its command line's, its CPU flags. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kwords.h"
#include "lib/fs.h"

int kwords_has(const char *s, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = s; *p;) {
		size_t len;

		p += strspn(p, " \t\n");
		len = strcspn(p, " \t\n");
		if (len == n && strncmp(p, word, n) == 0)
			return 1;
		p += len;
	}
	return 0;
}

int kwords_param(const char *cmdline, const char *name, char *out, size_t size)
{
	size_t n = strlen(name);
	int found = 0;

	for (const char *p = cmdline; *p;) {
		size_t len;

		p += strspn(p, " \t\n");
		len = strcspn(p, " \t\n");
		if (len == 2 && strncmp(p, "--", 2) == 0)
			break;
		if (len >= n && strncmp(p, name, n) == 0 &&
		    (len == n || p[n] == '=')) {
			snprintf(out, size, "%.*s",
				 len > n ? (int)(len - n - 1) : 0,
				 p + n + (len > n));
			found = 1; /* the last one counts, as the kernel's */
		}
		p += len;
	}
	return found;
}

int kwords_param_has(const char *cmdline, const char *name, const char *value)
{
	size_t n = strlen(name), v = strlen(value);

	for (const char *p = cmdline; *p;) {
		size_t len;

		p += strspn(p, " \t\n");
		len = strcspn(p, " \t\n");
		if (len == 2 && strncmp(p, "--", 2) == 0)
			break;
		if (len == n + 1 + v && strncmp(p, name, n) == 0 &&
		    p[n] == '=' && strncmp(p + n + 1, value, v) == 0)
			return 1;
		p += len;
	}
	return 0;
}

int kwords_cpu_flags(const char *root, char **flags)
{
	FILE *f = fs_open(root, "/proc/cpuinfo");
	char *line = NULL;
	size_t cap = 0;
	int found = 0;

	*flags = NULL;
	if (!f)
		return -1;
	while (!found && getline(&line, &cap, f) > 0) {
		char *colon = strchr(line, ':');

		if (!colon)
			continue;
		*colon = '\0';
		if (strcmp(fs_trim(line), "flags") != 0)
			continue;
		memmove(line, colon + 1, strlen(colon + 1) + 1);
		found = 1;
	}
	fclose(f);
	if (found)
		*flags = line;
	else
		free(line);
	return found;
}
