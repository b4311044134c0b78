/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A file written whole or not at all: -o's saved runs. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "save.h"

/* The directory of @path into @dir: "." when it has none. */
static void save_dir(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(dir, size, ".");
	else if (slash == path)
		snprintf(dir, size, "/");
	else
		snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

static int save_error(char *err, size_t errlen, const char *path, int e)
{
	snprintf(err, errlen, "%s: %s", path, strerror(e));
	return -1;
}

/* Every byte of @buf to @fd, then to the disk; 0 or an errno. */
static int save_write(int fd, const char *buf, size_t len, int sync)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		if (n == 0)
			return EIO;
		buf += n;
		len -= (size_t)n;
	}
	if (sync && fsync(fd) < 0 && errno != EINVAL && errno != EROFS)
		return errno;
	return 0;
}

/* Does @path exist as something other than a regular file? */
static int save_special(const char *path, struct stat *st)
{
	if (stat(path, st) < 0)
		return 0;
	return !S_ISREG(st->st_mode);
}

int save_check(const char *path, char *err, size_t errlen)
{
	char dir[PATH_MAX];
	struct stat st;

	if (!path[0])
		return save_error(err, errlen, path, ENOENT);
	if (save_special(path, &st)) {
		if (S_ISDIR(st.st_mode))
			return save_error(err, errlen, path, EISDIR);
		if (access(path, W_OK) < 0)
			return save_error(err, errlen, path, errno);
		return 0;
	}
	save_dir(path, dir, sizeof(dir));
	if (access(dir, W_OK | X_OK) < 0)
		return save_error(err, errlen, dir, errno);
	return 0;
}

/* A name for the file in @dir that nobody uses: "DIR/.ctxbench-HEX". */
static void save_tmpname(const char *dir, char *name, size_t size)
{
	unsigned long long salt = 0;

	if (getrandom(&salt, sizeof(salt), GRND_NONBLOCK) != sizeof(salt))
		salt = (unsigned long long)getpid() << 20 ^ (unsigned long)name;
	snprintf(name, size, "%s/.ctxbench-%016llx", dir, salt);
}

/* Give the unnamed file @fd the name @name; 0 or an errno. */
static int save_link(int fd, const char *name)
{
	char proc[64];

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if (linkat(AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0)
		return 0;
	/* Without /proc: needs CAP_DAC_READ_SEARCH. */
	if (linkat(fd, "", AT_FDCWD, name, AT_EMPTY_PATH) == 0)
		return 0;
	return errno;
}

int save_file(const char *path, const char *buf, size_t len, char *err,
	      size_t errlen)
{
	char dir[PATH_MAX], tmp[PATH_MAX + 32];
	mode_t mode = umask(0);
	struct stat st;
	int fd, e, named = 0;

	umask(mode);
	mode = 0666 & ~mode; /* what open() would have made */

	if (save_special(path, &st)) {
		/* A device, a pipe, /dev/stdout: nothing to replace. */
		fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
		if (fd < 0)
			return save_error(err, errlen, path, errno);
		e = save_write(fd, buf, len, 0);
		if (close(fd) < 0 && !e && errno != EINTR)
			e = errno;
		return e ? save_error(err, errlen, path, e) : 0;
	}
	if (stat(path, &st) == 0)
		mode = st.st_mode & 07777; /* the replacement keeps its mode */
	save_dir(path, dir, sizeof(dir));
	fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	if (fd < 0) {
		/* No O_TMPFILE here: a hidden name, for the time of the write. */
		for (int i = 0; i < 100; i++) {
			save_tmpname(dir, tmp, sizeof(tmp));
			fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
				  0600);
			if (fd >= 0 || errno != EEXIST)
				break;
		}
		if (fd < 0)
			return save_error(err, errlen, dir, errno);
		named = 1;
	}
	e = save_write(fd, buf, len, 1);
	if (!e && fchmod(fd, mode) < 0)
		e = errno;
	for (int i = 0; !e && !named; i++) {
		save_tmpname(dir, tmp, sizeof(tmp));
		e = save_link(fd, tmp);
		if (!e)
			named = 1;
		else if (e == EEXIST && i < 100)
			e = 0;
	}
	if (close(fd) < 0 && !e && errno != EINTR)
		e = errno;
	if (!e && rename(tmp, path) < 0)
		e = errno;
	if (e) {
		if (named)
			unlink(tmp);
		return save_error(err, errlen, path, e);
	}
	return 0;
}
