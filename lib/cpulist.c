/* SPDX-License-Identifier: GPL-2.0-or-later */
/* CPU lists: a set written as "0-3,8", and such a list counted. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "cpulist.h"

void cpulist_format(const cpu_set_t *set, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int c = 0; c < CPU_SETSIZE && len < size; c++) {
		int e = c;

		if (!CPU_ISSET(c, set))
			continue;
		while (e + 1 < CPU_SETSIZE && CPU_ISSET(e + 1, set))
			e++;
		if (e == c)
			len += (size_t)snprintf(buf + len, size - len, "%s%d",
						len ? "," : "", c);
		else
			len += (size_t)snprintf(buf + len, size - len,
						"%s%d-%d", len ? "," : "", c,
						e);
		c = e;
	}
}

int cpulist_count(const char *list)
{
	return cpulist_parse(list, NULL);
}

int cpulist_parse(const char *list, cpu_set_t *set)
{
	const char *p = list;
	int n = 0;

	if (set)
		CPU_ZERO(set);
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
		for (long c = a; set && c <= b && c < CPU_SETSIZE; c++)
			CPU_SET(c, set);
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -1;
	}
	return n;
}
