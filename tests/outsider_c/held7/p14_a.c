#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAXLINE 1024
#define NAMESZ 128
#define SECTSZ 64

static char section[SECTSZ];
static char prefix[32];

static char *strip(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static int make_name(char *out, const char *key)
{
	const char *parts[3];
	int i, o;
	const char *p;

	parts[0] = prefix;
	parts[1] = section;
	parts[2] = key;
	o = 0;
	for (i = 0; i < 3; i++) {
		if (parts[i][0] == '\0')
			continue;
		if (o > 0 && o < NAMESZ - 1)
			out[o++] = '_';
		for (p = parts[i]; *p && o < NAMESZ - 1; p++) {
			if (!isalnum((unsigned char)*p) && *p != '_')
				return -1;
			out[o++] = toupper((unsigned char)*p);
		}
	}
	out[o] = '\0';
	if (o == 0 || isdigit((unsigned char)out[0]))
		return -1;
	return o;
}

char *shell_quote(const char *v)
{
	char *out;
	int n, len, i;

	len = strlen(v);
	if (len >= 2 && (v[0] == '"' || v[0] == '\'') && v[len - 1] == v[0]) {
		v++;
		len -= 2;
	}
	out = malloc(len * 4 + 3);
	if (out == NULL)
		return NULL;
	n = 0;
	out[n++] = '\'';
	for (i = 0; i < len; i++) {
		if (v[i] == '\'') {
			memcpy(out + n, "'\\''", 4);
			n += 4;
		} else {
			out[n++] = v[i];
		}
	}
	out[n++] = '\'';
	out[n] = '\0';
	return out;
}

int export_ini(FILE *fp)
{
	char line[MAXLINE];
	char name[NAMESZ];
	char *s, *eq, *end, *val;
	int lineno, count;

	val = NULL;
	lineno = count = 0;
	while (fgets(line, sizeof(line), fp) != NULL) {
		lineno++;
		s = strip(line);
		if (*s == '\0' || *s == ';' || *s == '#')
			continue;
		if (*s == '[') {
			end = strchr(s, ']');
			if (end == NULL || end - s - 1 >= SECTSZ)
				goto err;
			*end = '\0';
			strcpy(section, strip(s + 1));
			continue;
		}
		eq = strchr(s, '=');
		if (eq == NULL)
			goto err;
		*eq = '\0';
		if (make_name(name, strip(s)) < 0) {
			fprintf(stderr, "line %d: unusable key, skipped\n", lineno);
			continue;
		}
		val = shell_quote(strip(eq + 1));
		if (val == NULL)
			goto err;
		printf("export %s=%s\n", name, val);
		free(val);
		val = NULL;
		count++;
	}
	return count;
err:
	fprintf(stderr, "line %d: syntax error\n", lineno);
	free(val);
	return -1;
}

int main(int argc, char **argv)
{
	FILE *fp;
	int n;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: %s file.ini [prefix]\n", argv[0]);
		return 2;
	}
	if (argc == 3) {
		if (strlen(argv[2]) >= sizeof(prefix)) {
			fprintf(stderr, "prefix too long\n");
			return 2;
		}
		strcpy(prefix, argv[2]);
	}
	fp = fopen(argv[1], "r");
	if (fp == NULL) {
		perror(argv[1]);
		return 1;
	}
	n = export_ini(fp);
	fclose(fp);
	return n < 0 ? 1 : 0;
}
