#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ctype.h>

struct grent {
	char *name;
	unsigned gid;
	char *membuf;
	char **mem;
	int nmem;
};

static const char *group_file = "/etc/group";
static int opt_numeric;
static int opt_quiet;
static int lineno;

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fputs("groups: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = xmalloc(strlen(s) + 1);

	strcpy(p, s);
	return p;
}

static int valid_name(const char *s)
{
	if (!*s || *s == '-')
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("._-", *s))
			return 0;
	return 1;
}

static int parse_members(struct grent *g, char *list)
{
	char *p, *save = NULL;
	int cap = 4;

	g->membuf = xstrdup(list);
	g->mem = xmalloc(cap * sizeof(char *));
	g->nmem = 0;
	for (p = strtok_r(g->membuf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		if (!valid_name(p)) {
			if (!opt_quiet)
				fprintf(stderr, "groups: line %d: invalid member '%s'\n", lineno, p);
			free(g->membuf);
			free(g->mem);
			return -1;
		}
		if (g->nmem == cap) {
			cap *= 2;
			g->mem = realloc(g->mem, cap * sizeof(char *));
			if (!g->mem)
				exit(1);
		}
		g->mem[g->nmem++] = p;
	}
	return 0;
}

static void gr_free(struct grent *g)
{
	free(g->name);
	free(g->membuf);
	free(g->mem);
}

static int parse_line(char *line, struct grent *g)
{
	char *f[4];
	char *p = line;
	int i;

	g->name = NULL;
	g->membuf = NULL;
	g->mem = NULL;
	g->nmem = 0;
	line[strcspn(line, "\r\n")] = '\0';
	for (i = 0; i < 3; i++) {
		f[i] = p;
		if (!(p = strchr(p, ':')))
			return -1;
		*p++ = '\0';
	}
	f[3] = p;
	g->name = xstrdup(f[0]);
	g->gid = strtoul(f[2], NULL, 10);
	return parse_members(g, f[3]);
}

static int is_member(const struct grent *g, const char *user)
{
	int i;

	for (i = 0; i < g->nmem; i++)
		if (strcmp(g->mem[i], user) == 0)
			return 1;
	return 0;
}

int list_groups(FILE *fp, const char *user)
{
	char line[BUFSIZ];
	struct grent g;
	int found = 0;

	lineno = 0;
	while (fgets(line, sizeof(line), fp)) {
		lineno++;
		if (line[0] == '#')
			continue;
		if (parse_line(line, &g) < 0) {
			gr_free(&g);
			continue;
		}
		if (is_member(&g, user)) {
			if (opt_numeric)
				printf("%s%u", found ? " " : "", g.gid);
			else
				printf("%s%s", found ? " " : "", g.name);
			found++;
		}
		gr_free(&g);
	}
	if (found)
		putchar('\n');
	return found;
}

int main(int argc, char **argv)
{
	FILE *fp;
	int c, rc = 0;

	while ((c = getopt(argc, argv, "f:nq")) != -1) {
		switch (c) {
		case 'f': group_file = optarg; break;
		case 'n': opt_numeric = 1; break;
		case 'q': opt_quiet = 1; break;
		default:
			fputs("usage: groups [-nq] [-f file] user...\n", stderr);
			return 2;
		}
	}
	for (; optind < argc; optind++) {
		if (!(fp = fopen(group_file, "r"))) {
			perror(group_file);
			return 1;
		}
		if (!list_groups(fp, argv[optind]))
			rc = 1;
		fclose(fp);
	}
	return rc;
}
