/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A uniform sample of a run's timed round trips, kept at full resolution
 * (reservoir sampling, Vitter's algorithm R): the histogram keeps every
 * round trip within 3 % of itself, which moves its median in steps of
 * 1.6 to 3 %; the sample's median and interquartile mean are exact to
 * the nanosecond, and as steady as PICK_MAX values make them.  Written
 * by one participant alone, read by the runner after the run.
 */
#ifndef CTXBENCH_PICK_H
#define CTXBENCH_PICK_H

#include <stdint.h>

#define PICK_MAX 4096u

struct pick {
	uint32_t seen; /* round trips offered */
	uint32_t rng; /* xorshift32 state; 0: not seeded yet */
	uint32_t v[PICK_MAX]; /* ns, the first min(seen, PICK_MAX) */
};

static inline void pick_add(struct pick *p, uint64_t ns)
{
	uint32_t v = ns > UINT32_MAX ? UINT32_MAX : (uint32_t)ns, j;

	if (p->seen < PICK_MAX) {
		p->v[p->seen++] = v;
		return;
	}
	if (p->seen == UINT32_MAX)
		return;
	if (!p->rng)
		p->rng = 0x9e3779b9u;
	p->rng ^= p->rng << 13;
	p->rng ^= p->rng >> 17;
	p->rng ^= p->rng << 5;
	j = (uint32_t)(((uint64_t)p->rng * (uint64_t)(++p->seen)) >> 32);
	if (j < PICK_MAX)
		p->v[j] = v;
}

/*
 * The median and the interquartile mean (the mean of the values between
 * the first and the third quartile) of the values kept in @n picks, in
 * ns, into *@p50 and *@iqm; both 0 when there are none.  Each pick
 * weighs as the round trips it saw.  Returns 0, or -ENOMEM.
 */
int pick_central(const struct pick *p, unsigned int n, double *p50,
		 double *iqm);

#endif
