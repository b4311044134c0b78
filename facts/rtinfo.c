/* SPDX-License-Identifier: GPL-2.0-or-later */
/* RT throttling, CPU isolation and threaded interrupts, for the Run information. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtinfo.h"
#include "lib/fs.h"

/* Is @word, or "@word=...", one of the blank-separated words of @s? */
static const char *rtinfo_word(const char *s, const char *word, size_t *len)
{
	size_t n = strlen(word);
	const char *found = NULL;

	for (const char *p = s; *p;) {
		size_t l;

		p += strspn(p, " \t\n");
		l = strcspn(p, " \t\n");
		/* The kernel stops at "--": the rest is init's. */
		if (l == 2 && strncmp(p, "--", 2) == 0)
			break;
		if (l >= n && strncmp(p, word, n) == 0 &&
		    (l == n || p[n] == '=')) {
			found = p; /* the last one counts, as the kernel's */
			*len = l;
		}
		p += l;
	}
	return found;
}

void rtinfo_throttling(const char *runtime_us, const char *period_us, char *out,
		       size_t size)
{
	char *end;
	long long rt, period;

	out[0] = '\0';
	rt = strtoll(runtime_us, &end, 10);
	if (!runtime_us[0] || *end)
		return;
	if (rt < 0) {
		snprintf(out, size, "off (sched_rt_runtime_us %s)", runtime_us);
		return;
	}
	period = strtoll(period_us, &end, 10);
	if (!period_us[0] || *end || period <= 0) {
		snprintf(out, size, "on: %lld us per period", rt);
		return;
	}
	snprintf(out, size, "on: %lld of %lld us (%.0f%%)", rt, period,
		 100.0 * (double)rt / (double)period);
}

void rtinfo_isolation(const char *cmdline, char *out, size_t size)
{
	static const char *const words[] = { "isolcpus", "nohz_full" };
	size_t len = 0;

	out[0] = '\0';
	if (!cmdline[0])
		return;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		size_t l = 0;
		const char *w = rtinfo_word(cmdline, words[i], &l);

		if (w && len < size)
			len += (size_t)snprintf(out + len, size - len, "%s%.*s",
						len ? " " : "", (int)l, w);
	}
	if (!len)
		snprintf(out, size, "none");
}

void rtinfo_irqs(const char *cmdline, const char *preempt, char *out,
		 size_t size)
{
	size_t l;

	out[0] = '\0';
	if (strncmp(preempt, "rt ", 3) == 0)
		snprintf(out, size, "yes (forced: PREEMPT_RT)");
	else if (!cmdline[0])
		return;
	else if (rtinfo_word(cmdline, "threadirqs", &l) && l == 10)
		snprintf(out, size, "yes (threadirqs)");
	else
		snprintf(out, size, "no");
}

void rtinfo_read(const char *root, struct result_info *in)
{
	fs_read_line(root, "/proc/sys/kernel/sched_rt_runtime_us",
		     in->rt_runtime_us, sizeof(in->rt_runtime_us));
	fs_read_line(root, "/proc/sys/kernel/sched_rt_period_us",
		     in->rt_period_us, sizeof(in->rt_period_us));
	rtinfo_throttling(in->rt_runtime_us, in->rt_period_us,
			  in->rt_throttling, sizeof(in->rt_throttling));
	rtinfo_isolation(in->boot_cmdline, in->isolation,
			 sizeof(in->isolation));
	rtinfo_irqs(in->boot_cmdline, in->preempt, in->threaded_irqs,
		    sizeof(in->threaded_irqs));
}
