/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one list of backends, a line each, in report order.
 *
 * Every backend, one line each, in the order the report prints them.
 * X(name) is ipc/name.c, which defines ipc_name_ops.  This list is the
 * only place a backend is named: ipc.h makes the externs of it,
 * registry.c the table, and CMakeLists.txt the sources and, through
 * tests/CMakeLists.txt, a run and a ring test of each.
 */
#ifndef CTXBENCH_BACKENDS_H
#define CTXBENCH_BACKENDS_H

/* clang-format off */
#define IPC_BACKENDS(X) \
	X(signal) \
	X(sysv_msg) \
	X(pipe) \
	X(sysv_sem) \
	X(spin_yield) \
	X(spinlock) \
	X(futex) \
	X(futex_waitv) \
	X(eventfd) \
	X(io_uring_msg) \
	X(unix) \
	X(posix_mq) \
	X(posix_sem) \
	X(tcp) \
	X(null) \
	/* end of the list */
/* clang-format on */

#endif
