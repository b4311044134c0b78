/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel's words: a word of its version string or of its boot command
 * line, a boot parameter's value, a flag of the CPU in /proc/cpuinfo.
 */
#ifndef CTXBENCH_KWORDS_H
#define CTXBENCH_KWORDS_H

#include <stddef.h>

/* Is @word one of the blank-separated words of @s?  1 or 0. */
int kwords_has(const char *s, const char *word);

/*
 * The value of the last "@name=" word of the command line @cmdline into
 * @out ("" for a bare "@name"), before the "--" after which the words are
 * init's, as the kernel takes them: 1, or 0 when no word names it.
 */
int kwords_param(const char *cmdline, const char *name, char *out, size_t size);

/*
 * Is "@name=@value" a word of the command line @cmdline, before its "--"?
 * Each word counts, as for a parameter the kernel takes every time it is
 * given ("tsc=reliable tsc=unstable" is both).  1 or 0.
 */
int kwords_param_has(const char *cmdline, const char *name, const char *value);

/*
 * Does the first "flags" line of @root/proc/cpuinfo (x86 has one) name
 * @flag?  1 yes, 0 no, -1 when there is no such line to tell.
 */
int kwords_cpu_flag(const char *root, const char *flag);

#endif
