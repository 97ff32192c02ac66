#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAXLINE 1024

static char errmsg[128];

static int is_op(int c)
{
	return c == '|' || c == ';' || c == '&' || c == '<' || c == '>';
}

static int count_words(const char *s)
{
	int n, inword;
	char q;

	n = inword = 0;
	q = 0;
	for (; *s; s++) {
		if (q) {
			if (*s == q)
				q = 0;
			else if (q == '"' && *s == '\\' && s[1])
				s++;
			continue;
		}
		if (isspace((unsigned char)*s)) {
			inword = 0;
			continue;
		}
		if (is_op(*s)) {
			inword = 0;
			n++;
			continue;
		}
		if (!inword) {
			inword = 1;
			n++;
		}
		if (*s == '\'' || *s == '"')
			q = *s;
		else if (*s == '\\' && s[1])
			s++;
	}
	return n;
}

void free_words(char **av)
{
	if (av == NULL)
		return;
	free(av[0]);
	free(av);
}

char **split_line(const char *line, int *argcp)
{
	char **av;
	char *buf, *p;
	const char *s;
	int n, argc;
	char q;

	n = count_words(line);
	av = malloc((n + 1) * sizeof(char *));
	buf = malloc(strlen(line) * 2 + 2);
	if (av == NULL || buf == NULL)
		goto err;
	p = buf;
	argc = 0;
	s = line;
	q = 0;
	for (;;) {
		while (isspace((unsigned char)*s))
			s++;
		if (*s == '\0')
			break;
		av[argc++] = p;
		if (is_op(*s)) {
			*p++ = *s++;
			if (s[-1] != ';' && s[-1] != '<' && *s == s[-1])
				*p++ = *s++;
			*p++ = '\0';
			continue;
		}
		while (*s) {
			if (q) {
				if (*s == q) {
					q = 0;
				} else {
					if (q == '"' && *s == '\\' && s[1])
						s++;
					*p++ = *s;
				}
				s++;
				continue;
			}
			if (*s == '\'' || *s == '"') {
				q = *s++;
				continue;
			}
			if (*s == '\\' && s[1]) {
				s++;
				*p++ = *s++;
				continue;
			}
			if (isspace((unsigned char)*s) || is_op(*s))
				break;
			*p++ = *s++;
		}
		*p++ = '\0';
		if (q) {
			strcpy(errmsg, "unterminated quote");
			goto err;
		}
	}
	av[argc] = NULL;
	if (argc == 0)
		free(buf);
	*argcp = argc;
	return av;
err:
	free(buf);
	free(av);
	return NULL;
}

int main(void)
{
	char line[MAXLINE];
	char **av;
	int ac, i, n, lineno;

	lineno = 0;
	while (fgets(line, sizeof(line), stdin) != NULL) {
		lineno++;
		n = strlen(line);
		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		errmsg[0] = '\0';
		av = split_line(line, &ac);
		if (av == NULL) {
			fprintf(stderr, "line %d: %s\n", lineno, errmsg[0] ? errmsg : "out of memory");
			continue;
		}
		printf("%d:", ac);
		for (i = 0; i < ac; i++)
			printf(" [%s]", av[i]);
		putchar('\n');
		free_words(av);
	}
	return 0;
}
