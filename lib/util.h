/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Small helpers every part of ctxbench may use. */
#ifndef CTXBENCH_UTIL_H
#define CTXBENCH_UTIL_H

/* The number of elements of the array @a (not of a pointer). */
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
