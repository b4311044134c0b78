/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctxbench report FILE...: saved runs read back and rendered as one report. */
#ifndef CTXBENCH_REPORT_CMD_H
#define CTXBENCH_REPORT_CMD_H

#include "plan.h"

/*
 * The saved files of @p as one report, or nothing; the --noise files
 * after them, apart.  Returns the exit status.
 */
int report_cmd(const struct plan *p);

#endif
