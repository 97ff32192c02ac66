#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>

struct icoent {
	unsigned int w, h, ncol, planes, bpp;
	unsigned long size, off;
};

static int opt_v;
static int opt_q;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("icoinfo: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void warn(const char *fmt, ...)
{
	va_list ap;

	if (opt_q)
		return;
	fputs("icoinfo: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void *xmalloc(size_t sz)
{
	void *p = malloc(sz);

	if (!p)
		die("out of memory");
	return p;
}

static unsigned int rd16(const unsigned char *p)
{
	return p[0] | p[1] << 8;
}

static unsigned long rd32(const unsigned char *p)
{
	return (unsigned long)rd16(p) | (unsigned long)rd16(p + 2) << 16;
}

int ico_read_dir(FILE *fp, unsigned long fsize, struct icoent **out)
{
	unsigned char hdr[6], e[16];
	struct icoent *ents;
	int n, i;

	if (fread(hdr, 1, sizeof(hdr), fp) != sizeof(hdr))
		return -1;
	if (rd16(hdr) != 0 || (rd16(hdr + 2) != 1 && rd16(hdr + 2) != 2))
		return -1;
	if (!(n = rd16(hdr + 4)))
		return -1;
	ents = xmalloc(n * sizeof(*ents));
	for (i = 0; i < n; i++) {
		if (fread(e, 1, sizeof(e), fp) != sizeof(e)) {
			warn("truncated directory");
			free(ents);
			return -1;
		}
		ents[i].w = e[0] ? e[0] : 256;
		ents[i].h = e[1] ? e[1] : 256;
		ents[i].ncol = e[2];
		ents[i].planes = rd16(e + 4);
		ents[i].bpp = rd16(e + 6);
		ents[i].size = rd32(e + 8);
		ents[i].off = rd32(e + 12);
		if (ents[i].off > fsize || ents[i].size > fsize - ents[i].off) {
			warn("entry %d: image data outside file", i);
			free(ents);
			return -1;
		}
	}
	*out = ents;
	return n;
}

static const char *img_kind(FILE *fp, unsigned long off)
{
	unsigned char sig[8];

	if (fseek(fp, off, SEEK_SET) || fread(sig, 1, sizeof(sig), fp) != sizeof(sig))
		return "?";
	if (!memcmp(sig, "\x89PNG\r\n\x1a\n", 8))
		return "png";
	return rd32(sig) == 40 ? "bmp" : "?";
}

int main(int argc, char **argv)
{
	struct icoent *ents;
	FILE *fp;
	long sz;
	int c, i, n, rc = 0;

	while ((c = getopt(argc, argv, "vq")) != -1) {
		switch (c) {
		case 'v': opt_v = 1; break;
		case 'q': opt_q = 1; break;
		default:
			fprintf(stderr, "usage: icoinfo [-vq] file...\n");
			return 2;
		}
	}
	for (; optind < argc; optind++) {
		if (!(fp = fopen(argv[optind], "rb"))) {
			warn("%s: cannot open", argv[optind]);
			rc = 1;
			continue;
		}
		if (fseek(fp, 0, SEEK_END) || (sz = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET)) {
			fclose(fp);
			rc = 1;
			continue;
		}
		if ((n = ico_read_dir(fp, sz, &ents)) < 0) {
			warn("%s: not a valid icon file", argv[optind]);
			fclose(fp);
			rc = 1;
			continue;
		}
		printf("%s: %d image%s\n", argv[optind], n, n > 1 ? "s" : "");
		for (i = 0; i < n; i++) {
			printf("  %ux%u", ents[i].w, ents[i].h);
			if (opt_v)
				printf(" %u colours, %u bpp, %lu bytes at %lu",
				       ents[i].ncol, ents[i].bpp, ents[i].size, ents[i].off);
			printf(" %s\n", img_kind(fp, ents[i].off));
		}
		free(ents);
		fclose(fp);
	}
	return rc;
}
