#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdarg.h>
#include <ctype.h>
#include <unistd.h>

struct sect {
	char *name;
	char *sub;
};

struct ent {
	struct sect *s;
	char *key;
	char *val;
};

struct cfg {
	struct sect *secs;
	struct ent *ents;
	int nsecs, capsecs, nents, capents;
};

static const char *opt_get;

static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("gitcfg: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *xrealloc(void *p, size_t sz)
{
	if (!(p = realloc(p, sz)))
		die("out of memory");
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		die("out of memory");
	return p;
}

static struct sect *sect_add(struct cfg *c, const char *name, const char *sub)
{
	if (c->nsecs == c->capsecs) {
		c->capsecs = c->capsecs ? c->capsecs * 2 : 4;
		c->secs = xrealloc(c->secs, c->capsecs * sizeof(*c->secs));
	}
	c->secs[c->nsecs].name = xstrdup(name);
	c->secs[c->nsecs].sub = sub ? xstrdup(sub) : NULL;
	return &c->secs[c->nsecs++];
}

static void ent_add(struct cfg *c, struct sect *s, const char *k, const char *v)
{
	struct ent *e;

	if (c->nents == c->capents) {
		c->capents = c->capents ? c->capents * 2 : 16;
		c->ents = xrealloc(c->ents, c->capents * sizeof(*c->ents));
	}
	e = &c->ents[c->nents++];
	e->s = s;
	e->key = xstrdup(k);
	e->val = xstrdup(v);
}

static char *unquote(char *p)
{
	char *o = p, *r = p;
	int q = 0;

	for (; *p; p++) {
		if (!q && (*p == '#' || *p == ';'))
			break;
		if (*p == '"')
			q = !q;
		else if (*p == '\\' && p[1])
			p++, *o++ = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
		else
			*o++ = *p;
	}
	while (o > r && !q && isspace((unsigned char)o[-1]))
		o--;
	*o = '\0';
	return r;
}

int cfg_load(struct cfg *c, FILE *fp)
{
	char line[BUFSIZ];
	char *p, *q, *sub, *val;
	struct sect *cur = NULL;
	int lno = 0;

	while (fgets(line, sizeof(line), fp)) {
		lno++;
		line[strcspn(line, "\r\n")] = '\0';
		for (p = line; isspace((unsigned char)*p); p++)
			;
		if (!*p || *p == '#' || *p == ';')
			continue;
		if (*p == '[') {
			if (!(q = strchr(++p, ']')))
				die("line %d: invalid section header", lno);
			*q = '\0';
			sub = NULL;
			if ((q = strchr(p, ' ')) && q[1] == '"') {
				*q = '\0';
				sub = unquote(q + 1);
			}
			cur = sect_add(c, p, sub);
			continue;
		}
		if (!cur)
			die("line %d: key outside section", lno);
		for (q = p; isalnum((unsigned char)*q) || *q == '-'; q++)
			;
		val = "true";
		if (*q) {
			if (!(val = strchr(q, '=')))
				die("line %d: expected '='", lno);
			val = unquote(val + 1);
			while (isspace((unsigned char)*val))
				val++;
		}
		*q = '\0';
		ent_add(c, cur, p, val);
	}
	return c->nents;
}

static void ent_name(const struct cfg *c, int i, char *buf, size_t sz)
{
	const struct ent *e = &c->ents[i];
	const struct sect *s = e->s;

	snprintf(buf, sz, "%s%s%s.%s", s->name, s->sub ? "." : "",
		 s->sub ? s->sub : "", e->key);
}

static void cfg_free(struct cfg *c)
{
	int i;

	for (i = 0; i < c->nents; i++) {
		free(c->ents[i].key);
		free(c->ents[i].val);
	}
	for (i = 0; i < c->nsecs; i++) {
		free(c->secs[i].name);
		free(c->secs[i].sub);
	}
	free(c->ents);
	free(c->secs);
}

int main(int argc, char **argv)
{
	struct cfg c = { 0 };
	char name[512];
	FILE *fp;
	int i, ch, hits = 0;

	while ((ch = getopt(argc, argv, "g:")) != -1) {
		switch (ch) {
		case 'g': opt_get = optarg; break;
		default:
			fprintf(stderr, "usage: gitcfg [-g name] file\n");
			return 2;
		}
	}
	if (optind >= argc || !(fp = fopen(argv[optind], "r")))
		die("cannot open config file");
	cfg_load(&c, fp);
	fclose(fp);
	for (i = 0; i < c.nents; i++) {
		ent_name(&c, i, name, sizeof(name));
		if (!opt_get)
			printf("%s=%s\n", name, c.ents[i].val);
		else if (!strcasecmp(name, opt_get) && ++hits)
			puts(c.ents[i].val);
	}
	cfg_free(&c);
	return opt_get && !hits;
}
