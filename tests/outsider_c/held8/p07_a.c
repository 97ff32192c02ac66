#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>

typedef void (*part_fn)(const char *hdr, size_t hlen, const char *data, size_t dlen, void *arg);

static int opt_v;
static const char *opt_field;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("mpsplit: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *xmalloc(size_t sz)
{
	void *p = malloc(sz ? sz : 1);

	if (!p)
		die("out of memory");
	return p;
}

static const char *find_delim(const char *p, const char *end, const char *d, size_t dlen)
{
	for (; p + dlen <= end; p++)
		if (*p == *d && !memcmp(p, d, dlen))
			return p;
	return NULL;
}

int multipart_split(const char *body, size_t len, const char *boundary, part_fn fn, void *arg)
{
	char delim[80];
	const char *p, *q, *h, *end = body + len;
	size_t dlen;
	int n = 0;

	if (strlen(boundary) > 70)
		return -1;
	dlen = sprintf(delim, "\r\n--%s", boundary);
	if (len >= dlen - 2 && !memcmp(body, delim + 2, dlen - 2))
		p = body + dlen - 2;
	else if ((p = find_delim(body, end, delim, dlen)))
		p += dlen;
	else
		return -1;
	for (;;) {
		if (end - p >= 2 && !memcmp(p, "--", 2))
			break;
		if (end - p < 2 || memcmp(p, "\r\n", 2))
			return -1;
		p += 2;
		if (!(q = find_delim(p, end, delim, dlen)))
			return -1;
		if (q - p >= 2 && !memcmp(p, "\r\n", 2))
			fn(p, 0, p + 2, q - p - 2, arg);
		else if ((h = find_delim(p, q, "\r\n\r\n", 4)))
			fn(p, h - p, h + 4, q - h - 4, arg);
		else
			return -1;
		n++;
		p = q + dlen;
	}
	return n;
}

static void show_part(const char *hdr, size_t hlen, const char *data, size_t dlen, void *arg)
{
	char h[1024], name[64] = "", file[128] = "";
	char *p;
	int *idx = arg;

	if (hlen >= sizeof(h))
		hlen = sizeof(h) - 1;
	memcpy(h, hdr, hlen);
	h[hlen] = '\0';
	if ((p = strstr(h, "; name=\"")))
		sscanf(p + 8, "%63[^\"]", name);
	if ((p = strstr(h, "filename=\"")))
		sscanf(p + 10, "%127[^\"]", file);
	(*idx)++;
	if (opt_field) {
		if (!strcmp(name, opt_field))
			fwrite(data, 1, dlen, stdout);
		return;
	}
	printf("%d: %s%s%s (%zu bytes)\n", *idx, name[0] ? name : "?",
	       file[0] ? " file=" : "", file, dlen);
	if (opt_v)
		printf("%s\n", h);
}

int main(int argc, char **argv)
{
	const char *bnd = NULL;
	char *buf;
	long sz;
	FILE *fp;
	int c, idx = 0;

	while ((c = getopt(argc, argv, "vb:f:")) != -1) {
		switch (c) {
		case 'v': opt_v = 1; break;
		case 'b': bnd = optarg; break;
		case 'f': opt_field = optarg; break;
		default:
			fprintf(stderr, "usage: mpsplit [-v] [-f field] -b boundary file\n");
			return 2;
		}
	}
	if (!bnd || optind >= argc)
		die("need -b boundary and a file");
	if (!(fp = fopen(argv[optind], "rb")))
		die("%s: cannot open", argv[optind]);
	if (fseek(fp, 0, SEEK_END) || (sz = ftell(fp)) < 0)
		die("%s: cannot seek", argv[optind]);
	rewind(fp);
	buf = xmalloc(sz);
	if (fread(buf, 1, sz, fp) != (size_t)sz)
		die("%s: short read", argv[optind]);
	fclose(fp);
	if (multipart_split(buf, sz, bnd, show_part, &idx) < 0)
		die("malformed multipart body after %d parts", idx);
	free(buf);
	return 0;
}
