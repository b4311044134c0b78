/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A main() for the fuzz target without libFuzzer: it feeds the target each
 * file named, and each file of each directory named, so the target and its
 * corpus are tested by every build.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Feed the file at @path; returns 0, or -1 when it cannot be read. */
static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, got;
	char chunk[65536];

	if (!f)
		return -1;
	while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		char *tmp = realloc(buf, len + got);

		if (!tmp) {
			free(buf);
			fclose(f);
			return -1;
		}
		buf = tmp;
		for (size_t i = 0; i < got; i++)
			buf[len + i] = chunk[i];
		len += got;
	}
	fclose(f);
	/* Exactly @len bytes, so a read past them is caught. */
	LLVMFuzzerTestOneInput((const uint8_t *)buf, len);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned int files = 0;

	for (int i = 1; i < argc; i++) {
		DIR *d = opendir(argv[i]);
		struct dirent *e;

		if (!d) {
			if (replay_file(argv[i]) < 0) {
				perror(argv[i]);
				return 1;
			}
			files++;
			continue;
		}
		while ((e = readdir(d))) {
			char path[4096];

			if (e->d_name[0] == '.' || e->d_type == DT_DIR)
				continue;
			snprintf(path, sizeof(path), "%s/%s", argv[i],
				 e->d_name);
			if (replay_file(path) < 0) {
				perror(path);
				closedir(d);
				return 1;
			}
			files++;
		}
		closedir(d);
	}
	printf("%u files replayed\n", files);
	return files ? 0 : 1;
}
