#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <ctype.h>
#include <unistd.h>

struct sbuf {
	char *s;
	size_t len, cap;
};

static int opt_u;
static int opt_c;
static int nmsg, nfuzzy, nuntr;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("pocat: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *xrealloc(void *p, size_t sz)
{
	p = realloc(p, sz);
	if (!p)
		die("out of memory");
	return p;
}

static void *xmalloc(size_t sz)
{
	return xrealloc(NULL, sz);
}

static void sb_put(struct sbuf *b, const char *p, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static char *unquote(const char *p, size_t *outlen)
{
	const char *q;
	char *out, *o;
	size_t n;

	if (*p != '"' || !(q = strrchr(p + 1, '"')))
		return NULL;
	p++;
	n = q - p;
	out = o = xmalloc(n);
	while (p < q) {
		if (*p != '\\' || p + 1 == q) {
			*o++ = *p++;
			continue;
		}
		p++;
		switch (*p) {
		case 'n': *o++ = '\n'; p++; break;
		case 't': *o++ = '\t'; p++; break;
		case 'r': *o++ = '\r'; p++; break;
		case '0': case '1': case '2': case '3':
		case '4': case '5': case '6': case '7': {
			int v = 0, k;
			for (k = 0; k < 3 && p < q && *p >= '0' && *p <= '7'; k++)
				v = v * 8 + (*p++ - '0');
			*o++ = (char)v;
			break;
		}
		default: *o++ = *p++; break;
		}
	}
	*o = '\0';
	*outlen = o - out;
	return out;
}

static void flush(struct sbuf *id, struct sbuf *str, int fuzzy)
{
	if (!id->s && !str->s)
		return;
	if (id->len) {
		nmsg++;
		if (fuzzy)
			nfuzzy++;
		if (!str->len)
			nuntr++;
		if (!opt_c && (!opt_u || !str->len))
			printf("%s\n\t=> %s\n", id->s, str->len ? str->s : "(untranslated)");
	}
	id->len = str->len = 0;
	if (id->s)
		id->s[0] = '\0';
	if (str->s)
		str->s[0] = '\0';
}

int po_read(FILE *fp)
{
	char line[BUFSIZ];
	struct sbuf id = { 0 }, str = { 0 }, *cur = NULL;
	char *p, *v;
	size_t n;
	int fuzzy = 0, lno = 0;

	while (fgets(line, sizeof(line), fp)) {
		lno++;
		line[strcspn(line, "\r\n")] = '\0';
		for (p = line; isspace((unsigned char)*p); p++)
			;
		if (!strncmp(p, "#,", 2)) {
			flush(&id, &str, fuzzy);
			fuzzy = strstr(p, "fuzzy") != NULL;
			continue;
		}
		if (*p == '#' || !*p)
			continue;
		if (!strncmp(p, "msgid ", 6)) {
			if (cur == &str)
				flush(&id, &str, fuzzy), fuzzy = 0;
			cur = &id;
			p += 6;
		} else if (!strncmp(p, "msgstr ", 7)) {
			cur = &str;
			p += 7;
		} else if (*p != '"' || !cur) {
			fprintf(stderr, "pocat: line %d: unexpected text\n", lno);
			continue;
		}
		if (!(v = unquote(p, &n))) {
			fprintf(stderr, "pocat: line %d: invalid string\n", lno);
			continue;
		}
		sb_put(cur, v, n);
		free(v);
	}
	flush(&id, &str, fuzzy);
	free(id.s);
	free(str.s);
	return nmsg;
}

int main(int argc, char **argv)
{
	FILE *fp = stdin;
	int c;

	while ((c = getopt(argc, argv, "uc")) != -1) {
		switch (c) {
		case 'u': opt_u = 1; break;
		case 'c': opt_c = 1; break;
		default:
			fprintf(stderr, "usage: pocat [-uc] [file.po]\n");
			return 2;
		}
	}
	if (optind < argc && !(fp = fopen(argv[optind], "r")))
		die("%s: cannot open", argv[optind]);
	po_read(fp);
	if (opt_c)
		printf("%d messages, %d fuzzy, %d untranslated\n", nmsg, nfuzzy, nuntr);
	if (fp != stdin)
		fclose(fp);
	return 0;
}
