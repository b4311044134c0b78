/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A command line quoted as a shell would take it back, for saved runs. */
#include <stdio.h>
#include <string.h>

#include "quote.h"
#include "lib/text.h"

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
		int plain = quote_plain(argv[i]), ctl;
		char why[64];

		/*
		 * What text may not hold (lib/text.h) is written \xNN, byte
		 * by byte, in $'...': the saved command is text, and the
		 * shell takes back the same bytes.
		 */
		ctl = text_check(argv[i], why, sizeof(why)) >= 0;
		if (i)
			quote_put(buf, size, &len, &cut, " ");
		/* '...' takes anything but a quote; $'...' any byte. */
		if (!plain)
			quote_put(buf, size, &len, &cut, ctl ? "$'" : "'");
		for (const char *s = argv[i]; *s;) {
			unsigned int n;
			unsigned long cp;
			const char *what = text_refused(s, &n, &cp);
			char one[20];

			if (what) {
				for (unsigned int k = 0; k < n; k++)
					snprintf(one + 4 * k, 5, "\\x%02x",
						 (unsigned char)s[k]);
			} else if (ctl && (*s == '\'' || *s == '\\')) {
				snprintf(one, sizeof(one), "\\%c", *s);
			} else if (*s == '\'' && !plain) {
				snprintf(one, sizeof(one), "'\\''");
			} else {
				memcpy(one, s, n);
				one[n] = '\0';
			}
			quote_put(buf, size, &len, &cut, one);
			s += n;
		}
		if (!plain)
			quote_put(buf, size, &len, &cut, "'");
	}
	buf[len] = '\0';
	/* Cut at a character, so that what is saved stays UTF-8. */
	if (cut && len >= 3) {
		len -= 3;
		while (len && ((unsigned char)buf[len] & 0xc0) == 0x80)
			len--;
		memcpy(buf + len, "...", 4);
	}
}
