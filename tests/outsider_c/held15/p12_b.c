#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ctype.h>

#define NCHARS 256

static int opt_delete;
static int opt_squeeze;
static int opt_complement;

static void *xzalloc(size_t n)
{
	void *p = calloc(1, n);

	if (!p) {
		fputs("tr: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static int unescape(const char **sp)
{
	const char *s = *sp;
	int c = (unsigned char)*s++;
	int i;

	if (c == '\\' && *s) {
		c = (unsigned char)*s++;
		switch (c) {
		case 'n': c = '\n'; break;
		case 't': c = '\t'; break;
		case 'r': c = '\r'; break;
		case '0': case '1': case '2': case '3':
			c -= '0';
			for (i = 0; i < 2 && *s >= '0' && *s <= '7'; i++)
				c = c * 8 + (*s++ - '0');
			break;
		}
	}
	*sp = s;
	return c & 0xff;
}

static int expand_class(const char *name, unsigned char *out, int n)
{
	int c;
	int (*fn)(int) = NULL;

	if (strncmp(name, "alpha:]", 7) == 0) fn = isalpha;
	else if (strncmp(name, "digit:]", 7) == 0) fn = isdigit;
	else if (strncmp(name, "lower:]", 7) == 0) fn = islower;
	else if (strncmp(name, "upper:]", 7) == 0) fn = isupper;
	else if (strncmp(name, "space:]", 7) == 0) fn = isspace;
	if (!fn)
		return -1;
	for (c = 0; c < 128 && n < NCHARS; c++)
		if (fn(c))
			out[n++] = c;
	return n;
}

static int expand_set(const char *arg, unsigned char *out)
{
	int n = 0, lo, hi;

	while (*arg && n < NCHARS) {
		if (strncmp(arg, "[:", 2) == 0 && (n = expand_class(arg + 2, out, n)) >= 0) {
			arg += 9;
			continue;
		}
		if (n < 0)
			return -1;
		lo = unescape(&arg);
		if (arg[0] == '-' && arg[1]) {
			arg++;
			hi = unescape(&arg);
			for (; lo <= hi && n < NCHARS; lo++)
				out[n++] = lo;
		} else {
			out[n++] = lo;
		}
	}
	return n;
}

static void tr_stream(FILE *in, const unsigned char *map, const char *del, const char *sq)
{
	char buf[BUFSIZ];
	size_t n, i;
	int c, last = -1;

	while ((n = fread(buf, 1, sizeof(buf), in)) > 0) {
		for (i = 0; i < n; i++) {
			c = (unsigned char)buf[i];
			if (del[c])
				continue;
			c = map[c];
			if (sq[c] && c == last)
				continue;
			last = c;
			putchar(c);
		}
	}
}

int main(int argc, char **argv)
{
	unsigned char set1[NCHARS], set2[NCHARS];
	unsigned char *map = xzalloc(NCHARS);
	char *del = xzalloc(NCHARS), *sq = xzalloc(NCHARS), *in1 = xzalloc(NCHARS);
	int n1, n2 = 0, i, c;

	while ((c = getopt(argc, argv, "cds")) != -1) {
		switch (c) {
		case 'c': opt_complement = 1; break;
		case 'd': opt_delete = 1; break;
		case 's': opt_squeeze = 1; break;
		default: goto usage;
		}
	}
	if (optind >= argc || (n1 = expand_set(argv[optind], set1)) < 0)
		goto usage;
	if (optind + 1 < argc && (n2 = expand_set(argv[optind + 1], set2)) < 0)
		goto usage;
	for (i = 0; i < n1; i++)
		in1[set1[i]] = 1;
	if (opt_complement)
		for (i = 0, n1 = 0; i < NCHARS; i++)
			if (!in1[i])
				set1[n1++] = i;
	for (i = 0; i < NCHARS; i++)
		map[i] = i;
	for (i = 0; i < n1; i++) {
		if (opt_delete)
			del[set1[i]] = 1;
		else if (n2 > 0)
			map[set1[i]] = set2[i < n2 ? i : n2 - 1];
	}
	if (opt_squeeze && n2 > 0 && !opt_delete)
		for (i = 0; i < n2; i++)
			sq[set2[i]] = 1;
	else if (opt_squeeze)
		for (i = 0; i < n1; i++)
			sq[set1[i]] = 1;
	tr_stream(stdin, map, del, sq);
	free(map); free(del); free(sq); free(in1);
	return 0;
usage:
	fputs("usage: tr [-cds] SET1 [SET2]\n", stderr);
	return 1;
}
