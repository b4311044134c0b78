/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Run a program with every system call made slower by a known amount, as
 * a kernel patch that adds work to the syscall path would: a seccomp
 * filter of K instructions that reads a syscall argument (so the kernel
 * cannot cache its verdict) and then allows the call.  The filter is
 * inherited by every child.  Exits 77 where seccomp filters are not
 * available.
 * usage: slowsys K PROGRAM [ARGS...]    (0 <= K <= 4000)
 *        slowsys K -                    (the ns one getppid() takes)
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#define MAX_K 4000 /* within BPF_MAXINSNS with the three around them */

/* The least ns per getppid() over 400 rounds of 2000 calls. */
static double syscall_ns(void)
{
	double best = 1e30;

	for (int round = 0; round < 400; round++) {
		struct timespec a, b;
		double ns;

		clock_gettime(CLOCK_MONOTONIC, &a);
		for (int i = 0; i < 2000; i++)
			getppid();
		clock_gettime(CLOCK_MONOTONIC, &b);
		ns = ((double)(b.tv_sec - a.tv_sec) * 1e9 +
		      (double)(b.tv_nsec - a.tv_nsec)) /
		     2000;
		if (ns < best)
			best = ns;
	}
	return best;
}

int main(int argc, char **argv)
{
	static struct sock_filter filter[MAX_K + 2];
	struct sock_fprog prog;
	char *end;
	long k;

	if (argc < 3) {
		fprintf(stderr, "usage: %s K PROGRAM [ARGS...]\n", argv[0]);
		return 2;
	}
	k = strtol(argv[1], &end, 10);
	if (*end || k < 0 || k > MAX_K) {
		fprintf(stderr, "%s: K must be 0..%d\n", argv[0], MAX_K);
		return 2;
	}
	if (k > 0) {
		/* A = the low word of the first argument, then K - 1 adds. */
		filter[0] = (struct sock_filter)BPF_STMT(
			BPF_LD | BPF_W | BPF_ABS,
			offsetof(struct seccomp_data, args[0]));
		for (long i = 1; i < k; i++)
			filter[i] = (struct sock_filter)BPF_STMT(
				BPF_ALU | BPF_ADD | BPF_K, (unsigned int)i);
		filter[k] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K,
							 SECCOMP_RET_ALLOW);
		prog.len = (unsigned short)(k + 1);
		prog.filter = filter;
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
		    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) < 0) {
			fprintf(stderr, "seccomp: %s\n", strerror(errno));
			return 77;
		}
	}
	if (strcmp(argv[2], "-") == 0) {
		printf("%.1f\n", syscall_ns());
		return 0;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "%s: %s\n", argv[2], strerror(errno));
	return 127;
}
