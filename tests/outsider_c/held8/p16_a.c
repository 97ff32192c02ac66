#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <limits.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/xattr.h>

struct nlist {
	char *buf;
	char **v;
	int n;
};

static int opt_c;
static int opt_s;
static const char *opt_ns;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("xattrls: ", stderr);
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

static void *xrealloc(void *p, size_t sz)
{
	if (!(p = realloc(p, sz)))
		die("out of memory");
	return p;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int xattr_split(const char *list, size_t len, struct nlist *nl)
{
	char *p, *z, *end;
	int cap = 8;

	nl->n = 0;
	nl->buf = xmalloc(len);
	memcpy(nl->buf, list, len);
	nl->v = xmalloc(cap * sizeof(*nl->v));
	for (p = nl->buf, end = p + len; p < end; p = z + 1) {
		z = memchr(p, '\0', end - p);
		if (!z || z == p || z - p > XATTR_NAME_MAX) {
			free(nl->buf);
			free(nl->v);
			nl->buf = NULL;
			nl->v = NULL;
			nl->n = 0;
			return -1;
		}
		if (nl->n == cap) {
			cap *= 2;
			nl->v = xrealloc(nl->v, cap * sizeof(*nl->v));
		}
		nl->v[nl->n++] = p;
	}
	return nl->n;
}

static void nl_free(struct nlist *nl)
{
	free(nl->buf);
	free(nl->v);
}

static void show(const struct nlist *nl, const char *f)
{
	char prefix[64];
	int i, hits = 0;

	prefix[0] = '\0';
	if (opt_ns)
		snprintf(prefix, sizeof(prefix), "%s.", opt_ns);
	for (i = 0; i < nl->n; i++) {
		if (strncmp(nl->v[i], prefix, strlen(prefix)))
			continue;
		hits++;
		if (!opt_c)
			printf("%s: %s\n", f, nl->v[i]);
	}
	if (opt_c)
		printf("%s: %d\n", f, hits);
}

static char *read_list(const char *f, size_t *len)
{
	char *raw;
	ssize_t n;

	if (!strcmp(f, "-")) {
		raw = xmalloc(XATTR_LIST_MAX);
		*len = fread(raw, 1, XATTR_LIST_MAX, stdin);
		return raw;
	}
	if ((n = llistxattr(f, NULL, 0)) < 0)
		return NULL;
	raw = xmalloc(n);
	if ((n = llistxattr(f, raw, n)) < 0) {
		free(raw);
		return NULL;
	}
	*len = n;
	return raw;
}

int main(int argc, char **argv)
{
	struct nlist nl;
	char *raw;
	size_t len;
	int c, rc = 0;

	while ((c = getopt(argc, argv, "csn:")) != -1) {
		switch (c) {
		case 'c': opt_c = 1; break;
		case 's': opt_s = 1; break;
		case 'n': opt_ns = optarg; break;
		default:
			fprintf(stderr, "usage: xattrls [-cs] [-n namespace] file...\n");
			return 2;
		}
	}
	for (; optind < argc; optind++) {
		if (!(raw = read_list(argv[optind], &len))) {
			perror(argv[optind]);
			rc = 1;
			continue;
		}
		if (xattr_split(raw, len, &nl) < 0) {
			fprintf(stderr, "xattrls: %s: malformed attribute list\n", argv[optind]);
			rc = 1;
		} else {
			if (opt_s)
				qsort(nl.v, nl.n, sizeof(*nl.v), cmp);
			show(&nl, argv[optind]);
		}
		nl_free(&nl);
		free(raw);
	}
	return rc;
}
