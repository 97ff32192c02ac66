#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>
#include <limits.h>

#define NEWC_MAGIC "070701"
#define NEWC_HDRSZ 110
#define TRAILER "TRAILER!!!"

struct newc {
	unsigned int ino, mode, uid, gid, nlink, mtime;
	unsigned int filesize, devmajor, devminor, rdevmajor, rdevminor;
	unsigned int namesize, check;
};

static int opt_v;
static int opt_t;
static long total;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("cpls: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *xmalloc(size_t sz)
{
	void *p = malloc(sz);

	if (!p && sz)
		die("out of memory");
	return p;
}

static unsigned int hex8(const char *s)
{
	char tmp[9];

	memcpy(tmp, s, 8);
	tmp[8] = '\0';
	return (unsigned int)strtoul(tmp, NULL, 16);
}

static int parse_hdr(const char *buf, struct newc *h)
{
	unsigned int *f = &h->ino;
	int i;

	if (memcmp(buf, NEWC_MAGIC, 6))
		return -1;
	for (i = 0; i < 13; i++)
		f[i] = hex8(buf + 6 + 8 * i);
	return 0;
}

static void skip(FILE *fp, unsigned long n)
{
	char buf[BUFSIZ];
	size_t k;

	while (n) {
		k = n < sizeof(buf) ? n : sizeof(buf);
		if (fread(buf, 1, k, fp) != k)
			die("short read");
		n -= k;
	}
}

static char mode_char(unsigned int m)
{
	switch (m & 0170000) {
	case 0040000: return 'd';
	case 0120000: return 'l';
	case 0020000: return 'c';
	case 0060000: return 'b';
	case 0010000: return 'p';
	default: return '-';
	}
}

int cpio_list(FILE *fp)
{
	char hdr[NEWC_HDRSZ];
	struct newc h;
	char *name;
	unsigned long pad;
	int n = 0;

	while (fread(hdr, 1, NEWC_HDRSZ, fp) == NEWC_HDRSZ) {
		if (parse_hdr(hdr, &h) < 0)
			die("invalid magic in entry %d", n);
		name = xmalloc(h.namesize + 1);
		if (fread(name, 1, h.namesize, fp) != h.namesize)
			die("truncated name");
		name[h.namesize] = '\0';
		pad = (4 - ((NEWC_HDRSZ + h.namesize) & 3)) & 3;
		skip(fp, pad);
		if (!strcmp(name, TRAILER)) {
			free(name);
			break;
		}
		if (opt_v)
			printf("%c%04o %5u %5u %10u %s\n", mode_char(h.mode),
			       h.mode & 07777, h.uid, h.gid, h.filesize, name);
		else
			puts(name);
		total += h.filesize;
		free(name);
		skip(fp, (unsigned long)h.filesize + ((4 - (h.filesize & 3)) & 3));
		n++;
	}
	return n;
}

int main(int argc, char **argv)
{
	FILE *fp = stdin;
	int c, n;

	while ((c = getopt(argc, argv, "vt")) != -1) {
		switch (c) {
		case 'v': opt_v = 1; break;
		case 't': opt_t = 1; break;
		default:
			fprintf(stderr, "usage: cpls [-vt] [archive]\n");
			return 2;
		}
	}
	if (optind < argc && strcmp(argv[optind], "-")) {
		fp = fopen(argv[optind], "rb");
		if (!fp)
			die("%s: cannot open", argv[optind]);
	}
	n = cpio_list(fp);
	if (opt_t)
		printf("%d entries, %ld bytes\n", n, total);
	if (fp != stdin)
		fclose(fp);
	return 0;
}
