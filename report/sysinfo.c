/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Run information: CPU type and MHz, host, kernel, CPUs. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sysinfo.h"

/* Read the first line of @root@path into @buf, without its newline. */
static int sysinfo_line(const char *root, const char *path, char *buf,
			size_t size)
{
	char name[4096];
	FILE *f;

	snprintf(name, sizeof(name), "%s%s", root, path);
	f = fopen(name, "re");
	if (!f)
		return -1;
	if (!fgets(buf, (int)size, f)) {
		fclose(f);
		buf[0] = '\0';
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static char *sysinfo_trim(char *s)
{
	size_t n;

	while (isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* The first "key : value" of /proc/cpuinfo whose key is one of @keys. */
static void sysinfo_cpuinfo(const char *root, const char *const *keys,
			    char *out, size_t size)
{
	char name[4096], line[512];
	FILE *f;

	snprintf(name, sizeof(name), "%s/proc/cpuinfo", root);
	f = fopen(name, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon)
			continue;
		*colon = '\0';
		for (const char *const *k = keys; *k; k++) {
			if (strcmp(sysinfo_trim(line), *k) == 0) {
				snprintf(out, size, "%s",
					 sysinfo_trim(colon + 1));
				fclose(f);
				return;
			}
		}
	}
	fclose(f);
}

int sysinfo_count_cpus(const char *list)
{
	const char *p = list;
	int n = 0;

	while (*p && *p != '\n') {
		char *end;
		long a, b;

		errno = 0;
		a = strtol(p, &end, 10);
		if (end == p || a < 0 || errno)
			return -1;
		b = a;
		p = end;
		if (*p == '-') {
			b = strtol(p + 1, &end, 10);
			if (end == p + 1 || b < a || errno)
				return -1;
			p = end;
		}
		n += (int)(b - a + 1);
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -1;
	}
	return n;
}

void sysinfo_read(const char *root, struct result_info *in)
{
	static const char *const model[] = { "model name", "cpu model",
					     "Processor", "cpu", NULL };
	static const char *const mhz[] = { "cpu MHz", "clock", NULL };
	char buf[256];

	in->cpu_type[0] = in->cpu_mhz[0] = '\0';
	sysinfo_cpuinfo(root, model, in->cpu_type, sizeof(in->cpu_type));
	sysinfo_cpuinfo(root, mhz, in->cpu_mhz, sizeof(in->cpu_mhz));
	if (sysinfo_line(root, "/proc/sys/kernel/hostname", in->hostname,
			 sizeof(in->hostname)) < 0)
		in->hostname[0] = '\0';
	if (sysinfo_line(root, "/proc/sys/kernel/osrelease", in->kernel,
			 sizeof(in->kernel)) < 0)
		in->kernel[0] = '\0';
	in->ncpu = 0;
	if (sysinfo_line(root, "/sys/devices/system/cpu/online", buf,
			 sizeof(buf)) == 0) {
		int n = sysinfo_count_cpus(buf);

		in->ncpu = n > 0 ? n : 0;
	}
}
