/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The running kernel's configuration, where a distribution leaves it
 * readable as text: the few symbols the Run information uses.
 */
#ifndef CTXBENCH_KCONFIG_H
#define CTXBENCH_KCONFIG_H

/* A bool symbol as the configuration has it. */
enum kconfig_bool {
	KCONFIG_UNKNOWN = -1, /* no configuration was read */
	KCONFIG_NO, /* "# ... is not set", or absent: its dependencies unmet */
	KCONFIG_YES, /* "=y" */
};

struct kconfig {
	char hz[32]; /* CONFIG_HZ, "" unknown */
	/* The model it chose: "none", "voluntary", "full", "lazy", "rt", "". */
	char model[16];
	enum kconfig_bool sched_core; /* CONFIG_SCHED_CORE */
	enum kconfig_bool proxy_exec; /* CONFIG_SCHED_PROXY_EXEC */
};

/*
 * The configuration of kernel @release under @root into @k:
 * /boot/config-@release, else /lib/modules/@release/config.
 * /proc/config.gz is compressed and not read.  What no file says is
 * unknown.
 */
void kconfig_read(const char *root, const char *release, struct kconfig *k);

#endif
