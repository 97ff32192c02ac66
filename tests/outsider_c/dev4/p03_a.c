#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MENU_MAX	8
#define TITLE_LEN	64
#define PATH_LEN	128

struct menu_entry {
	char	title[TITLE_LEN];
	char	kernel[PATH_LEN];
	char	args[256];
	char	initrd[PATH_LEN];
};

struct menu {
	int			nentries;
	int			def;
	int			timeout;
	struct menu_entry	entries[MENU_MAX];
};

static size_t
xstrlcpy(char *dst, const char *src, size_t dsize)
{
	size_t len = strlen(src);

	if (dsize != 0) {
		size_t n = len >= dsize ? dsize - 1 : len;
		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}

static char *
trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static int
set_kernel(struct menu_entry *e, char *val)
{
	char *sp;

	sp = strchr(val, ' ');
	if (sp != NULL) {
		*sp++ = '\0';
		if (xstrlcpy(e->args, trim(sp), sizeof(e->args)) >=
		    sizeof(e->args))
			return -1;
	}
	if (xstrlcpy(e->kernel, val, sizeof(e->kernel)) >= sizeof(e->kernel))
		return -1;
	return 0;
}

static int
add_entry(struct menu *m, const char *title)
{
	struct menu_entry *e;

	if ((size_t)m->nentries >= sizeof(m->entries) / sizeof(m->entries[0]))
		return -1;
	e = &m->entries[m->nentries];
	memset(e, 0, sizeof(*e));
	xstrlcpy(e->title, title, sizeof(e->title));
	m->nentries++;
	return 0;
}

int
menu_load(FILE *fp, struct menu *m)
{
	char buf[512], *line, *val;
	struct menu_entry *cur = NULL;
	int lineno = 0;

	memset(m, 0, sizeof(*m));
	m->timeout = 5;
	while (fgets(buf, sizeof(buf), fp) != NULL) {
		lineno++;
		line = trim(buf);
		if (*line == '#' || *line == '\0')
			continue;
		val = line + strcspn(line, " \t");
		if (*val != '\0')
			*val++ = '\0';
		val = trim(val);
		if (strcmp(line, "default") == 0)
			m->def = atoi(val);
		else if (strcmp(line, "timeout") == 0)
			m->timeout = atoi(val);
		else if (strcmp(line, "title") == 0) {
			if (add_entry(m, val) == -1)
				goto err;
			cur = &m->entries[m->nentries - 1];
		} else if (cur == NULL)
			goto err;
		else if (strcmp(line, "kernel") == 0) {
			if (set_kernel(cur, val) == -1)
				goto err;
		} else if (strcmp(line, "initrd") == 0) {
			if (xstrlcpy(cur->initrd, val, sizeof(cur->initrd)) >=
			    sizeof(cur->initrd))
				goto err;
		} else
			goto err;
	}
	if (m->def < 0 || m->def >= m->nentries)
		m->def = 0;
	return 0;
err:
	fprintf(stderr, "menu: line %d: invalid entry\n", lineno);
	return -1;
}

int
main(int argc, char *argv[])
{
	struct menu m;
	FILE *fp;
	int i;

	fp = argc > 1 ? fopen(argv[1], "r") : stdin;
	if (fp == NULL) {
		perror(argv[1]);
		return 1;
	}
	if (menu_load(fp, &m) == -1) {
		if (fp != stdin)
			fclose(fp);
		return 1;
	}
	if (fp != stdin)
		fclose(fp);
	printf("timeout %d\n", m.timeout);
	for (i = 0; i < m.nentries; i++)
		printf("%c %d %s\n", i == m.def ? '*' : ' ', i,
		    m.entries[i].title);
	if (m.nentries > 0)
		printf("boot: %s %s\n", m.entries[m.def].kernel,
		    m.entries[m.def].args);
	return 0;
}
