/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Whether the TSC is stable: CPU flags, boot parameters, clocksources. */
#include <stdio.h>
#include <string.h>

#include "kwords.h"
#include "tsc.h"
#include "lib/fs.h"

#define TSC_CLOCKSOURCE "/sys/devices/system/clocksource/clocksource0"

/* Append @what to the reasons @why of @size, at *@len, after ", ". */
static void tsc_why(char *why, size_t size, size_t *len, const char *what)
{
	int n = snprintf(why + *len, size - *len, "%s%s", *len ? ", " : "",
			 what);

	if (n > 0 && *len + (size_t)n < size)
		*len += (size_t)n;
}

/* Marked unstable: by the command line, or no longer a clocksource. */
static size_t tsc_unstable(const char *cmdline, const char *available,
			   char *why, size_t size)
{
	size_t len = 0;

	why[0] = '\0';
	if (kwords_param_has(cmdline, "tsc", "unstable"))
		tsc_why(why, size, &len, "tsc=unstable");
	if (available[0] && !kwords_has(available, "tsc"))
		tsc_why(why, size, &len, "not a clocksource");
	return len;
}

void tsc_words(const struct tsc_flags *f, const char *cmdline,
	       const char *available, char *out, size_t size)
{
	char why[96];
	size_t len;

	if (!f->cpuinfo) {
		snprintf(out, size, "unknown (no /proc/cpuinfo)");
		return;
	}
	if (f->tsc < 0 || !f->tsc) {
		snprintf(out, size, "none (%s)",
			 f->tsc < 0 ? "no x86 flags in /proc/cpuinfo" :
				      "no tsc flag");
		return;
	}
	if (tsc_unstable(cmdline, available, why, sizeof(why))) {
		snprintf(out, size, "unstable (%s)", why);
		return;
	}
	len = 0;
	if (f->constant > 0 && f->nonstop > 0)
		tsc_why(why, sizeof(why), &len, "constant_tsc nonstop_tsc");
	if (f->reliable > 0)
		tsc_why(why, sizeof(why), &len, "tsc_reliable");
	/* The admin's word, where the CPU's says nothing. */
	if (!len && kwords_param_has(cmdline, "tsc", "reliable"))
		tsc_why(why, sizeof(why), &len, "tsc=reliable");
	if (len)
		snprintf(out, size, "stable (%s)", why);
	else
		snprintf(out, size, "variable (%s%s%s)",
			 f->constant > 0 ? "" : "no constant_tsc",
			 f->constant > 0 || f->nonstop > 0 ? "" : ", ",
			 f->nonstop > 0 ? "" : "no nonstop_tsc");
}

void tsc_read(const char *root, int cpuinfo, const char *flags,
	      struct result_info *in)
{
	struct tsc_flags f = { cpuinfo >= 0, -1, -1, -1, -1 };
	char available[256];

	if (flags) {
		f.tsc = kwords_has(flags, "tsc");
		f.constant = kwords_has(flags, "constant_tsc");
		f.nonstop = kwords_has(flags, "nonstop_tsc");
		f.reliable = kwords_has(flags, "tsc_reliable");
	}
	fs_read_line(root, TSC_CLOCKSOURCE "/available_clocksource", available,
		     sizeof(available));
	tsc_words(&f, in->boot_cmdline, available, in->tsc, sizeof(in->tsc));
}
