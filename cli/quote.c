/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A command line quoted as a shell would take it back, for saved runs. */
#include <stdio.h>
#include <string.h>

#include "quote.h"

/* Can the shell take @s back as it is, without quotes? */
static int quote_plain(const char *s)
{
	if (!s[0])
		return 0;
	for (; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_@%+=:,./-",
			    *s))
			return 0;
	return 1;
}

/* Append @s to @buf; what does not fit sets *@cut. */
static void quote_put(char *buf, size_t size, size_t *len, int *cut,
		      const char *s)
{
	for (; *s; s++) {
		if (*len + 1 >= size) {
			*cut = 1;
			return;
		}
		buf[(*len)++] = *s;
	}
}

void quote_cmdline(int argc, char *const *argv, char *buf, size_t size)
{
	size_t len = 0;
	int cut = 0;

	if (!size)
		return;
	for (int i = 0; i < argc && !cut; i++) {
		int plain = quote_plain(argv[i]), ctl = 0;

		for (const char *s = argv[i]; *s; s++)
			ctl |= (unsigned char)*s < 0x20 || *s == 0x7f;
		if (i)
			quote_put(buf, size, &len, &cut, " ");
		/* '...' takes anything but a quote; $'...' control bytes. */
		if (!plain)
			quote_put(buf, size, &len, &cut, ctl ? "$'" : "'");
		for (const char *s = argv[i]; *s; s++) {
			char one[8] = { *s, '\0' };

			if (ctl && ((unsigned char)*s < 0x20 || *s == 0x7f))
				snprintf(one, sizeof(one), "\\x%02x",
					 (unsigned char)*s);
			else if (ctl && (*s == '\'' || *s == '\\'))
				snprintf(one, sizeof(one), "\\%c", *s);
			else if (*s == '\'' && !plain)
				snprintf(one, sizeof(one), "'\\''");
			quote_put(buf, size, &len, &cut, one);
		}
		if (!plain)
			quote_put(buf, size, &len, &cut, "'");
	}
	buf[len] = '\0';
	if (cut && len >= 3)
		memcpy(buf + len - 3, "...", 4);
}
