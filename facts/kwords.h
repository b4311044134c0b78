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
 * The words of the first "flags" line of @root/proc/cpuinfo (x86 has
 * one) into *@flags, on the heap (free() them): 1; 0 when the file has
 * no such line, -1 when it cannot be read, *@flags NULL then.  Reading
 * the file may take a while (the kernel samples each CPU's clock for its
 * "cpu MHz"): it is read once for every flag.
 */
int kwords_cpu_flags(const char *root, char **flags);

#endif
