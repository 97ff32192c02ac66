#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ENV_MAX		128

struct envvar {
	char	 key[64];
	char	*value;
};

static struct envvar	vars[ENV_MAX];
static size_t		nvars;

static char *
xstrdup(const char *s)
{
	char *p;

	if ((p = strdup(s)) == NULL) {
		perror("strdup");
		exit(1);
	}
	return p;
}

static void
rtrim(char *s)
{
	size_t n = strlen(s);

	while (isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
}

static int
set_var(const char *key, char *value)
{
	size_t i;

	for (i = 0; i < nvars; i++) {
		if (strcmp(vars[i].key, key) == 0) {
			free(vars[i].value);
			vars[i].value = value;
			return 0;
		}
	}
	if (nvars == ENV_MAX || strlen(key) >= sizeof(vars[0].key))
		return -1;
	strcpy(vars[nvars].key, key);
	vars[nvars++].value = value;
	return 0;
}

static int
parse_line(char *line)
{
	char *key, *eq, *val, *end, *copy;

	key = line + strspn(line, " \t");
	if (*key == '#' || *key == '\n' || *key == '\0')
		return 0;
	if (strncmp(key, "export ", 7) == 0)
		key += 7;
	if ((eq = strchr(key, '=')) == NULL || eq == key)
		return -1;
	*eq = '\0';
	if (strcspn(key, " \t") != strlen(key))
		return -1;
	val = eq + 1 + strspn(eq + 1, " \t");
	val[strcspn(val, "\r\n")] = '\0';
	if (*val == '"' || *val == '\'') {
		if ((end = strrchr(val + 1, *val)) == NULL)
			return -1;
		*end = '\0';
		copy = xstrdup(val + 1);
	} else {
		val[strcspn(val, "#")] = '\0';
		copy = xstrdup(val);
		rtrim(copy);
	}
	if (set_var(key, copy) == -1) {
		free(copy);
		return -1;
	}
	return 0;
}

int
load_env(const char *path)
{
	FILE *fp;
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0, rc = 0;

	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	while (getline(&line, &cap, fp) != -1) {
		lineno++;
		if (parse_line(line) == -1) {
			fprintf(stderr, "%s:%d: syntax error\n", path, lineno);
			rc = -1;
		}
	}
	free(line);
	fclose(fp);
	return rc;
}

int
main(int argc, char *argv[])
{
	const char *path = ".env";
	size_t i;

	if (argc > 2 && strcmp(argv[1], "-f") == 0) {
		path = argv[2];
		argc -= 2;
		argv += 2;
	}
	if (load_env(path) == -1)
		return 1;
	if (argc < 2) {
		for (i = 0; i < nvars; i++)
			printf("%s=%s\n", vars[i].key, vars[i].value);
		return 0;
	}
	for (i = 0; i < nvars; i++)
		if (setenv(vars[i].key, vars[i].value, 1) == -1)
			return 1;
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
