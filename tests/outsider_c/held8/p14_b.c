#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>

static int opt_p;
static int opt_f;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("gifinfo: ", stderr);
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

static unsigned int le16(const unsigned char *p)
{
	return p[0] | p[1] << 8;
}

static void skip_blocks(FILE *fp)
{
	int n;

	while ((n = fgetc(fp)) > 0)
		if (fseek(fp, n, SEEK_CUR))
			die("truncated data sub-block");
	if (n < 0)
		die("unexpected end of file");
}

static int count_frames(FILE *fp)
{
	unsigned char d[9];
	int c, n = 0;

	while ((c = fgetc(fp)) != EOF && c != 0x3b) {
		if (c == 0x21) {
			fgetc(fp);
			skip_blocks(fp);
		} else if (c == 0x2c) {
			if (fread(d, 1, sizeof(d), fp) != sizeof(d))
				die("truncated image descriptor");
			if (d[8] & 0x80)
				fseek(fp, 3L << ((d[8] & 7) + 1), SEEK_CUR);
			fgetc(fp);
			skip_blocks(fp);
			n++;
		} else
			die("unknown block 0x%02x", c);
	}
	return n;
}

int gif_info(FILE *fp)
{
	unsigned char hdr[13];
	unsigned char *pal = NULL, *p;
	unsigned int ncol = 0, bg, i;
	char ver[4];

	if (fread(hdr, 1, sizeof(hdr), fp) != sizeof(hdr) || memcmp(hdr, "GIF", 3))
		return -1;
	memcpy(ver, hdr + 3, 3);
	ver[3] = '\0';
	if (strcmp(ver, "87a") && strcmp(ver, "89a"))
		return -1;
	bg = hdr[11];
	printf("GIF%s %ux%u\n", ver, le16(hdr + 6), le16(hdr + 8));
	if (hdr[10] & 0x80) {
		ncol = 1u << ((hdr[10] & 7) + 1);
		pal = xmalloc(ncol * 3);
		if (fread(pal, 3, ncol, fp) != ncol)
			die("truncated colour table");
		printf("global colour table: %u entries, %u bits/primary\n",
		       ncol, ((hdr[10] >> 4) & 7) + 1);
	}
	if (pal) {
		p = pal + bg * 3;
		printf("background: %u #%02x%02x%02x\n", bg, p[0], p[1], p[2]);
	}
	if (hdr[12])
		printf("aspect: %.3f\n", (hdr[12] + 15) / 64.0);
	for (i = 0; opt_p && i < ncol; i++)
		printf("%3u #%02x%02x%02x\n", i, pal[i * 3], pal[i * 3 + 1], pal[i * 3 + 2]);
	if (opt_f)
		printf("frames: %d\n", count_frames(fp));
	free(pal);
	return 0;
}

int main(int argc, char **argv)
{
	FILE *fp;
	int c, rc = 0;

	while ((c = getopt(argc, argv, "pf")) != -1) {
		switch (c) {
		case 'p': opt_p = 1; break;
		case 'f': opt_f = 1; break;
		default:
			fprintf(stderr, "usage: gifinfo [-pf] file...\n");
			return 2;
		}
	}
	for (; optind < argc; optind++) {
		if (!(fp = fopen(argv[optind], "rb")))
			die("%s: cannot open", argv[optind]);
		if (gif_info(fp) < 0) {
			fprintf(stderr, "gifinfo: %s: not a GIF file\n", argv[optind]);
			rc = 1;
		}
		fclose(fp);
	}
	return rc;
}
