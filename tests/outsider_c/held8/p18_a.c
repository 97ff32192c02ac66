#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>

struct tbuf {
	char *s;
	size_t len, cap;
};

static int opt_v;
static long opt_n = -1;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("undoplay: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *xrealloc(void *p, size_t sz)
{
	if (!(p = realloc(p, sz ? sz : 1)))
		die("out of memory");
	return p;
}

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xrealloc(NULL, n), s, n);
}

static size_t unescape(char *s)
{
	char *o = s, *p;

	for (p = s; *p; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			*o++ = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
		} else
			*o++ = *p;
	}
	*o = '\0';
	return o - s;
}

static int t_insert(struct tbuf *t, size_t pos, const char *p, size_t n)
{
	if (pos > t->len)
		return -1;
	if (t->len + n + 1 > t->cap) {
		t->cap = t->len + n + 1;
		t->s = xrealloc(t->s, t->cap);
	}
	memmove(t->s + pos + n, t->s + pos, t->len - pos);
	memcpy(t->s + pos, p, n);
	t->len += n;
	return 0;
}

static int t_delete(struct tbuf *t, size_t pos, const char *p, size_t n)
{
	if (pos > t->len || n > t->len - pos || memcmp(t->s + pos, p, n))
		return -1;
	memmove(t->s + pos, t->s + pos + n, t->len - pos - n);
	t->len -= n;
	return 0;
}

int undo_one(struct tbuf *t, char *rec)
{
	char op, text[BUFSIZ];
	unsigned long pos;
	unsigned int old, cur;
	int off = 0;

	if (sscanf(rec, "%c %lu %n", &op, &pos, &off) < 2 || !off)
		return -1;
	if (op == 'r') {
		if (sscanf(rec + off, "%2x %2x", &old, &cur) != 2)
			return -1;
		if (pos >= t->len)
			return -1;
		if (opt_v && (unsigned char)t->s[pos] != cur)
			fprintf(stderr, "undoplay: byte %lu is not %02x\n", pos, cur);
		t->s[pos] = (char)old;
		return 0;
	}
	if (strlen(rec + off) >= sizeof(text))
		return -1;
	strcpy(text, rec + off);
	if (op == 'i')
		return t_delete(t, pos, text, unescape(text));
	if (op == 'd')
		return t_insert(t, pos, text, unescape(text));
	return -1;
}

int main(int argc, char **argv)
{
	char line[BUFSIZ];
	struct tbuf t = { 0 };
	char **recs = NULL;
	size_t n;
	long nrec = 0, i;
	FILE *fp;
	int c;

	while ((c = getopt(argc, argv, "vn:")) != -1) {
		switch (c) {
		case 'v': opt_v = 1; break;
		case 'n': opt_n = atol(optarg); break;
		default:
			fprintf(stderr, "usage: undoplay [-v] [-n count] file log\n");
			return 2;
		}
	}
	if (argc - optind != 2)
		die("need a file and a log");
	if (!(fp = fopen(argv[optind], "rb")))
		die("%s: cannot open", argv[optind]);
	while ((n = fread(line, 1, sizeof(line), fp)) > 0)
		t_insert(&t, t.len, line, n);
	fclose(fp);
	if (!(fp = fopen(argv[optind + 1], "r")))
		die("%s: cannot open", argv[optind + 1]);
	while (fgets(line, sizeof(line), fp)) {
		line[strcspn(line, "\n")] = '\0';
		recs = xrealloc(recs, (nrec + 1) * sizeof(*recs));
		recs[nrec++] = xstrdup(line);
	}
	fclose(fp);
	for (i = nrec - 1; i >= 0 && opt_n; i--, opt_n--)
		if (undo_one(&t, recs[i]) < 0)
			die("log line %ld: cannot undo '%s'", i + 1, recs[i]);
	fwrite(t.s, 1, t.len, stdout);
	for (i = 0; i < nrec; i++)
		free(recs[i]);
	free(recs);
	free(t.s);
	return 0;
}
