#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <ctype.h>
#include <unistd.h>

#define MAXVARS 32

static const char *vnames[MAXVARS], *vvals[MAXVARS];
static int nvars;
static int opt_u;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("uritpl: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void warn(const char *fmt, ...)
{
	va_list ap;

	fputs("uritpl: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static const char *lookup(const char *name, size_t len)
{
	int i;

	for (i = 0; i < nvars; i++)
		if (strlen(vnames[i]) == len && !strncmp(vnames[i], name, len))
			return vvals[i];
	return NULL;
}

static size_t put_enc(char *o, size_t room, const char *v, int reserved)
{
	size_t n = 0;
	unsigned char c;

	if (strlen(v) >= room)
		return 0;
	for (; *v; v++) {
		c = *v;
		if (isalnum(c) || strchr("-._~", c) ||
		    (reserved && strchr(":/?#[]@!$&'()*+,;=", c))) {
			o[n++] = c;
		} else {
			sprintf(o + n, "%%%02X", c);
			n += 3;
		}
	}
	o[n] = '\0';
	return n;
}

int uri_expand(const char *tpl, char *out, size_t sz)
{
	const char *p, *e, *name, *v;
	size_t n = 0, len;
	int op, first;

	for (p = tpl; *p; p++) {
		if (*p != '{') {
			if (n + 1 >= sz)
				return -1;
			out[n++] = *p;
			continue;
		}
		if (!(e = strchr(p, '}')))
			return -1;
		p++;
		op = (*p == '+' || *p == '#') ? *p++ : 0;
		first = 1;
		while (p < e) {
			name = p;
			while (p < e && *p != ',')
				p++;
			len = p - name;
			if (p < e)
				p++;
			if (!(v = lookup(name, len))) {
				if (opt_u)
					warn("undefined variable '%.*s'", (int)len, name);
				continue;
			}
			if (n + 2 >= sz)
				return -1;
			if (first && op == '#')
				out[n++] = '#';
			else if (!first)
				out[n++] = ',';
			first = 0;
			n += put_enc(out + n, sz - n, v, op != 0);
		}
		p = e;
	}
	out[n] = '\0';
	return n;
}

int main(int argc, char **argv)
{
	char out[256];
	char *eq;
	int c;

	while ((c = getopt(argc, argv, "uD:")) != -1) {
		switch (c) {
		case 'u': opt_u = 1; break;
		case 'D':
			if (nvars == MAXVARS)
				die("too many variables");
			if (!(eq = strchr(optarg, '=')))
				die("-D wants name=value");
			*eq = '\0';
			vnames[nvars] = optarg;
			vvals[nvars++] = eq + 1;
			break;
		default:
			fprintf(stderr, "usage: uritpl [-u] [-D name=value]... template\n");
			return 2;
		}
	}
	if (optind >= argc)
		die("no template given");
	if (uri_expand(argv[optind], out, sizeof(out)) < 0)
		die("template too long or malformed");
	puts(out);
	return 0;
}
