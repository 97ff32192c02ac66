#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>

#define ARMAG "!<arch>\n"
#define SARMAG 8

struct ar_hdr {
	char name[16];
	char date[12];
	char uid[6];
	char gid[6];
	char mode[8];
	char size[10];
	char fmag[2];
};

static int opt_v;
static int opt_s;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("arls: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void warn(const char *fmt, ...)
{
	va_list ap;

	fputs("arls: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void *xmalloc(size_t sz)
{
	void *p = malloc(sz ? sz : 1);

	if (!p)
		die("out of memory");
	return p;
}

static char *strncpyz(char *dst, const char *src, size_t sz)
{
	if (!sz)
		return dst;
	dst[--sz] = '\0';
	return strncpy(dst, src, sz);
}

static long field_num(const char *f, size_t n, int base)
{
	char tmp[24];

	if (n >= sizeof(tmp))
		n = sizeof(tmp) - 1;
	memcpy(tmp, f, n);
	tmp[n] = '\0';
	return strtol(tmp, NULL, base);
}

static void trim_name(char *s)
{
	char *p = s + strlen(s);

	while (p > s && p[-1] == ' ')
		*--p = '\0';
	if (p > s + 1 && p[-1] == '/')
		p[-1] = '\0';
}

static void long_name(char *dst, size_t dsz, const char *tab, size_t tabsz, long off)
{
	size_t i = 0;

	while (i + 1 < dsz && off + i < tabsz && tab[off + i] != '/' && tab[off + i] != '\n') {
		dst[i] = tab[off + i];
		i++;
	}
	dst[i] = '\0';
}

int ar_list(FILE *fp)
{
	struct ar_hdr h;
	char name[64];
	char *tab = NULL;
	size_t tabsz = 0;
	long sz, off;
	int n = 0;

	if (fread(name, 1, SARMAG, fp) != SARMAG || memcmp(name, ARMAG, SARMAG)) {
		warn("not an ar archive");
		return -1;
	}
	while (fread(&h, sizeof(h), 1, fp) == 1) {
		if (memcmp(h.fmag, "`\n", 2)) {
			warn("invalid member header");
			break;
		}
		sz = field_num(h.size, sizeof(h.size), 10);
		if (sz < 0) {
			warn("invalid member size");
			break;
		}
		if (!memcmp(h.name, "// ", 3)) {
			free(tab);
			tab = xmalloc(sz);
			tabsz = fread(tab, 1, sz, fp);
			if (sz & 1)
				fgetc(fp);
			continue;
		}
		if (h.name[0] == '/' && h.name[1] >= '0' && h.name[1] <= '9') {
			off = field_num(h.name + 1, sizeof(h.name) - 1, 10);
			if (!tab || off < 0 || (size_t)off >= tabsz) {
				warn("invalid long name reference");
				break;
			}
			long_name(name, sizeof(name), tab, tabsz, off);
		} else if (h.name[0] == '/' && h.name[1] == ' ') {
			if (!opt_s)
				goto skip;
			strcpy(name, "<symbol table>");
		} else {
			strncpyz(name, h.name, sizeof(h.name) + 1);
			trim_name(name);
		}
		if (opt_v)
			printf("%6lo %4ld/%-4ld %8ld %s\n",
			       field_num(h.mode, sizeof(h.mode), 8) & 07777,
			       field_num(h.uid, sizeof(h.uid), 10),
			       field_num(h.gid, sizeof(h.gid), 10), sz, name);
		else
			puts(name);
		n++;
 skip:
		if (fseek(fp, sz + (sz & 1), SEEK_CUR)) {
			warn("truncated archive");
			break;
		}
	}
	free(tab);
	return n;
}

int main(int argc, char **argv)
{
	FILE *fp;
	int c, rc = 0;

	while ((c = getopt(argc, argv, "vs")) != -1) {
		switch (c) {
		case 'v': opt_v = 1; break;
		case 's': opt_s = 1; break;
		default:
			fprintf(stderr, "usage: arls [-vs] archive...\n");
			return 2;
		}
	}
	if (optind >= argc)
		die("no archive given");
	for (; optind < argc; optind++) {
		fp = fopen(argv[optind], "rb");
		if (!fp) {
			warn("%s: cannot open", argv[optind]);
			rc = 1;
			continue;
		}
		if (ar_list(fp) < 0)
			rc = 1;
		fclose(fp);
	}
	return rc;
}
