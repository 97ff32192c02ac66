#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>

static int opt_l;
static int opt_p;
static const char *opt_e;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("jptr: ", stderr);
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

static char *xstrdup(const char *s)
{
	char *p = xmalloc(strlen(s) + 1);

	strcpy(p, s);
	return p;
}

int jptr_unescape(char *t)
{
	char *o = t;

	for (; *t; t++) {
		if (*t != '~') {
			*o++ = *t;
			continue;
		}
		if (t[1] == '0')
			*o++ = '~';
		else if (t[1] == '1')
			*o++ = '/';
		else
			return -1;
		t++;
	}
	*o = '\0';
	return 0;
}

char *jptr_escape(const char *t)
{
	size_t n = strlen(t) + 1;
	const char *p;
	char *out, *o;

	for (p = t; *p; p++)
		if (*p == '~' || *p == '/')
			n++;
	out = o = xmalloc(n);
	for (p = t; *p; p++) {
		if (*p == '~' || *p == '/') {
			*o++ = '~';
			*o++ = *p == '~' ? '0' : '1';
		} else
			*o++ = *p;
	}
	*o = '\0';
	return out;
}

char *jptr_last(char *s)
{
	char *q = s + strlen(s);

	while (*q != '/')
		q--;
	*q = '\0';
	return q + 1;
}

static void print_tokens(char *s)
{
	char *p, *q;

	if (!*s)
		return;
	if (*s != '/')
		die("pointer must start with '/'");
	for (p = s + 1;; p = q + 1) {
		q = strchr(p, '/');
		if (q)
			*q = '\0';
		if (jptr_unescape(p) < 0)
			die("invalid escape in token '%s'", p);
		puts(p);
		if (!q)
			break;
	}
}

int main(int argc, char **argv)
{
	char *s, *t, *e;
	int c;

	while ((c = getopt(argc, argv, "lpe:")) != -1) {
		switch (c) {
		case 'l': opt_l = 1; break;
		case 'p': opt_p = 1; break;
		case 'e': opt_e = optarg; break;
		default:
			fprintf(stderr, "usage: jptr [-lp] [-e token] pointer\n");
			return 2;
		}
	}
	if (optind >= argc)
		die("no pointer given");
	s = xstrdup(argv[optind]);
	if (opt_e) {
		e = jptr_escape(opt_e);
		printf("%s/%s\n", s, e);
		free(e);
	} else if (opt_l || opt_p) {
		t = jptr_last(s);
		if (opt_p)
			puts(s);
		if (opt_l) {
			if (jptr_unescape(t) < 0)
				die("invalid escape in token '%s'", t);
			puts(t);
		}
	} else
		print_tokens(s);
	free(s);
	return 0;
}
