/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The table of formats, expanded from formats.h's one list. */
#include "formats.h"

#define REPORT_FORMAT_ENTRY(id, name) &report_format_##id,
const struct report_format *const report_formats[] = { REPORT_FORMATS(
	REPORT_FORMAT_ENTRY) NULL };
