/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Small readers of /proc and /sys files under a root. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fs.h"

#define FS_PATH_MAX 4096

/*
 * @root followed by @path: @path itself under the running system's root
 * "", else a copy on the heap (no path on the stack: ctxbench runs with a
 * small one), which fs_path_free() frees.  NULL when it does not fit or
 * memory is short, errno set.
 */
static const char *fs_path(const char *root, const char *path)
{
	size_t n = strlen(root), m = strlen(path);
	char *name;

	if (!*root)
		return path;
	if (n + m >= FS_PATH_MAX) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	name = malloc(n + m + 1);
	if (name) {
		memcpy(name, root, n);
		memcpy(name + n, path, m + 1);
	}
	return name;
}

static void fs_path_free(const char *name, const char *path)
{
	if (name != path)
		free((char *)name);
}

FILE *fs_open(const char *root, const char *path)
{
	const char *name = fs_path(root, path);
	FILE *f;
	int e;

	if (!name)
		return NULL;
	f = fopen(name, "re");
	e = errno;
	fs_path_free(name, path);
	errno = e;
	return f;
}

int fs_is_dir(const char *root, const char *path)
{
	const char *name = fs_path(root, path);
	struct stat st;
	int dir;

	if (!name)
		return 0;
	dir = stat(name, &st) == 0 && S_ISDIR(st.st_mode);
	fs_path_free(name, path);
	return dir;
}

char *fs_trim(char *s)
{
	size_t n;

	while (isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

int fs_read_line(const char *root, const char *path, char *buf, size_t size)
{
	FILE *f = fs_open(root, path);
	char *s;

	buf[0] = '\0';
	if (!f)
		return -1;
	if (!fgets(buf, (int)size, f)) {
		fclose(f);
		buf[0] = '\0';
		return -1;
	}
	fclose(f);
	s = fs_trim(buf);
	memmove(buf, s, strlen(s) + 1);
	return 0;
}

/* A non-negative integer alone on the first line of @root@path: 0 or -1. */
static int fs_read_ll(const char *root, const char *path, long long *v)
{
	char buf[64], *end;
	long long n;

	if (fs_read_line(root, path, buf, sizeof(buf)) < 0 || buf[0] < '0' ||
	    buf[0] > '9')
		return -1;
	errno = 0;
	n = strtoll(buf, &end, 10);
	if (errno || *end)
		return -1;
	*v = n;
	return 0;
}

int fs_cpu_read_ll(const char *root, int cpu, const char *what, long long *v)
{
	char path[512];

	if (cpu < 0)
		return -1;
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/%s", cpu,
		 what);
	return fs_read_ll(root, path, v);
}

int fs_read_field(const char *root, const char *path, unsigned int field,
		  long *v)
{
	FILE *f = fs_open(root, path);
	int ok = 1;

	if (!f)
		return -1;
	for (unsigned int i = 0; i <= field && ok; i++)
		ok = fscanf(f, "%ld", v) == 1;
	fclose(f);
	return ok ? 0 : -1;
}

int fs_read_keyed(const char *root, const char *path, const char *const *keys,
		  char *buf, size_t size)
{
	FILE *f = fs_open(root, path);
	char line[512];

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon)
			continue;
		*colon = '\0';
		for (const char *const *k = keys; *k; k++) {
			if (strcmp(fs_trim(line), *k) == 0) {
				snprintf(buf, size, "%s", fs_trim(colon + 1));
				fclose(f);
				return 0;
			}
		}
	}
	fclose(f);
	return -1;
}

int fs_capable(const char *root, int cap)
{
	static const char *const key[] = { "CapEff", NULL };
	unsigned long long eff;
	char buf[64], *end;

	if (cap < 0 || cap >= 64 ||
	    fs_read_keyed(root, "/proc/self/status", key, buf, sizeof(buf)) < 0)
		return 0;
	errno = 0;
	eff = strtoull(buf, &end, 16);
	return !errno && end != buf && !*end && (eff >> cap & 1);
}

ssize_t fs_read_all(const char *root, const char *path, char *buf, size_t size)
{
	const char *name = fs_path(root, path);
	size_t len = 0;
	ssize_t ret;
	int fd;

	if (!name)
		return -errno;
	fd = open(name, O_RDONLY | O_CLOEXEC);
	ret = -errno;
	fs_path_free(name, path);
	if (fd < 0)
		return ret;
	while (len < size - 1) {
		ssize_t r = read(fd, buf + len, size - 1 - len);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			len = 0;
			ret = -errno;
			goto out;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	ret = (ssize_t)len;
out:
	buf[len] = '\0';
	close(fd);
	return ret;
}
