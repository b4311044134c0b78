/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ctxbench's cgroup, v2 or v1: where it is, its CPU quota and throttling.
 *
 * Where ctxbench's cgroup is, in the v2 hierarchy and in v1's, from
 * /proc/self/cgroup and /proc/self/mountinfo: for the quota and the
 * throttling of the Run information, and for the directory under which
 * a run makes cgroups of its own (run/cgroup.c).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgroup.h"
#include "lib/fs.h"

/*
 * Where a controller's hierarchy is mounted, and our cgroup in it: 8 KB,
 * kept on the heap (ctxbench runs with a small stack, docs/faults.md).
 */
struct cgroup_dir {
	char path[2 * PATH_MAX]; /* the cgroup's directory */
	size_t top; /* bytes of path that are the mount point */
	int v1;
};

/* Is @item one of the comma-separated @list? */
static int cgroup_has(const char *list, const char *item)
{
	size_t n = strlen(item);

	for (const char *p = list; p;) {
		if (!strncmp(p, item, n) &&
		    (p[n] == ',' || p[n] == '\0' || p[n] == '\n'))
			return 1;
		p = strchr(p, ',');
		if (p)
			p++;
	}
	return 0;
}

/* What cgroup_find() reads: lines and paths, on the heap as the dir is. */
struct cgroup_read {
	char line[1024], cg[PATH_MAX], mnt[PATH_MAX], mroot[PATH_MAX];
	char m[PATH_MAX], r[PATH_MAX], type[64], opts[512];
};

/* cgroup_find() with the buffers @b. */
static int cgroup_find_in(const char *root, const char *controller,
			  struct cgroup_dir *d, struct cgroup_read *b)
{
	FILE *f = fs_open(root, "/proc/self/cgroup");
	int found = 0;

	if (!f)
		return -1;
	while (!found && fgets(b->line, sizeof(b->line), f)) {
		char *c1 = strchr(b->line, ':'),
		     *c2 = c1 ? strchr(c1 + 1, ':') : NULL;

		if (!c2)
			continue;
		*c2 = '\0';
		if (controller ? cgroup_has(c1 + 1, controller) :
				 !strncmp(b->line, "0:", 2) && !c1[1]) {
			snprintf(b->cg, sizeof(b->cg), "%s", c2 + 1);
			b->cg[strcspn(b->cg, "\n")] = '\0';
			found = 1;
		}
	}
	fclose(f);
	if (!found)
		return -1;
	f = fs_open(root, "/proc/self/mountinfo");
	if (!f)
		return -1;
	found = 0;
	while (!found && fgets(b->line, sizeof(b->line), f)) {
		const char *dash = strstr(b->line, " - ");

		if (!dash ||
		    sscanf(b->line, "%*s %*s %*s %4095s %4095s", b->r, b->m) !=
			    2 ||
		    sscanf(dash, " - %63s %*s %511s", b->type, b->opts) != 2)
			continue;
		if (controller ? !strcmp(b->type, "cgroup") &&
					 cgroup_has(b->opts, controller) :
				 !strcmp(b->type, "cgroup2")) {
			snprintf(b->mnt, sizeof(b->mnt), "%s", b->m);
			snprintf(b->mroot, sizeof(b->mroot), "%s", b->r);
			found = 1;
		}
	}
	fclose(f);
	if (!found)
		return -1;
	/* A mount of a part of the hierarchy: our path below its root. */
	if (strcmp(b->mroot, "/") &&
	    !strncmp(b->cg, b->mroot, strlen(b->mroot)))
		memmove(b->cg, b->cg + strlen(b->mroot),
			strlen(b->cg + strlen(b->mroot)) + 1);
	d->top = strlen(b->mnt);
	d->v1 = controller != NULL;
	snprintf(d->path, sizeof(d->path), "%s%s", b->mnt,
		 strcmp(b->cg, "/") ? b->cg : "");
	return 0;
}

/*
 * Our cgroup of the hierarchy that has @controller (v1), or of the v2
 * hierarchy when @controller is NULL.  0, or -1 when there is none.
 */
static int cgroup_find(const char *root, const char *controller,
		       struct cgroup_dir *d)
{
	struct cgroup_read *b = malloc(sizeof(*b));
	int rc = b ? cgroup_find_in(root, controller, d, b) : -1;

	free(b);
	return rc;
}

/* One level up; 0 when already at the top. */
static int cgroup_up(struct cgroup_dir *d)
{
	char *slash = strrchr(d->path, '/');

	if (strlen(d->path) <= d->top || !slash ||
	    (size_t)(slash - d->path) < d->top)
		return 0;
	*slash = '\0';
	return 1;
}

/* The numbers of "key value" file @name of @d into @keys' @vals. */
static int cgroup_keys(const char *root, const struct cgroup_dir *d,
		       const char *name, const char *const *keys,
		       long long *vals)
{
	char *path, line[256];
	FILE *f;
	int any = 0;

	if (asprintf(&path, "%s/%s", d->path, name) < 0)
		return -1;
	f = fs_open(root, path);
	free(path);
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char k[64];
		long long v;

		if (sscanf(line, "%63s %lld", k, &v) != 2)
			continue;
		for (int i = 0; keys[i]; i++)
			if (!strcmp(k, keys[i])) {
				vals[i] = v;
				any = 1;
			}
	}
	fclose(f);
	return any ? 0 : -1;
}

/* The first line of file @name of @d; -1 when there is none. */
static int cgroup_line(const char *root, const struct cgroup_dir *d,
		       const char *name, char *buf, size_t size)
{
	char *path;
	int rc;

	buf[0] = '\0';
	if (asprintf(&path, "%s/%s", d->path, name) < 0)
		return -1;
	rc = fs_read_line(root, path, buf, size);
	free(path);
	return rc;
}

/* The v2 cgroup if it has the CPU controller, else the v1 "cpu" one. */
static int cgroup_cpu(const char *root, struct cgroup_dir *d)
{
	char buf[64];

	if (cgroup_find(root, NULL, d) == 0) {
		/* The root cgroup has no cpu.max: any other level tells. */
		for (int level = 0;; level++) {
			if (cgroup_line(root, d, "cpu.max", buf, sizeof(buf)) ==
			    0)
				return level ? cgroup_find(root, NULL, d) : 0;
			if (!cgroup_up(d))
				break;
		}
	}
	return cgroup_find(root, "cpu", d);
}

int cgroup_throttle_read(const char *root, struct cgroup_throttle *t)
{
	static const char *const v2[] = { "nr_throttled", "throttled_usec",
					  NULL };
	static const char *const v1[] = { "nr_throttled", "throttled_time",
					  NULL };
	struct cgroup_dir *d = malloc(sizeof(*d));
	int any = 0;

	t->periods = -1;
	t->seconds = 0;
	if (!d || cgroup_cpu(root, d) < 0)
		goto out;
	do {
		long long v[2] = { 0, 0 };

		if (cgroup_keys(root, d, "cpu.stat", d->v1 ? v1 : v2, v) < 0)
			continue;
		if (!any)
			t->periods = 0;
		any = 1;
		t->periods += v[0];
		t->seconds += (double)v[1] * (d->v1 ? 1e-9 : 1e-6);
	} while (cgroup_up(d));
out:
	free(d);
	return any ? 0 : -1;
}

/* The quota of level @d: its share of a CPU, and how it is written. */
static int cgroup_level_quota(const char *root, const struct cgroup_dir *d,
			      double *cpus, char *how, size_t size)
{
	char buf[64];
	long long quota, period;

	if (!d->v1) {
		if (cgroup_line(root, d, "cpu.max", buf, sizeof(buf)) < 0 ||
		    sscanf(buf, "%lld %lld", &quota, &period) != 2 ||
		    period <= 0)
			return -1; /* "max" or nothing */
		snprintf(how, size, "cpu.max %lld %lld", quota, period);
	} else {
		if (cgroup_line(root, d, "cpu.cfs_quota_us", buf, sizeof(buf)) <
			    0 ||
		    sscanf(buf, "%lld", &quota) != 1 || quota < 0 ||
		    cgroup_line(root, d, "cpu.cfs_period_us", buf,
				sizeof(buf)) < 0 ||
		    sscanf(buf, "%lld", &period) != 1 || period <= 0)
			return -1;
		snprintf(how, size, "cfs_quota_us %lld, cfs_period_us %lld",
			 quota, period);
	}
	*cpus = (double)quota / (double)period;
	return 0;
}

/* The CPUs of our cpuset: v2's effective list, else v1's; @d is spare. */
static void cgroup_cpuset(const char *root, struct cgroup_dir *d, char *buf,
			  size_t size)
{
	buf[0] = '\0';
	if (cgroup_find(root, NULL, d) == 0) {
		do {
			if (cgroup_line(root, d, "cpuset.cpus.effective", buf,
					size) == 0)
				return;
		} while (cgroup_up(d));
	}
	if (cgroup_find(root, "cpuset", d) == 0 &&
	    cgroup_line(root, d, "cpuset.effective_cpus", buf, size) < 0 &&
	    cgroup_line(root, d, "cpuset.cpus", buf, size) < 0)
		buf[0] = '\0';
}

void cgroup_quota(const char *root, char *buf, size_t size)
{
	char how[96] = "", h[96], cpuset[256];
	double best = -1, cpus;
	struct cgroup_dir *d = malloc(sizeof(*d));

	buf[0] = '\0';
	if (!d || cgroup_cpu(root, d) < 0) {
		free(d);
		return;
	}
	do {
		if (cgroup_level_quota(root, d, &cpus, h, sizeof(h)) == 0 &&
		    (best < 0 || cpus < best)) {
			best = cpus;
			snprintf(how, sizeof(how), "%s", h);
		}
	} while (cgroup_up(d));
	cgroup_cpuset(root, d, cpuset, sizeof(cpuset));
	free(d);
	if (best < 0)
		snprintf(buf, size, "none");
	else
		snprintf(buf, size, "%.2f CPUs (%s)", best, how);
	if (cpuset[0])
		snprintf(buf + strlen(buf), size - strlen(buf), "; cpuset %s",
			 cpuset);
}

int cgroup_v2_dir(const char *root, char *buf, size_t size)
{
	struct cgroup_dir *d = malloc(sizeof(*d));
	int rc = -1;

	if (d && cgroup_find(root, NULL, d) == 0 &&
	    (size_t)snprintf(buf, size, "%s", d->path) < size)
		rc = 0;
	free(d);
	return rc;
}

int cgroup_v1_has(const char *root, const char *controller)
{
	struct cgroup_dir *d = malloc(sizeof(*d));
	int has = d && cgroup_find(root, controller, d) == 0;

	free(d);
	return has;
}
