/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The kernel's tick rate (CONFIG_HZ), measured where no configuration says it. */
#ifndef CTXBENCH_TICK_H
#define CTXBENCH_TICK_H

#include <stddef.h>

/*
 * The count of timer interrupts of CPU @cpu in the /proc/interrupts text
 * @text (x86's "LOC", arm64's "arch_timer" line), or -1 when it has none.
 */
long long tick_count(const char *text, int cpu);

/*
 * The jiffies in the text of /proc/schedstat ("timestamp N") or
 * /proc/timer_list ("jiffies: N"), or -1 when it has none.
 */
long long tick_jiffies(const char *text);

/* The CONFIG_HZ choice within 8 % of @rate ticks per second, or 0. */
int tick_rate_hz(double rate);

/*
 * The CONFIG_HZ choice (1000, 300, 250 or 100) that explains timer
 * interrupts seen at the @n times @t (seconds, rising) on a busy CPU: the
 * highest whose every period, over at least TICK_PERIODS of them, has an
 * interrupt at one phase.  0 when none does (a tickless CPU).
 */
int tick_hz(const double *t, unsigned int n);

/*
 * Measure the tick rate of the running kernel under @root (""): from how
 * fast jiffies move in /proc/schedstat or /proc/timer_list, "250
 * (jiffies)"; else from the timer interrupts of a busy CPU in
 * /proc/interrupts, "250 (timer interrupts)"; "" when neither tells (a
 * tickless CPU).  Jiffies take about TICK_JIFFIES_S, spinning only at
 * two of their changes; timer interrupts spin for TICK_SPAN_S.  Up to
 * TICK_TRIES times each.
 */
void tick_measure(const char *root, char *out, size_t size);

#define TICK_JIFFIES_S 0.05 /* how long jiffies are counted */
#define TICK_SPAN_S 0.12 /* how long the measurement spins */
#define TICK_EDGES 1024 /* the most timer interrupts it times */
#define TICK_PERIODS 8 /* the fewest periods a rate is judged on */
#define TICK_TRIES 3 /* measurements before giving up */

#endif
