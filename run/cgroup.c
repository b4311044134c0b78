/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The cgroups of a run: checked once, made, entered, emptied, removed.
 *
 * The cgroups a run's participants go in (-G, --cgroup-depth), under
 * ctxbench's own cgroup v2 directory: checked once before anything runs,
 * made by the runner before it forks a participant, entered by each
 * participant process before it says it is ready, and removed by the
 * runner once it reaped them, or by the guard once the runner died.
 * Every path is relative to the base's open directory.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cgroup.h"
#include "facts/cgroup.h"
#include "lib/clock.h"

/* How long the check waits for its child's cgroup to empty. */
#define RUN_CG_PROBE_S 2.0
/* Reads of a leaf's cgroup.procs, each killing what it lists, at most. */
#define RUN_CG_KILL_ROUNDS 100

int run_cg_name(const struct run_cg *cg, unsigned int leaves, unsigned int i,
		char *buf, size_t size)
{
	unsigned int level = i + 1 < cg->depth ? i + 1 : cg->depth;
	size_t n;

	if (i >= run_cg_count(cg, leaves))
		return -1;
	n = (size_t)snprintf(buf, size, "ctxbench-%ld", (long)cg->pid);
	for (unsigned int l = 2; l <= level && n < size; l++)
		n += (size_t)snprintf(buf + n, size - n, "/%u", l);
	if (i + 1 < cg->depth)
		return 0;
	if (cg->apart && n < size)
		snprintf(buf + n, size - n, "-p%u", i - (cg->depth - 1));
	return 1;
}

unsigned int run_cg_count(const struct run_cg *cg, unsigned int leaves)
{
	return cg->depth - 1 + leaves;
}

/* @name's file @file ("" @name: the base's), as a path below the base. */
static void run_cg_file(const char *name, const char *file, char *buf,
			size_t size)
{
	snprintf(buf, size, "%s%s%s", name, name[0] ? "/" : "", file);
}

/* Write @text to file @file of cgroup @name: 0 or a negative errno. */
static int run_cg_put(const struct run_cg *cg, const char *name,
		      const char *file, const char *text)
{
	char path[RUN_CG_NAME_MAX + 32];
	ssize_t len = (ssize_t)strlen(text), n;
	int fd, err = 0;

	run_cg_file(name, file, path, sizeof(path));
	fd = openat(cg->dirfd, path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, text, (size_t)len);
	if (n < 0)
		err = -errno;
	else if (n != len)
		err = -EIO;
	close(fd);
	return err;
}

/* File @file of cgroup @name into @buf: its bytes, or a negative errno. */
static ssize_t run_cg_get(const struct run_cg *cg, const char *name,
			  const char *file, char *buf, size_t size)
{
	char path[RUN_CG_NAME_MAX + 32];
	ssize_t n;
	int fd;

	run_cg_file(name, file, path, sizeof(path));
	fd = openat(cg->dirfd, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	if (n < 0)
		n = -errno;
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return n;
}

/* Is @word among the words of the base's file @file? */
static int run_cg_has(const struct run_cg *cg, const char *file,
		      const char *word)
{
	char buf[512], *save, *w;

	if (run_cg_get(cg, "", file, buf, sizeof(buf)) < 0)
		return 0;
	for (w = strtok_r(buf, " \n", &save); w;
	     w = strtok_r(NULL, " \n", &save))
		if (!strcmp(w, word))
			return 1;
	return 0;
}

/*
 * Kill whatever is in leaf @name: through cgroup.kill, or before Linux
 * 5.14 each process cgroup.procs lists, a buffer of them at a time, until
 * it lists none (a killed one leaves it as it exits).
 */
static void run_cg_kill(const struct run_cg *cg, const char *name)
{
	char buf[1024], *save, *w;
	int any = 1;

	if (run_cg_put(cg, name, "cgroup.kill", "1") != -ENOENT)
		return;
	for (int round = 0; any && round < RUN_CG_KILL_ROUNDS; round++) {
		any = 0;
		if (run_cg_get(cg, name, "cgroup.procs", buf, sizeof(buf)) <= 0)
			return;
		/* A pid the buffer cut in two is no pid: only whole lines. */
		w = strrchr(buf, '\n');
		if (!w)
			return;
		w[1] = '\0';
		for (w = strtok_r(buf, "\n", &save); w;
		     w = strtok_r(NULL, "\n", &save))
			if (atol(w) > 0 && kill((pid_t)atol(w), SIGKILL) == 0)
				any = 1;
		usleep(1000);
	}
}

/*
 * Remove cgroup @name, waiting up to @wait_s while tasks still leave it
 * (EBUSY).  0 (gone already too), or a negative errno.
 */
static int run_cg_rmdir(const struct run_cg *cg, const char *name,
			double wait_s)
{
	double end = clock_now_s() + wait_s;

	for (;;) {
		if (unlinkat(cg->dirfd, name, AT_REMOVEDIR) == 0 ||
		    errno == ENOENT)
			return 0;
		if (errno != EBUSY || clock_now_s() >= end)
			return -errno;
		usleep(1000);
	}
}

/*
 * The cpu controller of @cg: on where the base has it in its
 * cgroup.subtree_control, or takes it there (given back at once: each
 * run writes it again); else off, and why.
 */
static void run_cg_cpu(struct run_cg *cg)
{
	int err;

	if (!run_cg_has(cg, "cgroup.controllers", "cpu")) {
		snprintf(cg->cpu_why, sizeof(cg->cpu_why),
			 "cpu is not in %s/cgroup.controllers%s", cg->base,
			 cgroup_v1_has("", "cpu") ?
				 " (a cgroup v1 hierarchy has it here)" :
				 "");
		return;
	}
	cg->cpu = 1;
	if (run_cg_has(cg, "cgroup.subtree_control", "cpu"))
		return;
	err = run_cg_put(cg, "", "cgroup.subtree_control", "+cpu");
	if (err == 0) {
		run_cg_put(cg, "", "cgroup.subtree_control", "-cpu");
		cg->cpu_base = 1;
		return;
	}
	cg->cpu = 0;
	snprintf(
		cg->cpu_why, sizeof(cg->cpu_why),
		"cannot write +cpu to %s/cgroup.subtree_control: %s%s",
		cg->base, strerror(-err),
		err == -EBUSY ?
			" (ctxbench's cgroup has processes, ctxbench among them: only the root cgroup may have both)" :
			"");
}

/* A child moves itself into cgroup @name: 0 or a positive errno. */
static int run_cg_try(const struct run_cg *cg, const char *name)
{
	int status = 0;
	pid_t pid = fork();

	if (pid < 0)
		return errno;
	if (pid == 0)
		_exit(-run_cg_put(cg, name, "cgroup.procs", "0"));
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(status) ? WEXITSTATUS(status) : EIO;
}

/*
 * Make the first cgroup of a run, move a child into it, remove it: 0, or
 * -1 with why in @err.
 */
static int run_cg_probe(const struct run_cg *cg, char *err, size_t errlen)
{
	static const char hint[] = " (run as root or in a delegated cgroup)";
	char name[RUN_CG_NAME_MAX];
	int e, rm;

	run_cg_name(cg, 1, 0, name, sizeof(name));
	if (mkdirat(cg->dirfd, name, 0755) < 0) {
		e = errno;
		snprintf(err, errlen,
			 "%s: cannot create cgroups under %s: %s%s", cg->opt,
			 cg->base, strerror(e),
			 e == EACCES || e == EPERM || e == EROFS ? hint : "");
		return -1;
	}
	e = run_cg_try(cg, name);
	rm = run_cg_rmdir(cg, name, RUN_CG_PROBE_S);
	if (rm < 0 && !e) {
		snprintf(err, errlen, "%s: rmdir %s/%s: %s", cg->opt, cg->base,
			 name, strerror(-rm));
		return -1;
	}
	if (!e)
		return 0;
	snprintf(err, errlen, "%s: cannot move a participant into %s/%s: %s%s",
		 cg->opt, cg->base, name, strerror(e),
		 e == EACCES || e == EPERM ? hint : "");
	return -1;
}

int run_cg_open(unsigned int depth, int apart, const char *opt,
		struct run_cg **out, char *err, size_t errlen)
{
	struct run_cg *cg;

	*out = NULL;
	if (!depth)
		return 0;
	cg = calloc(1, sizeof(*cg));
	if (!cg) {
		snprintf(err, errlen, "%s: %s", opt, strerror(ENOMEM));
		return -1;
	}
	snprintf(cg->opt, sizeof(cg->opt), "%s", opt);
	cg->pid = getpid();
	cg->depth = depth;
	cg->apart = apart;
	cg->dirfd = -1;
	if (cgroup_v2_dir("", cg->base, sizeof(cg->base)) < 0) {
		snprintf(
			err, errlen,
			"%s: no cgroup v2 here (/proc/self/mountinfo has no cgroup2 mount, or /proc/self/cgroup no 0:: line)",
			opt);
		goto fail;
	}
	cg->dirfd = open(cg->base, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (cg->dirfd < 0) {
		snprintf(err, errlen, "%s: %s: %s", opt, cg->base,
			 strerror(errno));
		goto fail;
	}
	if (run_cg_probe(cg, err, errlen) < 0)
		goto fail;
	run_cg_cpu(cg);
	*out = cg;
	return 0;
fail:
	run_cg_close(cg);
	return -1;
}

void run_cg_close(struct run_cg *cg)
{
	if (cg && cg->dirfd >= 0)
		close(cg->dirfd);
	free(cg);
}

void run_cg_describe(const struct run_cg *cg, char *buf, size_t size)
{
	if (!cg) {
		buf[0] = '\0';
		return;
	}
	snprintf(buf, size, "%u level%s%s; cpu %s%s", cg->depth,
		 cg->depth > 1 ? "s" : "", cg->apart ? ", apart" : "",
		 cg->cpu ? "on" : "off: ", cg->cpu ? "" : cg->cpu_why);
}

int run_cg_make(const struct run_cg *cg, struct run_cg_live *live,
		unsigned int leaves, char *why, size_t size)
{
	char name[RUN_CG_NAME_MAX];
	int leaf, err;

	live->leaves = leaves;
	if (cg->cpu_base) {
		__atomic_store_n(&live->cpu_base, 1, __ATOMIC_RELAXED);
		err = run_cg_put(cg, "", "cgroup.subtree_control", "+cpu");
		if (err < 0) {
			snprintf(why, size,
				 "write +cpu to %s/cgroup.subtree_control: %s",
				 cg->base, strerror(-err));
			return err;
		}
	}
	for (unsigned int i = 0; i < run_cg_count(cg, leaves); i++) {
		leaf = run_cg_name(cg, leaves, i, name, sizeof(name));
		/* Counted first: the guard removes what this may leave. */
		__atomic_store_n(&live->made, i + 1, __ATOMIC_RELAXED);
		if (mkdirat(cg->dirfd, name, 0755) < 0) {
			err = -errno;
			snprintf(why, size, "mkdir %s/%s: %s", cg->base, name,
				 strerror(-err));
			return err;
		}
		err = !leaf && cg->cpu ?
			      run_cg_put(cg, name, "cgroup.subtree_control",
					 "+cpu") :
			      0;
		if (err < 0) {
			snprintf(
				why, size,
				"write +cpu to %s/%s/cgroup.subtree_control: %s",
				cg->base, name, strerror(-err));
			return err;
		}
	}
	return 0;
}

int run_cg_enter(const struct run_cg *cg, const struct run_cg_live *live,
		 unsigned int leaf)
{
	char name[RUN_CG_NAME_MAX];

	if (run_cg_name(cg, live->leaves, cg->depth - 1 + leaf, name,
			sizeof(name)) != 1)
		return -EINVAL;
	return run_cg_put(cg, name, "cgroup.procs", "0");
}

int run_cg_remove(const struct run_cg *cg, struct run_cg_live *live,
		  double wait_s, char *why, size_t size)
{
	char name[RUN_CG_NAME_MAX];
	int first = 0, err;

	for (unsigned int i = live->made; i-- > 0;) {
		if (run_cg_name(cg, live->leaves, i, name, sizeof(name)) == 1)
			run_cg_kill(cg, name);
		err = run_cg_rmdir(cg, name, wait_s);
		if (err < 0 && !first) {
			first = err;
			if (why)
				snprintf(why, size, "rmdir %s/%s: %s", cg->base,
					 name, strerror(-err));
		}
		/*
		 * Marked gone after the try, not before: a runner killed
		 * in between leaves the guard one more try.
		 */
		__atomic_store_n(&live->made, i, __ATOMIC_RELAXED);
	}
	if (live->cpu_base) {
		/* Busy when another's cgroup below uses it: theirs, then. */
		run_cg_put(cg, "", "cgroup.subtree_control", "-cpu");
		__atomic_store_n(&live->cpu_base, 0, __ATOMIC_RELAXED);
	}
	return first;
}
