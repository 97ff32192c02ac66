#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>

struct xcol {
	char key[8];
	char spec[32];
	unsigned long count;
};

static int opt_c;
static int opt_h;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("xpminfo: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *xmalloc(size_t sz)
{
	void *p = malloc(sz);

	if (!p)
		die("out of memory");
	return p;
}

static void strncpyz(char *dst, const char *src, size_t sz)
{
	if (!sz)
		return;
	strncpy(dst, src, sz - 1);
	dst[sz - 1] = '\0';
}

static char *next_str(FILE *fp, char *line, size_t sz)
{
	char *p, *q;

	while (fgets(line, sz, fp)) {
		if (!(p = strchr(line, '"')) || !(q = strrchr(p + 1, '"')))
			continue;
		*q = '\0';
		return p + 1;
	}
	return NULL;
}

static int find_col(const struct xcol *tab, int n, const char *s, int cpp)
{
	int i;

	for (i = 0; i < n; i++)
		if (!memcmp(tab[i].key, s, cpp))
			return i;
	return -1;
}

int xpm_read(FILE *fp)
{
	char line[BUFSIZ];
	struct xcol *tab;
	char *s, *p;
	int w, h, ncol, cpp, i, x, y, k;

	if (!(s = next_str(fp, line, sizeof(line))) ||
	    sscanf(s, "%d %d %d %d", &w, &h, &ncol, &cpp) != 4)
		die("missing XPM values line");
	if (w <= 0 || h <= 0 || ncol <= 0 || ncol > 65536 || cpp <= 0)
		die("invalid XPM values %d %d %d %d", w, h, ncol, cpp);
	if (cpp > (int)sizeof(tab->key) - 1)
		die("unsupported chars per pixel %d", cpp);
	printf("%dx%d, %d colours, %d char%s per pixel\n", w, h, ncol, cpp, cpp > 1 ? "s" : "");
	tab = xmalloc(ncol * sizeof(*tab));
	for (i = 0; i < ncol; i++) {
		if (!(s = next_str(fp, line, sizeof(line))))
			die("short colour table");
		if (strlen(s) < (size_t)cpp)
			die("colour %d: short key", i);
		memcpy(tab[i].key, s, cpp);
		tab[i].key[cpp] = '\0';
		tab[i].count = 0;
		p = strstr(s + cpp, " c ");
		strncpyz(tab[i].spec, p ? p + 3 : "?", sizeof(tab[i].spec));
		if (opt_c)
			printf("  '%s' %s\n", tab[i].key, tab[i].spec);
	}
	for (y = 0; opt_h && y < h; y++) {
		if (!(s = next_str(fp, line, sizeof(line))))
			die("short pixel data at row %d", y);
		for (x = 0; x < w && strlen(s) >= (size_t)cpp; x++, s += cpp) {
			if ((k = find_col(tab, ncol, s, cpp)) < 0)
				die("row %d: unknown pixel key", y);
			tab[k].count++;
		}
	}
	for (i = 0; opt_h && i < ncol; i++)
		printf("%8lu %s\n", tab[i].count, tab[i].spec);
	free(tab);
	return 0;
}

int main(int argc, char **argv)
{
	FILE *fp;
	int c;

	while ((c = getopt(argc, argv, "ch")) != -1) {
		switch (c) {
		case 'c': opt_c = 1; break;
		case 'h': opt_h = 1; break;
		default:
			fprintf(stderr, "usage: xpminfo [-ch] file.xpm\n");
			return 2;
		}
	}
	if (optind >= argc)
		die("no file given");
	if (!(fp = fopen(argv[optind], "r")))
		die("%s: cannot open", argv[optind]);
	xpm_read(fp);
	fclose(fp);
	return 0;
}
