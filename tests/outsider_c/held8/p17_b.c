#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>

#define MAXF 32

struct obuf {
	char *s;
	size_t len, cap;
};

static char opt_F = '\t';
static int opt_n;
static const char *opt_miss = "";
static char *keys[MAXF], *vals[MAXF];
static int nf;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("tfmt: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *xrealloc(void *p, size_t sz)
{
	if (!(p = realloc(p, sz)))
		die("out of memory");
	return p;
}

static void ob_reserve(struct obuf *o, size_t n)
{
	if (o->len + n + 1 > o->cap) {
		o->cap = (o->len + n + 1) * 2;
		o->s = xrealloc(o->s, o->cap);
	}
}

static void ob_put(struct obuf *o, const char *p, size_t n)
{
	ob_reserve(o, n);
	memcpy(o->s + o->len, p, n);
	o->len += n;
	o->s[o->len] = '\0';
}

static void ob_fill(struct obuf *o, int c, size_t n)
{
	ob_reserve(o, n);
	memset(o->s + o->len, c, n);
	o->len += n;
	o->s[o->len] = '\0';
}

static void split_record(char *line)
{
	char *p, *eq;

	nf = 0;
	for (p = line; p && nf < MAXF; ) {
		keys[nf] = p;
		if ((p = strchr(p, opt_F)))
			*p++ = '\0';
		if (!(eq = strchr(keys[nf], '=')))
			continue;
		*eq = '\0';
		vals[nf++] = eq + 1;
	}
}

static const char *field(const char *name, size_t len)
{
	int i;

	for (i = 0; i < nf; i++)
		if (strlen(keys[i]) == len && !memcmp(keys[i], name, len))
			return vals[i];
	return NULL;
}

static void put_field(struct obuf *o, const char *v, int w)
{
	size_t len = strlen(v), pad;
	int left = w < 0;

	if (!w) {
		ob_put(o, v, len);
		return;
	}
	if (left)
		w = -w;
	pad = w - len;
	if (!left)
		ob_fill(o, ' ', pad);
	ob_put(o, v, len);
	if (left)
		ob_fill(o, ' ', pad);
}

int tfmt_expand(struct obuf *o, const char *t)
{
	const char *e, *c, *v;
	int w;

	for (; *t; t++) {
		if (*t == '\\' && t[1]) {
			t++;
			ob_put(o, *t == 'n' ? "\n" : *t == 't' ? "\t" : t, 1);
		} else if (*t == '%' && t[1] == '%') {
			ob_put(o, "%", 1);
			t++;
		} else if (*t == '%' && t[1] == '{') {
			if (!(e = strchr(t, '}')))
				return -1;
			t += 2;
			c = memchr(t, ':', e - t);
			w = c ? atoi(c + 1) : 0;
			if (w > 1024 || w < -1024)
				return -1;
			v = field(t, (c ? c : e) - t);
			put_field(o, v ? v : opt_miss, w);
			t = e;
		} else
			ob_put(o, t, 1);
	}
	return 0;
}

int main(int argc, char **argv)
{
	char line[BUFSIZ];
	struct obuf o = { 0 };
	int c;

	while ((c = getopt(argc, argv, "nF:m:")) != -1) {
		switch (c) {
		case 'n': opt_n = 1; break;
		case 'F':
			if (!(opt_F = optarg[0]))
				die("empty separator");
			break;
		case 'm': opt_miss = optarg; break;
		default:
			fprintf(stderr, "usage: tfmt [-n] [-F sep] [-m missing] template\n");
			return 2;
		}
	}
	if (optind >= argc)
		die("no template given");
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		split_record(line);
		o.len = 0;
		if (tfmt_expand(&o, argv[optind]) < 0)
			die("invalid template");
		if (!opt_n)
			ob_put(&o, "\n", 1);
		fwrite(o.s, 1, o.len, stdout);
	}
	free(o.s);
	return 0;
}
