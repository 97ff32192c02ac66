#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>
#include <sys/types.h>

static int opt_v;
static int opt_t;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("unchunk: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *xrealloc(void *p, size_t sz)
{
	p = realloc(p, sz);
	if (!p && sz)
		die("out of memory");
	return p;
}

static const char *line_end(const char *p, const char *end)
{
	const char *q = memchr(p, '\n', end - p);

	return q;
}

static int parse_size(const char *p, const char *q, size_t *sz)
{
	char hex[32];
	char *end;
	size_t n = q - p;

	if (n && p[n - 1] == '\r')
		n--;
	if (n >= sizeof(hex))
		return -1;
	memcpy(hex, p, n);
	hex[n] = '\0';
	hex[strcspn(hex, "; \t")] = '\0';
	*sz = strtoull(hex, &end, 16);
	if (end == hex || *end)
		return -1;
	return 0;
}

ssize_t chunked_decode(const char *in, size_t len, char **outp)
{
	const char *q, *end = in + len;
	char *out = NULL;
	size_t pos = 0, olen = 0, sz;

	for (;;) {
		if (!(q = line_end(in + pos, end)) || parse_size(in + pos, q, &sz) < 0)
			goto fail;
		pos = q - in + 1;
		if (opt_v)
			fprintf(stderr, "chunk %zu bytes at %zu\n", sz, pos);
		if (!sz)
			break;
		if (sz > len - pos || len - pos - sz < 2)
			goto fail;
		out = xrealloc(out, olen + sz + 1);
		memcpy(out + olen, in + pos, sz);
		olen += sz;
		pos += sz;
		if (in[pos] != '\r' || in[pos + 1] != '\n')
			goto fail;
		pos += 2;
	}
	while ((q = line_end(in + pos, end)) && q - (in + pos) > 1) {
		if (opt_t)
			fprintf(stderr, "trailer: %.*s\n", (int)(q - (in + pos)), in + pos);
		pos = q - in + 1;
	}
	out = xrealloc(out, olen + 1);
	out[olen] = '\0';
	*outp = out;
	return olen;
 fail:
	free(out);
	return -1;
}

int main(int argc, char **argv)
{
	char buf[BUFSIZ];
	char *in = NULL, *out;
	size_t len = 0, n;
	ssize_t olen;
	FILE *fp = stdin;
	int c;

	while ((c = getopt(argc, argv, "vt")) != -1) {
		switch (c) {
		case 'v': opt_v = 1; break;
		case 't': opt_t = 1; break;
		default:
			fprintf(stderr, "usage: unchunk [-vt] [file]\n");
			return 2;
		}
	}
	if (optind < argc && !(fp = fopen(argv[optind], "rb")))
		die("%s: cannot open", argv[optind]);
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0) {
		in = xrealloc(in, len + n);
		memcpy(in + len, buf, n);
		len += n;
	}
	if (fp != stdin)
		fclose(fp);
	if (!len)
		die("empty input");
	if ((olen = chunked_decode(in, len, &out)) < 0)
		die("malformed chunked body");
	fwrite(out, 1, olen, stdout);
	free(out);
	free(in);
	return 0;
}
