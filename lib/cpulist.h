/* SPDX-License-Identifier: GPL-2.0-or-later */
/* CPU lists as the kernel writes them: "0-3,8". */
#ifndef CTXBENCH_CPULIST_H
#define CTXBENCH_CPULIST_H

#include <sched.h>
#include <stddef.h>

/* Write a CPU set as a list "0-3,8" into @buf; "" when empty. */
void cpulist_format(const cpu_set_t *set, char *buf, size_t size);

/* Count the CPUs of a list such as "0-3,8,10-11"; -1 if malformed. */
int cpulist_count(const char *list);

/* The same, and the CPUs below CPU_SETSIZE into @set unless NULL. */
int cpulist_parse(const char *list, cpu_set_t *set);

#endif
