/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Reading /proc/stat and the per-CPU cpufreq and throttle files. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "procstat.h"
#include "lib/fs.h"

/*
 * Room for /proc/stat of a large machine: the cpu lines come first and
 * the "intr" line, one number per interrupt, is what makes it long.
 */
#define PROCSTAT_BUF_SIZE (128 * 1024)

/* The columns kept, in the order /proc/stat prints them. */
#define PROCSTAT_COLUMNS 8
/* user nice system idle: what every kernel prints. */
#define PROCSTAT_MIN_COLUMNS 4

static int procstat_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int procstat_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The columns after "cpuN" at @p, up to the end of the line. */
static int procstat_cpu_line(const char *p, struct procstat_cpu *c)
{
	uint64_t v[PROCSTAT_COLUMNS] = { 0 };
	unsigned int n = 0;

	for (;;) {
		unsigned long long x;
		char *end;

		while (procstat_blank(*p))
			p++;
		if (!procstat_digit(*p))
			break;
		errno = 0;
		x = strtoull(p, &end, 10);
		if (errno)
			return -EINVAL;
		/* guest and guest_nice are inside user and nice already. */
		if (n < PROCSTAT_COLUMNS)
			v[n] = x;
		n++;
		p = end;
	}
	if (n < PROCSTAT_MIN_COLUMNS || (*p && *p != '\n'))
		return -EINVAL;
	c->user = v[0];
	c->nice = v[1];
	c->system = v[2];
	c->idle = v[3];
	c->iowait = v[4];
	c->irq = v[5];
	c->softirq = v[6];
	c->steal = v[7];
	c->present = 1;
	return 0;
}

/* The line of /proc/stat at @p, ended by a newline or the end of the text. */
static int procstat_line(const char *p, struct procstat *out, int *seen)
{
	struct procstat_cpu scratch;
	unsigned long cpu;
	char *end;

	if (strncmp(p, "procs_running", 13) == 0 && procstat_blank(p[13])) {
		long v;

		errno = 0;
		v = strtol(p + 13, &end, 10);
		if (!errno && v >= 0 && end != p + 13)
			out->procs_running = v;
		return 0;
	}
	if (strncmp(p, "cpu", 3) != 0)
		return 0;
	p += 3;
	if (procstat_blank(*p)) {
		*seen = 1;
		return procstat_cpu_line(p, &out->all);
	}
	if (!procstat_digit(*p))
		return 0;
	errno = 0;
	cpu = strtoul(p, &end, 10);
	if (errno || !procstat_blank(*end))
		return -EINVAL;
	*seen = 1;
	if (cpu >= PROCSTAT_MAX_CPUS)
		return procstat_cpu_line(end, &scratch);
	if (cpu + 1 > out->ncpu_max)
		out->ncpu_max = (unsigned int)cpu + 1;
	return procstat_cpu_line(end, &out->cpu[cpu]);
}

int procstat_parse(const char *text, struct procstat *out)
{
	const char *p = text;
	int seen = 0;

	memset(out, 0, sizeof(*out));
	out->procs_running = -1;
	while (*p) {
		const char *nl = strchr(p, '\n');
		int ret = procstat_line(p, out, &seen);

		if (ret < 0)
			return ret;
		if (!nl)
			break;
		p = nl + 1;
	}
	return seen ? 0 : -EINVAL;
}

int procstat_read(const char *root, struct procstat *out)
{
	ssize_t len;
	char *buf;
	int ret;

	buf = malloc(PROCSTAT_BUF_SIZE);
	if (!buf)
		return -ENOMEM;
	/*
	 * The kernel builds the whole text at the first read and hands out
	 * the rest from that copy, so this is one snapshot however many
	 * reads it takes.
	 */
	len = fs_read_all(root, "/proc/stat", buf, PROCSTAT_BUF_SIZE);
	if (len < 0) {
		ret = (int)len;
		goto out_free;
	}
	if (len == PROCSTAT_BUF_SIZE - 1) {
		/* Full: drop the line that may have been cut. */
		char *nl = strrchr(buf, '\n');

		if (nl)
			nl[1] = '\0';
	}
	ret = procstat_parse(buf, out);
out_free:
	free(buf);
	return ret;
}

int procstat_freq_read(const char *root, int cpu, long *khz)
{
	long long v;

	if (fs_cpu_read_ll(root, cpu, "cpufreq/scaling_cur_freq", &v) < 0 ||
	    v <= 0 || v > 1000000000)
		return -1;
	*khz = (long)v;
	return 0;
}

int procstat_throttle_read(const char *root, int cpu, long long *count)
{
	return fs_cpu_read_ll(root, cpu, "thermal_throttle/core_throttle_count",
			      count);
}

int procstat_task_parse(const char *text, struct procstat_task *out)
{
	const char *p = strrchr(text, ')');
	unsigned long long utime, stime;

	if (!p || p[1] != ' ' || p[2] < 'A' || p[2] > 'z' || p[3] != ' ')
		return -EINVAL;
	/* state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt */
	if (sscanf(p + 4, "%*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
		   &utime, &stime) != 2)
		return -EINVAL;
	out->state = p[2];
	out->cpu_ticks = utime + stime;
	return 0;
}

int procstat_task_read(const char *root, int tid, struct procstat_task *out)
{
	char path[32], buf[1024];
	ssize_t len;

	snprintf(path, sizeof(path), "/proc/%d/stat", tid);
	len = fs_read_all(root, path, buf, sizeof(buf));
	if (len < 0)
		return (int)len;
	return procstat_task_parse(buf, out);
}
