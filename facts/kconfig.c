/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The running kernel's configuration as text: the symbols the facts use. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig.h"
#include "lib/fs.h"
#include "lib/util.h"

/* The configuration of @release opened under @root, or NULL. */
static FILE *kconfig_open(const char *root, const char *release)
{
	static const char *const dirs[][2] = { { "/boot/config-", "" },
					       { "/lib/modules/", "/config" } };
	char path[512];
	FILE *f = NULL;

	if (!release[0] || strchr(release, '/'))
		return NULL;
	for (size_t i = 0; !f && i < ARRAY_SIZE(dirs); i++) {
		snprintf(path, sizeof(path), "%s%s%s", dirs[i][0], release,
			 dirs[i][1]);
		f = fs_open(root, path);
	}
	return f;
}

/* One line @l of the file into @k; *@rt set by PREEMPT_RT. */
static void kconfig_line(const char *l, struct kconfig *k, int *rt)
{
	static const char *const models[][2] = {
		{ "CONFIG_PREEMPT_NONE=y", "none" },
		{ "CONFIG_PREEMPT_VOLUNTARY=y", "voluntary" },
		{ "CONFIG_PREEMPT=y", "full" },
		{ "CONFIG_PREEMPT_LAZY=y", "lazy" },
	};

	if (strncmp(l, "CONFIG_HZ=", 10) == 0 && l[10] &&
	    strspn(l + 10, "0123456789") == strlen(l + 10))
		snprintf(k->hz, sizeof(k->hz), "%s", l + 10);
	if (strcmp(l, "CONFIG_PREEMPT_RT=y") == 0 ||
	    strcmp(l, "CONFIG_PREEMPT_RT_FULL=y") == 0)
		*rt = 1;
	for (size_t i = 0; i < ARRAY_SIZE(models); i++)
		if (strcmp(l, models[i][0]) == 0)
			snprintf(k->model, sizeof(k->model), "%s",
				 models[i][1]);
	if (strcmp(l, "CONFIG_SCHED_CORE=y") == 0)
		k->sched_core = KCONFIG_YES;
	if (strcmp(l, "CONFIG_SCHED_PROXY_EXEC=y") == 0)
		k->proxy_exec = KCONFIG_YES;
}

void kconfig_read(const char *root, const char *release, struct kconfig *k)
{
	FILE *f = kconfig_open(root, release);
	char *line = NULL;
	size_t cap = 0;
	int rt = 0;

	k->hz[0] = k->model[0] = '\0';
	k->sched_core = k->proxy_exec = KCONFIG_UNKNOWN;
	if (!f)
		return;
	k->sched_core = k->proxy_exec = KCONFIG_NO;
	while (getline(&line, &cap, f) > 0)
		kconfig_line(fs_trim(line), k, &rt);
	if (rt)
		snprintf(k->model, sizeof(k->model), "rt");
	free(line);
	fclose(f);
}
