#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <sys/stat.h>

static int opt_all;
static int opt_silent;

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fputs("which: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	size_t n = strlen(s);
	char *p = xmalloc(n + 1);

	memcpy(p, s, n + 1);
	return p;
}

static int is_executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static void report(const char *path)
{
	if (!opt_silent)
		puts(path);
}

int find_in_path(const char *name, const char *path)
{
	char buf[PATH_MAX];
	char *dup, *p, *dir;
	int found = 0;

	if (strchr(name, '/')) {
		if (strlen(name) >= sizeof(buf))
			return 0;
		strcpy(buf, name);
		if (!is_executable(buf))
			return 0;
		report(buf);
		return 1;
	}
	dup = xstrdup(path);
	for (p = dup; p; ) {
		dir = p;
		p = strchr(p, ':');
		if (p)
			*p++ = '\0';
		if (*dir == '\0')
			dir = ".";
		if (snprintf(buf, sizeof(buf), "%s/%s", dir, name) >= (int)sizeof(buf))
			continue;
		if (!is_executable(buf))
			continue;
		report(buf);
		found++;
		if (!opt_all)
			break;
	}
	free(dup);
	return found;
}

int main(int argc, char **argv)
{
	const char *path = getenv("PATH");
	char line[BUFSIZ];
	int c, missing = 0;

	while ((c = getopt(argc, argv, "as")) != -1) {
		switch (c) {
		case 'a': opt_all = 1; break;
		case 's': opt_silent = 1; break;
		default:
			fputs("usage: which [-as] name...\n", stderr);
			return 2;
		}
	}
	if (!path)
		path = "/bin:/usr/bin";
	if (optind == argc) {
		while (fgets(line, sizeof(line), stdin)) {
			line[strcspn(line, "\n")] = '\0';
			if (*line && !find_in_path(line, path))
				missing++;
		}
		return missing ? 1 : 0;
	}
	for (; optind < argc; optind++)
		if (!find_in_path(argv[optind], path))
			missing++;
	return missing ? 1 : 0;
}
