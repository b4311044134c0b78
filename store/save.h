/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A file written whole or not at all: -o's saved runs. */
#ifndef CTXBENCH_SAVE_H
#define CTXBENCH_SAVE_H

#include <stddef.h>

/*
 * Can @path be saved later?  Its symbolic links are followed as
 * save_file() follows them; then the directory of a regular file (or of a
 * name still free) must take a new file, anything else must be writable,
 * a descriptor of ctxbench's (/dev/fd/N, /dev/stdout) open for writing.
 * Called before a run, so that a run is not measured for nothing.  0, or
 * -1 with why in @err.
 */
int save_check(const char *path, char *err, size_t errlen);

/*
 * Write @len bytes of @buf to @path.  A regular file (or a name that does
 * not exist yet) is replaced in one step: the bytes go to a file without
 * a name in the same directory (O_TMPFILE), which is given one and
 * renamed over @path only once every byte is written and flushed to the
 * disk, so that @path holds either its old content or the new one, and a
 * kill at any moment leaves nothing behind.  Where the file system has no
 * O_TMPFILE, a hidden temporary name is used for the time of the write.
 * Anything else that exists (a terminal, a fifo, a device) is written in
 * place.  A symbolic link is never replaced: the file it leads to is,
 * through any chain of links, in that file's directory, or created there
 * when the link dangles.  /dev/fd/N, /proc/self/fd/N and what leads there
 * (/dev/stdout) are written through descriptor N itself, at its offset.
 * save_interrupt() ends a write that blocks (a fifo without a reader, a
 * pipe nobody reads): -1 with EINTR's message, and nothing left behind.
 * 0, or -1 with why in @err; @path is then as it was.
 */
int save_file(const char *path, const char *buf, size_t len, char *err,
	      size_t errlen);

/*
 * Every byte of @buf to descriptor @fd, named @name in @err, as save_file()
 * writes in place: 0, or -1 with why in @err.
 */
int save_fd(int fd, const char *name, const char *buf, size_t len, char *err,
	    size_t errlen);

/*
 * Called from a signal handler (and only there: it may not return), to
 * stop the output: the write or the open of save_file() or save_fd()
 * under way that may wait (anything but a regular file), blocked or not,
 * ends at once and fails with EINTR, whatever it wrote before; every
 * later one goes only as far as it goes without waiting, and fails so
 * where it would wait.
 */
void save_interrupt(void);

#endif
