#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <ctype.h>
#include <unistd.h>

#define MAXLABELS 16

struct label {
	char name[64];
	char val[128];
};

static int opt_H;
static int opt_s;
static const char *opt_name;
static char *opt_lname, *opt_lval;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("promgrep: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		die("out of memory");
	return p;
}

static int is_name(int c)
{
	return isalnum(c) || c == '_' || c == ':';
}

static const char *parse_value(const char *p, char *dst, size_t sz)
{
	size_t n = 0;

	if (*p++ != '"')
		return NULL;
	while (*p && *p != '"') {
		char c = *p++;
		if (c == '\\' && *p) {
			c = *p++;
			if (c == 'n')
				c = '\n';
		}
		if (n + 1 < sz)
			dst[n++] = c;
	}
	dst[n] = '\0';
	return *p == '"' ? p + 1 : NULL;
}

static int parse_labels(const char **pp, struct label *lb)
{
	const char *p = *pp;
	int n = 0;
	size_t k;

	while (*p && *p != '}') {
		if (n == MAXLABELS)
			return -1;
		for (k = 0; is_name((unsigned char)*p); p++)
			if (k + 1 < sizeof(lb[n].name))
				lb[n].name[k++] = *p;
		lb[n].name[k] = '\0';
		if (*p++ != '=' || !(p = parse_value(p, lb[n].val, sizeof(lb[n].val))))
			return -1;
		n++;
		if (*p == ',')
			p++;
	}
	if (*p != '}')
		return -1;
	*pp = p + 1;
	return n;
}

static int match(const char *name, const struct label *lb, int n)
{
	int i;

	if (opt_name && strncmp(name, opt_name, strlen(opt_name)))
		return 0;
	if (!opt_lname)
		return 1;
	for (i = 0; i < n; i++)
		if (!strcmp(lb[i].name, opt_lname) && !strcmp(lb[i].val, opt_lval))
			return 1;
	return 0;
}

int prom_scan(FILE *fp, double *sum)
{
	char line[BUFSIZ], name[128];
	struct label lb[MAXLABELS];
	const char *p;
	char *end;
	double v;
	int n, i, hits = 0;
	size_t k;

	while (fgets(line, sizeof(line), fp)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "# HELP ", 7)) {
			p = line + 7;
			if (opt_H && (!opt_name || !strncmp(p, opt_name, strlen(opt_name)))) {
				printf(p);
				putchar('\n');
			}
			continue;
		}
		if (line[0] == '#' || !line[0])
			continue;
		for (p = line, k = 0; is_name((unsigned char)*p); p++)
			if (k + 1 < sizeof(name))
				name[k++] = *p;
		name[k] = '\0';
		n = 0;
		if (*p == '{' && (p++, n = parse_labels(&p, lb)) < 0) {
			fprintf(stderr, "promgrep: invalid labels: %s\n", line);
			continue;
		}
		v = strtod(p, &end);
		if (end == p) {
			fprintf(stderr, "promgrep: invalid value: %s\n", line);
			continue;
		}
		if (!match(name, lb, n))
			continue;
		hits++;
		*sum += v;
		if (opt_s)
			continue;
		printf("%s", name);
		for (i = 0; i < n; i++)
			printf("%c%s=\"%s\"", i ? ',' : '{', lb[i].name, lb[i].val);
		printf("%s %g\n", n ? "}" : "", v);
	}
	return hits;
}

int main(int argc, char **argv)
{
	double sum = 0;
	int c, hits;

	while ((c = getopt(argc, argv, "Hsn:l:")) != -1) {
		switch (c) {
		case 'H': opt_H = 1; break;
		case 's': opt_s = 1; break;
		case 'n': opt_name = optarg; break;
		case 'l':
			opt_lname = xstrdup(optarg);
			if (!(opt_lval = strchr(opt_lname, '=')))
				die("-l wants name=value");
			*opt_lval++ = '\0';
			break;
		default:
			fprintf(stderr, "usage: promgrep [-Hs] [-n prefix] [-l label=value]\n");
			return 2;
		}
	}
	hits = prom_scan(stdin, &sum);
	if (opt_s)
		printf("%d samples, sum %g\n", hits, sum);
	free(opt_lname);
	return hits ? 0 : 1;
}
