#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PATTERN_MAX	256

static char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p;

	if ((p = malloc(n)) == NULL) {
		perror("malloc");
		exit(1);
	}
	memcpy(p, s, n);
	return p;
}

static int
class_match(const char **pp, int c)
{
	const char *p = *pp;
	int neg = 0, ok = 0, lo, hi;

	if (*p == '!' || *p == '^') {
		neg = 1;
		p++;
	}
	do {
		lo = (unsigned char)*p++;
		if (*p == '-' && p[1] != ']' && p[1] != '\0') {
			hi = (unsigned char)p[1];
			p += 2;
			if (lo <= c && c <= hi)
				ok = 1;
		} else if (lo == c)
			ok = 1;
	} while (*p != ']');
	*pp = p + 1;
	return ok ^ neg;
}

int
glob_match(const char *p, const char *s)
{
	while (*p != '\0') {
		switch (*p) {
		case '*':
			while (*p == '*')
				p++;
			if (*p == '\0')
				return 1;
			for (; *s != '\0'; s++)
				if (glob_match(p, s))
					return 1;
			return 0;
		case '?':
			if (*s == '\0')
				return 0;
			p++;
			s++;
			break;
		case '[':
			if (*s == '\0')
				return 0;
			p++;
			if (!class_match(&p, (unsigned char)*s))
				return 0;
			s++;
			break;
		case '\\':
			if (p[1] != '\0')
				p++;
		default:
			if (*p != *s)
				return 0;
			p++;
			s++;
			break;
		}
	}
	return *s == '\0';
}

static int
pattern_check(const char *p)
{
	const char *q;

	if (strlen(p) == 0 || strlen(p) > PATTERN_MAX)
		return -1;
	for (; *p != '\0'; p++) {
		if (*p == '\\' && p[1] != '\0') {
			p++;
		} else if (*p == '[') {
			q = p + 1;
			if (*q == '!' || *q == '^')
				q++;
			if (*q == ']')
				q++;
			if ((q = strchr(q, ']')) == NULL)
				return -1;
			p = q;
		}
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	char *pat, *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int invert = 0, hits = 0;

	if (argc > 2 && strcmp(argv[1], "-v") == 0) {
		invert = 1;
		argv++;
		argc--;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: globgrep [-v] pattern < names\n");
		return 2;
	}
	if (pattern_check(argv[1]) == -1) {
		fprintf(stderr, "globgrep: invalid pattern\n");
		return 2;
	}
	pat = xstrdup(argv[1]);
	while ((n = getline(&line, &cap, stdin)) != -1) {
		if (n > 0 && line[n - 1] == '\n')
			line[n - 1] = '\0';
		if (glob_match(pat, line) != invert) {
			puts(line);
			hits++;
		}
	}
	free(line);
	free(pat);
	return hits ? 0 : 1;
}
