/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The clock ctxbench reads (CLOCK_MONOTONIC) and CPU times in seconds. */
#ifndef CTXBENCH_CLOCK_H
#define CTXBENCH_CLOCK_H

#include <stdint.h>
#include <sys/resource.h>
#include <time.h>

/* CLOCK_MONOTONIC in seconds. */
static inline double clock_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CLOCK_MONOTONIC in nanoseconds, for the sampled round trips. */
static inline uint64_t clock_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A struct timeval of rusage in seconds. */
static inline double clock_tv_s(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec * 1e-6;
}

/* User plus system time of @ru, in seconds. */
static inline double clock_cpu_s(const struct rusage *ru)
{
	return clock_tv_s(&ru->ru_utime) + clock_tv_s(&ru->ru_stime);
}

#endif
