/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Small readers of /proc and /sys files, after Linux's tools/lib/api/fs:
 * one place knows how to read a line, a number or a "key : value" line.
 * Every path is read under @root: "" for the running system, a fixture
 * tree in the tests.
 */
#ifndef CTXBENCH_FS_H
#define CTXBENCH_FS_H

#include <stdio.h>
#include <sys/types.h>

/* @root@path opened for reading (close-on-exec), or NULL. */
FILE *fs_open(const char *root, const char *path);

/* Is @root@path a directory?  1 or 0. */
int fs_is_dir(const char *root, const char *path);

/* @s without the blanks around it (cut in place at its end). */
char *fs_trim(char *s);

/*
 * The first line of @root@path into @buf, without the blanks around it;
 * -1 (and @buf empty) when the file cannot be read.
 */
int fs_read_line(const char *root, const char *path, char *buf, size_t size);

/* The same of /sys/devices/system/cpu/cpu@cpu/@what. */
int fs_cpu_read_ll(const char *root, int cpu, const char *what, long long *v);

/* Field @field (from 0) of the numbers in @root@path: 0 or -1. */
int fs_read_field(const char *root, const char *path, unsigned int field,
		  long *v);

/*
 * The value of the first "key : value" line of @root@path whose key is
 * one of the NULL-ended @keys, without blanks, into @buf: 0, or -1 with
 * @buf untouched.
 */
int fs_read_keyed(const char *root, const char *path, const char *const *keys,
		  char *buf, size_t size);

/*
 * Has the calling process capability @cap (CAP_*) in effect, as the
 * CapEff line of @root/proc/self/status says?  1 or 0.
 */
int fs_capable(const char *root, int cap);

/*
 * As much of @root@path as fits in @buf, less one byte for the NUL that
 * ends it: the bytes read, or a negative errno.
 */
ssize_t fs_read_all(const char *root, const char *path, char *buf, size_t size);

#endif
