/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A command line quoted as a shell would take it back. */
#ifndef CTXBENCH_QUOTE_H
#define CTXBENCH_QUOTE_H

#include <stddef.h>

/*
 * The command line @argv as a shell would take it back, into @buf; one
 * too long is cut short and ends with "...".  Call it before
 * plan_parse(), which may reorder @argv.
 */
void quote_cmdline(int argc, char *const *argv, char *buf, size_t size);

#endif
