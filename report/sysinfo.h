/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The facts of the Run information block, read from /proc and /sys. */
#ifndef CTXBENCH_SYSINFO_H
#define CTXBENCH_SYSINFO_H

#include "results.h"

/*
 * Fill the machine facts of @in from the /proc and /sys found under @root
 * ("" for the running system; tests pass a fixture tree).  What cannot be
 * read is left empty (the report says "unknown"), never guessed.
 */
void sysinfo_read(const char *root, struct result_info *in);

/* Count the CPUs of a list such as "0-3,8,10-11"; -1 if malformed. */
int sysinfo_count_cpus(const char *list);

#endif
