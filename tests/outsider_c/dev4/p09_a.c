#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bmp {
	uint32_t	 width;
	uint32_t	 height;
	int		 topdown;
	uint32_t	 stride;
	unsigned char	*pixels;
};

static uint32_t
le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static uint16_t
le16(const unsigned char *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static int
read_headers(FILE *fp, struct bmp *b, uint32_t *dataoff)
{
	unsigned char fh[14], ih[40];
	int32_t w, h;

	if (fread(fh, 1, sizeof(fh), fp) != sizeof(fh) ||
	    fh[0] != 'B' || fh[1] != 'M')
		return -1;
	*dataoff = le32(fh + 10);
	if (fread(ih, 1, sizeof(ih), fp) != sizeof(ih) || le32(ih) < 40)
		return -1;
	w = (int32_t)le32(ih + 4);
	h = (int32_t)le32(ih + 8);
	if (le16(ih + 14) != 24 || le32(ih + 16) != 0)
		return -1;
	if (w <= 0 || h == 0)
		return -1;
	b->width = (uint32_t)w;
	b->topdown = h < 0;
	b->height = (uint32_t)(h < 0 ? -(int64_t)h : h);
	return 0;
}

int
bmp_load(FILE *fp, struct bmp *b)
{
	uint32_t dataoff, total, y;
	unsigned char *row;
	size_t n;

	memset(b, 0, sizeof(*b));
	if (read_headers(fp, b, &dataoff) == -1)
		return -1;
	b->stride = (b->width * 3 + 3) & ~3U;
	total = b->stride * b->height;
	if ((b->pixels = malloc(total)) == NULL)
		return -1;
	if (fseek(fp, dataoff, SEEK_SET) != 0)
		return -1;
	for (y = 0; y < b->height; y++) {
		row = b->pixels + (size_t)y * b->stride;
		n = fread(row, 1, b->stride, fp);
		if (n < b->stride)
			memset(row + n, 0, b->stride - n);
	}
	return 0;
}

static int
write_pgm(FILE *out, const struct bmp *b)
{
	char hdr[64];
	const unsigned char *row, *px;
	uint32_t x, y, yy;
	int len;

	len = sprintf(hdr, "P5\n%u %u\n255\n", b->width, b->height);
	if (fwrite(hdr, 1, (size_t)len, out) != (size_t)len)
		return -1;
	for (y = 0; y < b->height; y++) {
		yy = b->topdown ? y : b->height - 1 - y;
		row = b->pixels + (size_t)yy * b->stride;
		for (x = 0; x < b->width; x++) {
			px = row + (size_t)x * 3;
			putc((px[0] * 29 + px[1] * 150 + px[2] * 77) >> 8, out);
		}
	}
	return ferror(out) ? -1 : 0;
}

int
main(int argc, char *argv[])
{
	struct bmp b;
	FILE *in, *out = stdout;
	int rc = 1;

	if (argc < 2) {
		fprintf(stderr, "usage: bmp2pgm in.bmp [out.pgm]\n");
		return 2;
	}
	if ((in = fopen(argv[1], "rb")) == NULL) {
		perror(argv[1]);
		return 1;
	}
	if (bmp_load(in, &b) == -1) {
		fprintf(stderr, "%s: unsupported bitmap\n", argv[1]);
		goto out;
	}
	if (argc > 2 && (out = fopen(argv[2], "wb")) == NULL) {
		perror(argv[2]);
		goto out;
	}
	rc = write_pgm(out, &b) == -1;
	if (out != stdout)
		fclose(out);
out:
	free(b.pixels);
	fclose(in);
	return rc;
}
