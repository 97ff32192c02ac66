#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#define DEC(c) ((((unsigned char)(c)) - ' ') & 077)

static const char *opt_outfile;
static int opt_verbose;

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		fputs("uudecode: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static char *xmalloc_fgetline(FILE *fp)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	int c;

	while ((c = getc(fp)) != EOF) {
		if (len + 1 >= cap) {
			cap = cap ? cap * 2 : 64;
			buf = xrealloc(buf, cap);
		}
		if (c == '\n')
			break;
		buf[len++] = c;
	}
	if (!buf)
		return NULL;
	if (len && buf[len - 1] == '\r')
		len--;
	buf[len] = '\0';
	return xrealloc(buf, len + 1);
}

int uu_decode_line(const char *line, unsigned char *out)
{
	const char *p = line;
	unsigned char *o = out;
	int n, total;

	if (!*p)
		return -1;
	total = n = DEC(*p++);
	if (strlen(p) < (size_t)(n + 2) / 3 * 4)
		return -1;
	while (n > 0) {
		*o++ = DEC(p[0]) << 2 | DEC(p[1]) >> 4;
		if (n > 1)
			*o++ = DEC(p[1]) << 4 | DEC(p[2]) >> 2;
		if (n > 2)
			*o++ = DEC(p[2]) << 6 | DEC(p[3]);
		p += 4;
		n -= 3;
	}
	return total;
}

static int decode_body(FILE *in, FILE *out)
{
	unsigned char buf[64];
	char *line;
	int n, rc = -1;

	while ((line = xmalloc_fgetline(in)) != NULL) {
		if (strcmp(line, "end") == 0) {
			rc = 0;
			free(line);
			break;
		}
		n = uu_decode_line(line, buf);
		free(line);
		if (n < 0) {
			fputs("uudecode: short line\n", stderr);
			break;
		}
		if (n > 0 && fwrite(buf, 1, n, out) != (size_t)n) {
			perror("uudecode: write");
			break;
		}
	}
	return rc;
}

int main(int argc, char **argv)
{
	char name[1024];
	unsigned mode;
	char *line;
	FILE *in = stdin, *out;
	int c, rc;

	while ((c = getopt(argc, argv, "o:v")) != -1) {
		if (c == 'o')
			opt_outfile = optarg;
		else if (c == 'v')
			opt_verbose = 1;
		else {
			fputs("usage: uudecode [-v] [-o outfile] [infile]\n", stderr);
			return 2;
		}
	}
	if (optind < argc && !(in = fopen(argv[optind], "r"))) {
		perror(argv[optind]);
		return 1;
	}
	for (;;) {
		if (!(line = xmalloc_fgetline(in))) {
			fputs("uudecode: no 'begin' line\n", stderr);
			return 1;
		}
		rc = sscanf(line, "begin %o %1023s", &mode, name);
		free(line);
		if (rc == 2)
			break;
	}
	if (opt_outfile) {
		if (strlen(opt_outfile) >= sizeof(name)) {
			fputs("uudecode: output name too long\n", stderr);
			return 1;
		}
		strcpy(name, opt_outfile);
	} else if (strchr(name, '/')) {
		fprintf(stderr, "uudecode: refusing to write to '%s'\n", name);
		return 1;
	}
	if (opt_verbose)
		fprintf(stderr, "uudecode: writing %s mode %o\n", name, mode & 0777);
	if (strcmp(name, "-") == 0 || strcmp(name, "/dev/stdout") == 0)
		out = stdout;
	else if (!(out = fopen(name, "wb"))) {
		perror(name);
		return 1;
	}
	rc = decode_body(in, out);
	if (out != stdout) {
		fchmod(fileno(out), mode & 0777);
		fclose(out);
	}
	return rc ? 1 : 0;
}
