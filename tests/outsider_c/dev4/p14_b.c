#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *
xrealloc(void *p, size_t n)
{
	void *q;

	if ((q = realloc(p, n)) == NULL) {
		perror("realloc");
		exit(1);
	}
	return q;
}

static unsigned char *
slurp(FILE *fp, size_t *lenp)
{
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, n;

	for (;;) {
		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 8192;
			buf = xrealloc(buf, cap);
		}
		n = fread(buf + len, 1, cap - len, fp);
		if (n == 0)
			break;
		len += n;
	}
	*lenp = len;
	return buf;
}

static size_t
put_utf8(unsigned char *o, uint32_t cp)
{
	if (cp < 0x80) {
		o[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (unsigned char)(0xc0 | cp >> 6);
		o[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (unsigned char)(0xe0 | cp >> 12);
		o[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		o[2] = (unsigned char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (unsigned char)(0xf0 | cp >> 18);
	o[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
	o[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
	o[3] = (unsigned char)(0x80 | (cp & 0x3f));
	return 4;
}

unsigned char *
utf16_to_utf8(const unsigned char *in, size_t nbytes, int bigendian,
    size_t *outlen)
{
	unsigned char *out;
	size_t units = nbytes / 2, i, o = 0;
	uint32_t u, lo;

	if ((out = malloc(units * 3 + 1)) == NULL)
		return NULL;
	for (i = 0; i < units; i++) {
		u = bigendian ? (uint32_t)(in[2 * i] << 8 | in[2 * i + 1]) :
		    (uint32_t)(in[2 * i + 1] << 8 | in[2 * i]);
		if (u >= 0xd800 && u <= 0xdbff && i + 1 < units) {
			lo = bigendian ?
			    (uint32_t)(in[2 * i + 2] << 8 | in[2 * i + 3]) :
			    (uint32_t)(in[2 * i + 3] << 8 | in[2 * i + 2]);
			if (lo >= 0xdc00 && lo <= 0xdfff) {
				u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
				i++;
			} else
				u = 0xfffd;
		} else if (u >= 0xd800 && u <= 0xdfff)
			u = 0xfffd;
		o += put_utf8(out + o, u);
	}
	out[o] = '\0';
	*outlen = o;
	return out;
}

int
main(int argc, char *argv[])
{
	unsigned char *in, *out;
	size_t len, outlen, skip = 0;
	int be = 0;
	FILE *fp = stdin;

	if (argc > 1 && (fp = fopen(argv[1], "rb")) == NULL) {
		perror(argv[1]);
		return 1;
	}
	in = slurp(fp, &len);
	if (fp != stdin)
		fclose(fp);
	if (len >= 2 && memcmp(in, "\xfe\xff", 2) == 0) {
		be = 1;
		skip = 2;
	} else if (len >= 2 && memcmp(in, "\xff\xfe", 2) == 0)
		skip = 2;
	out = utf16_to_utf8(in + skip, len - skip, be, &outlen);
	free(in);
	if (out == NULL)
		return 1;
	fwrite(out, 1, outlen, stdout);
	free(out);
	return 0;
}
