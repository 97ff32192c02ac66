#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAXLINE 512
#define MAXNAME 32
#define MAXCMDS 16
#define CMDLEN 128

struct rule {
	char user[MAXNAME];
	char host[MAXNAME];
	char runas[MAXNAME];
	int ncmds;
	char cmds[MAXCMDS][CMDLEN];
	int nopasswd;
};

static char errbuf[MAXLINE];

static char *skipws(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static void trim(char *s)
{
	int n;

	n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
}

static int get_word(char **sp, char *out, int max)
{
	char *s;
	int i;

	s = skipws(*sp);
	i = 0;
	while (*s && !isspace((unsigned char)*s) && *s != '=' && i < max - 1)
		out[i++] = *s++;
	out[i] = '\0';
	*sp = s;
	return i;
}

int parse_rule(char *line, struct rule *r)
{
	char *s, *p;
	char runas[MAXNAME];
	int i;

	memset(r, 0, sizeof(*r));
	s = line;
	if (get_word(&s, r->user, MAXNAME) == 0)
		goto err;
	if (get_word(&s, r->host, MAXNAME) == 0)
		goto err;
	s = skipws(s);
	if (*s != '=')
		goto err;
	s = skipws(s + 1);
	strcpy(runas, "root");
	if (*s == '(') {
		s++;
		i = 0;
		while (*s && *s != ')' && i < MAXNAME - 1)
			runas[i++] = *s++;
		runas[i] = '\0';
		if (*s != ')')
			goto err;
		s = skipws(s + 1);
	}
	strcpy(r->runas, runas);
	if (strncmp(s, "NOPASSWD:", 9) == 0) {
		r->nopasswd = 1;
		s = skipws(s + 9);
	}
	while (*s && r->ncmds < MAXCMDS) {
		p = strchr(s, ',');
		if (p)
			*p = '\0';
		trim(s);
		if (strlen(s) >= CMDLEN)
			goto err;
		strcpy(r->cmds[r->ncmds++], s);
		if (!p)
			break;
		s = skipws(p + 1);
	}
	if (r->ncmds == 0)
		goto err;
	return 0;
err:
	sprintf(errbuf, "malformed rule for '%.*s'", MAXNAME, r->user);
	return -1;
}

static int cmd_matches(const char *pattern, const char *cmd)
{
	int n;

	if (strcmp(pattern, "ALL") == 0)
		return 1;
	n = strlen(pattern);
	if (n > 0 && pattern[n - 1] == '*')
		return strncmp(pattern, cmd, n - 1) == 0;
	return strcmp(pattern, cmd) == 0;
}

int rule_allows(const struct rule *r, const char *user, const char *cmd)
{
	int i;

	if (strcmp(r->user, "ALL") != 0 && strcmp(r->user, user) != 0)
		return 0;
	for (i = 0; i < r->ncmds; i++)
		if (cmd_matches(r->cmds[i], cmd))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	FILE *fp;
	char line[MAXLINE];
	struct rule r;
	int lineno, found;

	if (argc != 4) {
		fprintf(stderr, "usage: %s rulesfile user command\n", argv[0]);
		return 2;
	}
	fp = fopen(argv[1], "r");
	if (fp == NULL) {
		perror(argv[1]);
		return 2;
	}
	lineno = 0;
	found = 0;
	while (fgets(line, sizeof(line), fp) != NULL) {
		lineno++;
		trim(line);
		if (line[0] == '\0' || line[0] == '#')
			continue;
		if (parse_rule(line, &r) < 0) {
			fprintf(stderr, "%s:%d: %s\n", argv[1], lineno, errbuf);
			continue;
		}
		if (rule_allows(&r, argv[2], argv[3])) {
			printf("%s may run %s as %s%s\n", argv[2], argv[3], r.runas,
			       r.nopasswd ? " (no password)" : "");
			found = 1;
			break;
		}
	}
	fclose(fp);
	if (!found)
		printf("%s may not run %s\n", argv[2], argv[3]);
	return found ? 0 : 1;
}
