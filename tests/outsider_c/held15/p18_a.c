#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int opt_multi;
static int opt_zero;
static const char *opt_suffix;

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fputs("basename: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = xmalloc(strlen(s) + 1);

	strcpy(p, s);
	return p;
}

static char *base_name(char *path)
{
	size_t len = strlen(path);
	char *p;

	while (len > 1 && path[len - 1] == '/')
		path[--len] = '\0';
	p = strrchr(path, '/');
	if (p && p[1])
		return p + 1;
	return path;
}

static const char *dir_name(char *path)
{
	char *p = path + strlen(path);

	while (p > path + 1 && p[-1] == '/')
		p--;
	while (p > path && p[-1] != '/')
		p--;
	if (p == path)
		return ".";
	while (p > path + 1 && p[-1] == '/')
		p--;
	*p = '\0';
	return path;
}

void strip_suffix(char *name, const char *suffix)
{
	size_t nlen = strlen(name);
	size_t slen = strlen(suffix);
	size_t off = nlen - slen;

	if (slen < nlen && strcmp(name + off, suffix) == 0)
		name[off] = '\0';
}

static void emit(const char *s)
{
	fputs(s, stdout);
	putchar(opt_zero ? '\0' : '\n');
}

static void usage(const char *applet)
{
	fprintf(stderr, "usage: %s [-az] [-s suffix] name [suffix]\n", applet);
	exit(1);
}

int main(int argc, char **argv)
{
	char applet[64];
	char *copy, *res;
	int c, i, last, dirmode;

	copy = xstrdup(argv[0]);
	snprintf(applet, sizeof(applet), "%s", base_name(copy));
	free(copy);
	dirmode = strcmp(applet, "dirname") == 0;
	while ((c = getopt(argc, argv, dirmode ? "z" : "as:z")) != -1) {
		switch (c) {
		case 'a': opt_multi = 1; break;
		case 's': opt_multi = 1; opt_suffix = optarg; break;
		case 'z': opt_zero = 1; break;
		default: usage(applet);
		}
	}
	if (optind == argc)
		usage(applet);
	last = argc;
	if (!dirmode && !opt_multi) {
		if (argc - optind > 2)
			usage(applet);
		if (argc - optind == 2)
			opt_suffix = argv[--last];
		last = optind + 1;
	}
	for (i = optind; i < last; i++) {
		copy = xstrdup(argv[i]);
		if (dirmode) {
			emit(dir_name(copy));
		} else {
			res = base_name(copy);
			if (opt_suffix && *opt_suffix)
				strip_suffix(res, opt_suffix);
			emit(res);
		}
		free(copy);
	}
	return 0;
}
