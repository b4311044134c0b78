/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Run a program under a seccomp filter that refuses SysV IPC, io_uring and
 * futex_waitv(), as some sandboxes (container runtimes' default policies)
 * do, and sched_setattr(): "enosys" and "eperm" fail the calls with that
 * errno, "einval" with EINVAL (what a kernel says of a sched_attr it
 * takes no part of), "trap" raises SIGSYS, "kill" kills the process at
 * the call (as if it died half way through its setup).  Exits 77 where
 * seccomp filters are unavailable.
 * usage: seccomp_exec enosys|eperm|einval|trap|kill PROGRAM [ARGS...]
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define ARCH AUDIT_ARCH_AARCH64
#endif

int main(int argc, char **argv)
{
#ifdef ARCH
	unsigned int action;

	if (argc < 3) {
		fprintf(stderr,
			"usage: %s enosys|eperm|einval|trap|kill PROGRAM [ARGS...]\n",
			argv[0]);
		return 2;
	}
	if (strcmp(argv[1], "enosys") == 0)
		action = SECCOMP_RET_ERRNO | ENOSYS;
	else if (strcmp(argv[1], "eperm") == 0)
		action = SECCOMP_RET_ERRNO | EPERM;
	else if (strcmp(argv[1], "einval") == 0)
		action = SECCOMP_RET_ERRNO | EINVAL;
	else if (strcmp(argv[1], "trap") == 0)
		action = SECCOMP_RET_TRAP;
	else if (strcmp(argv[1], "kill") == 0)
		action = SECCOMP_RET_KILL_PROCESS;
	else
		return 2;

	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_msgget, 5, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_semget, 4, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_io_uring_setup, 3, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_futex_waitv, 2, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_sched_setattr, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, action),
	};
	struct sock_fprog prog = {
		.len = sizeof(filter) / sizeof(filter[0]),
		.filter = filter,
	};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) < 0) {
		fprintf(stderr, "seccomp: %s\n", strerror(errno));
		return 77;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "%s: %s\n", argv[2], strerror(errno));
	return 127;
#else
	(void)argc;
	(void)argv;
	fprintf(stderr, "no seccomp filter for this architecture\n");
	return 77;
#endif
}
