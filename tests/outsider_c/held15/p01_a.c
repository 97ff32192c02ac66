#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <regex.h>

static int opt_quiet;
static const char *applet = "sed";

struct subst {
	regex_t re;
	char *repl;
	int global;
};

static void *xmalloc(size_t n)
{
	void *p = malloc(n);
	if (!p) {
		fprintf(stderr, "%s: out of memory\n", applet);
		exit(1);
	}
	return p;
}

static char *copy_field(const char **sp, char delim)
{
	const char *s = *sp;
	char *out = xmalloc(strlen(s) + 1);
	char *d = out;

	while (*s && *s != delim) {
		if (*s == '\\' && s[1] == delim)
			s++;
		*d++ = *s++;
	}
	if (*s != delim) {
		free(out);
		return NULL;
	}
	*d = '\0';
	*sp = s + 1;
	return out;
}

static int parse_subst(const char *script, struct subst *s)
{
	char delim;
	char *pat;
	int rc;

	if (*script++ != 's' || !*script)
		return -1;
	delim = *script++;
	pat = copy_field(&script, delim);
	if (!pat)
		return -1;
	s->repl = copy_field(&script, delim);
	if (!s->repl) {
		free(pat);
		return -1;
	}
	s->global = (*script == 'g');
	rc = regcomp(&s->re, pat, REG_EXTENDED);
	free(pat);
	if (rc) {
		free(s->repl);
		return -1;
	}
	return 0;
}

static char *append_repl(char *d, const char *src, const regmatch_t *m, const char *r)
{
	while (*r) {
		int k = -1;

		if (*r == '&') {
			k = 0;
			r++;
		} else if (*r == '\\' && r[1] >= '0' && r[1] <= '9') {
			k = r[1] - '0';
			r += 2;
		}
		if (k >= 0) {
			if (m[k].rm_so >= 0) {
				memcpy(d, src + m[k].rm_so, m[k].rm_eo - m[k].rm_so);
				d += m[k].rm_eo - m[k].rm_so;
			}
			continue;
		}
		if (*r == '\\' && r[1])
			r++;
		*d++ = *r++;
	}
	return d;
}

static int do_subst(char *dst, const char *line, struct subst *s)
{
	regmatch_t m[10];
	const char *p = line;
	char *d = dst;
	int n = 0;

	while (*p && regexec(&s->re, p, 10, m, n ? REG_NOTBOL : 0) == 0) {
		memcpy(d, p, m[0].rm_so);
		d += m[0].rm_so;
		d = append_repl(d, p, m, s->repl);
		n++;
		if (m[0].rm_eo == m[0].rm_so) {
			if (!p[m[0].rm_eo]) {
				p += m[0].rm_eo;
				break;
			}
			*d++ = p[m[0].rm_eo];
			p += m[0].rm_eo + 1;
		} else {
			p += m[0].rm_eo;
		}
		if (!s->global)
			break;
	}
	strcpy(d, p);
	return n;
}

static void process(FILE *fp, struct subst *s)
{
	char line[BUFSIZ];
	char out[BUFSIZ];

	while (fgets(line, sizeof(line), fp)) {
		line[strcspn(line, "\n")] = '\0';
		if (do_subst(out, line, s) > 0) {
			puts(out);
		} else if (!opt_quiet) {
			puts(line);
		}
	}
}

int main(int argc, char **argv)
{
	struct subst s;
	const char *script = NULL;
	int c, rc = 0;

	while ((c = getopt(argc, argv, "n")) != -1) {
		if (c != 'n') {
			fprintf(stderr, "usage: %s [-n] s/re/repl/[g] [file...]\n", applet);
			return 2;
		}
		opt_quiet = 1;
	}
	if (optind < argc)
		script = argv[optind++];
	if (!script || parse_subst(script, &s) < 0) {
		fprintf(stderr, "%s: invalid substitution\n", applet);
		return 1;
	}
	if (optind == argc)
		process(stdin, &s);
	for (; optind < argc; optind++) {
		FILE *fp = fopen(argv[optind], "r");
		if (!fp) {
			perror(argv[optind]);
			rc = 1;
			continue;
		}
		process(fp, &s);
		fclose(fp);
	}
	regfree(&s.re);
	free(s.repl);
	return rc;
}
