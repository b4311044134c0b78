/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A file written whole or not at all: -o's saved runs. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <linux/magic.h>
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

/*
 * save_interrupt(): whether it was called, whether a write or an open is
 * under way that it ends, and where that one returns.
 */
static volatile sig_atomic_t save_stopped, save_armed;
static sigjmp_buf save_jmp;

void save_interrupt(void)
{
	save_stopped = 1;
	if (save_armed) {
		save_armed = 0;
		siglongjmp(save_jmp, 1);
	}
}

/*
 * Every byte of @buf to @fd: 0 or an errno.  Once the output is stopped
 * (save_interrupt()), only as far as it goes without waiting: @fd is asked
 * first, without a timeout, and given no more than a pipe that has room
 * takes whole; EINTR where it would wait.
 */
static int save_write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		struct pollfd pfd = { .fd = fd, .events = POLLOUT };
		size_t chunk = len;
		ssize_t n;

		if (save_stopped) {
			if (poll(&pfd, 1, 0) != 1 || !(pfd.revents & POLLOUT))
				return EINTR;
			if (chunk > PIPE_BUF)
				chunk = PIPE_BUF;
		}
		n = write(fd, buf, chunk);
		if (n < 0)
			return errno == EAGAIN ? EINTR : errno;
		if (n == 0)
			return EIO;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Can a write to @fd wait for good?  Not one to a regular file. */
static int save_may_wait(int fd)
{
	struct stat st;

	return fstat(fd, &st) < 0 || !S_ISREG(st.st_mode);
}

/*
 * Every byte of @buf to @fd, then to the disk; 0 or an errno.  A write
 * that blocks (a fifo or a pipe nobody reads) would hold ctxbench for
 * good, so save_interrupt() ends it, EINTR: not by the write's own EINTR,
 * which a signal gives only when nothing was written yet (one that came
 * after part of the bytes makes write() return their count, and the next
 * write() blocks again), nor by a flag looked at between two writes (the
 * signal may come after the look, before the write), but by a jump out
 * of the handler, from wherever the write is.  A write to a regular file
 * never waits, and no signal cuts it.
 */
static int save_write(int fd, const char *buf, size_t len, int sync)
{
	int e;

	if (sigsetjmp(save_jmp, 1))
		return EINTR;
	save_armed = save_may_wait(fd);
	e = save_write_all(fd, buf, len);
	save_armed = 0;
	if (!e && sync && fsync(fd) < 0 && errno != EINVAL && errno != EROFS)
		e = errno;
	return e;
}

/*
 * @path opened to be written in place (a fifo waits for its reader), as
 * save_write() writes: ended by save_interrupt().  The descriptor, or -1
 * with errno set.  A signal that comes just after open() returned, before
 * the descriptor is kept, leaves it open until ctxbench exits, which it
 * then does.
 */
static int save_open_in_place(const char *path)
{
	int fd;

	if (sigsetjmp(save_jmp, 1)) {
		errno = EINTR;
		return -1;
	}
	save_armed = 1;
	/* Once stopped, a fifo without its reader fails, ENXIO, at once. */
	fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY |
				(save_stopped ? O_NONBLOCK : 0));
	save_armed = 0;
	if (fd < 0 && save_stopped)
		errno = EINTR;
	return fd;
}

/*
 * Where a write to @path lands: a regular file (or a name still free) is
 * replaced; anything else is written in place.
 */
enum save_kind {
	SAVE_NEW, /* no such file: created, as a regular file */
	SAVE_REGULAR, /* replaced whole */
	SAVE_FD, /* one of ctxbench's own descriptors: written through it */
	SAVE_IN_PLACE, /* a device, a fifo, another process's descriptor */
};

/*
 * Where a write to @path lands, and the paths worked out on the way
 * there: 16 KB, on the heap (ctxbench runs with a small stack).
 */
struct save_target {
	enum save_kind kind;
	char path[PATH_MAX]; /* the last link's target: no link itself */
	int fd; /* SAVE_FD */
	mode_t mode; /* SAVE_REGULAR's */
	char dir[PATH_MAX]; /* the directory of path */
	char link[PATH_MAX]; /* a link's target, as read */
	char tmp[PATH_MAX + 32]; /* the replacement's name while written */
};

/*
 * Is @dir the directory of ctxbench's own descriptors, /proc/self/fd as
 * /dev/fd and /dev/stdout reach it?  Its links are not paths: readlink()
 * says "pipe:[123]" of a pipe, and opening one opens the file anew, at
 * offset 0, where the descriptor itself may be in the middle of a file or
 * opened to append.
 */
static int save_own_fd_dir(const char *dir)
{
	char *real = realpath(dir, NULL), own[64];
	int is = 0;

	if (!real)
		return 0;
	snprintf(own, sizeof(own), "/proc/%d/fd", (int)getpid());
	if (!strcmp(real, own))
		is = 1;
	snprintf(own, sizeof(own), "/proc/%d/task/%d/fd", (int)getpid(),
		 (int)gettid());
	is = is || !strcmp(real, own);
	free(real);
	return is;
}

/* Is a link in @dir one of /proc's, that readlink() cannot follow? */
static int save_proc_link(const char *dir)
{
	struct statfs sfs;

	return statfs(dir, &sfs) == 0 && sfs.f_type == PROC_SUPER_MAGIC;
}

/* Descriptor @name of /proc/self/fd into *@fd: 0, or EBADF. */
static int save_fd_number(const char *name, int *fd)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(name, &end, 10);
	if (name[0] < '0' || name[0] > '9' || *end || errno || v > INT_MAX)
		return EBADF;
	*fd = (int)v;
	return 0;
}

/*
 * Follow @path's symbolic links, the last component's, to what a write
 * would reach (the kernel follows the others): 0, or an errno.  A link is
 * never replaced: what it leads to is written.
 */
static int save_resolve(const char *path, struct save_target *t)
{
	char *link = t->link, *dir = t->dir;
	struct stat st;

	if (!path[0])
		return ENOENT;
	if (snprintf(t->path, sizeof(t->path), "%s", path) >=
	    (int)sizeof(t->path))
		return ENAMETOOLONG;
	for (int hops = 0; hops < 40; hops++) {
		const char *base = strrchr(t->path, '/');
		ssize_t n;

		base = base ? base + 1 : t->path;
		save_dir(t->path, dir, sizeof(t->dir));
		if (lstat(t->path, &st) < 0) {
			if (errno != ENOENT)
				return errno;
			/* /dev/fd/9 of a descriptor that is not open. */
			if (save_own_fd_dir(dir))
				return EBADF;
			t->kind = SAVE_NEW;
			return 0;
		}
		if (S_ISLNK(st.st_mode) && save_proc_link(dir)) {
			if (!save_own_fd_dir(dir)) {
				t->kind = SAVE_IN_PLACE;
				return 0;
			}
			t->kind = SAVE_FD;
			return save_fd_number(base, &t->fd);
		}
		if (!S_ISLNK(st.st_mode)) {
			if (S_ISDIR(st.st_mode))
				return EISDIR;
			t->kind = S_ISREG(st.st_mode) ? SAVE_REGULAR :
							SAVE_IN_PLACE;
			t->mode = st.st_mode & 07777;
			return 0;
		}
		n = readlink(t->path, link, sizeof(t->link));
		if (n < 0)
			return errno;
		if ((size_t)n >= sizeof(t->link))
			return ENAMETOOLONG;
		link[n] = '\0';
		/* A relative target is relative to the link's directory. */
		if (link[0] == '/')
			n = snprintf(t->path, sizeof(t->path), "%s", link);
		else
			n = snprintf(t->path, sizeof(t->path), "%s/%s", dir,
				     link);
		if (n >= (ssize_t)sizeof(t->path))
			return ENAMETOOLONG;
	}
	return ELOOP;
}

/* Can descriptor @fd be written?  0, or EBADF. */
static int save_fd_writable(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0)
		return EBADF;
	return (fl & O_ACCMODE) == O_RDONLY ? EBADF : 0;
}

static int save_check_target(const char *path, struct save_target *t, char *err,
			     size_t errlen)
{
	int e = save_resolve(path, t);

	if (e)
		return save_error(err, errlen, path, e);
	switch (t->kind) {
	case SAVE_FD:
		e = save_fd_writable(t->fd);
		break;
	case SAVE_IN_PLACE:
		e = access(t->path, W_OK) < 0 ? errno : 0;
		break;
	case SAVE_NEW:
	case SAVE_REGULAR:
		save_dir(t->path, t->dir, sizeof(t->dir));
		if (access(t->dir, W_OK | X_OK) < 0)
			return save_error(err, errlen, t->dir, errno);
		break;
	}
	return e ? save_error(err, errlen, path, e) : 0;
}

int save_check(const char *path, char *err, size_t errlen)
{
	struct save_target *t = malloc(sizeof(*t));
	int rc = t ? save_check_target(path, t, err, errlen) :
		     save_error(err, errlen, path, ENOMEM);

	free(t);
	return rc;
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

/* In place, through @fd: 0, or an errno. */
static int save_through(int fd, const char *buf, size_t len)
{
	return save_write(fd, buf, len, 0);
}

int save_fd(int fd, const char *name, const char *buf, size_t len, char *err,
	    size_t errlen)
{
	int e = save_through(fd, buf, len);

	return e ? save_error(err, errlen, name, e) : 0;
}

/*
 * A device, a fifo: nothing to replace.  Write @buf through @t's path,
 * opened for the time of the write: 0, or -1 with @path's error in @err.
 */
static int save_in_place(const char *path, const struct save_target *t,
			 const char *buf, size_t len, char *err, size_t errlen)
{
	int fd = save_open_in_place(t->path), e;

	if (fd < 0)
		return save_error(err, errlen, path, errno);
	e = save_through(fd, buf, len);
	if (close(fd) < 0 && !e && errno != EINTR)
		e = errno;
	return e ? save_error(err, errlen, path, e) : 0;
}

/*
 * The replacement of @t->path, opened in its directory @t->dir: unnamed
 * (O_TMPFILE), or where that is missing under a hidden name in @t->tmp
 * for the time of the write, and *@named set.  A descriptor, or -1 with
 * errno.
 */
static int save_open_tmp(struct save_target *t, int *named)
{
	int fd = open(t->dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);

	if (fd >= 0)
		return fd;
	for (int i = 0; i < 100; i++) {
		save_tmpname(t->dir, t->tmp, sizeof(t->tmp));
		fd = open(t->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
			  0600);
		if (fd >= 0 || errno != EEXIST)
			break;
	}
	if (fd >= 0)
		*named = 1;
	return fd;
}

static int save_file_target(const char *path, const char *buf, size_t len,
			    struct save_target *t, char *err, size_t errlen)
{
	char *dir = t->dir, *tmp = t->tmp;
	mode_t mode = umask(0);
	int fd, e, named = 0;

	umask(mode);
	mode = 0666 & ~mode; /* what open() would have made */

	e = save_resolve(path, t);
	if (e)
		return save_error(err, errlen, path, e);
	if (t->kind == SAVE_FD)
		return save_fd(t->fd, path, buf, len, err, errlen);
	if (t->kind == SAVE_IN_PLACE)
		return save_in_place(path, t, buf, len, err, errlen);
	if (t->kind == SAVE_REGULAR)
		mode = t->mode; /* the replacement keeps its mode */
	path = t->path; /* where the links lead */
	save_dir(path, dir, sizeof(t->dir));
	fd = save_open_tmp(t, &named);
	if (fd < 0)
		return save_error(err, errlen, dir, errno);
	e = save_write(fd, buf, len, 1);
	if (!e && fchmod(fd, mode) < 0)
		e = errno;
	for (int i = 0; !e && !named; i++) {
		save_tmpname(dir, tmp, sizeof(t->tmp));
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

int save_file(const char *path, const char *buf, size_t len, char *err,
	      size_t errlen)
{
	struct save_target *t = malloc(sizeof(*t));
	int rc = t ? save_file_target(path, buf, len, t, err, errlen) :
		     save_error(err, errlen, path, ENOMEM);

	free(t);
	return rc;
}
