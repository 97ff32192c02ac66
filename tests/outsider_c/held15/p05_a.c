#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <ctype.h>

struct field {
	int lo, hi, step, any;
};

struct cronent {
	struct field f[5];
	char cmd[BUFSIZ];
};

static const char *mon_names[] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun",
	"Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
};
static const char *dow_names[] = {
	"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"
};
static const int fmin[5] = { 0, 0, 1, 1, 0 };
static const int fmax[5] = { 59, 23, 31, 12, 7 };
static int opt_check;
static int lineno;

static int name_value(const char *s, const char **names, int n, int base)
{
	int i;

	for (i = 0; i < n; i++)
		if (strncasecmp(s, names[i], 3) == 0)
			return i + base;
	return -1;
}

static int get_value(const char **sp, int idx)
{
	const char *s = *sp;
	int v = 0;

	if (isalpha((unsigned char)*s)) {
		if (idx == 3)
			v = name_value(s, mon_names, 12, 1);
		else if (idx == 4)
			v = name_value(s, dow_names, 7, 0);
		else
			return -1;
		if (v >= 0)
			*sp = s + 3;
		return v;
	}
	if (!isdigit((unsigned char)*s))
		return -1;
	while (isdigit((unsigned char)*s)) {
		v = v * 10 + (*s++ - '0');
		if (v > 9999)
			return -1;
	}
	*sp = s;
	return v;
}

static int parse_field(const char *s, struct field *f, int idx)
{
	f->any = 0;
	f->step = 1;
	if (*s == '*') {
		f->any = 1;
		f->lo = fmin[idx];
		f->hi = fmax[idx];
		s++;
	} else {
		if ((f->lo = get_value(&s, idx)) < 0)
			return -1;
		f->hi = f->lo;
		if (*s == '-') {
			s++;
			if ((f->hi = get_value(&s, idx)) < 0)
				return -1;
		}
	}
	if (*s == '/') {
		f->step = atoi(++s);
		if (f->step <= 0)
			return -1;
		s += strspn(s, "0123456789");
	}
	if (*s || f->lo > f->hi)
		return -1;
	return 0;
}

int cron_parse(char *line, struct cronent *e)
{
	char *tok, *save = NULL;
	char *p = line + strspn(line, " \t");
	char *q;
	int i;

	p[strcspn(p, "\n")] = '\0';
	q = strpbrk(p, " \t=");
	if (*p == '#' || *p == '\0' || (q && *q == '='))
		return 0;
	for (i = 0; i < 5; i++) {
		tok = strtok_r(i ? NULL : p, " \t", &save);
		if (!tok || parse_field(tok, &e->f[i], i) < 0)
			return -1;
	}
	tok = save ? save + strspn(save, " \t") : NULL;
	if (!tok || !*tok)
		return -1;
	strcpy(e->cmd, tok);
	return 1;
}

static void describe(const struct cronent *e)
{
	const struct field *f = e->f;
	char when[64];

	if (f[0].any && f[0].step > 1)
		snprintf(when, sizeof(when), "every %d minutes", f[0].step);
	else if (f[0].any)
		strcpy(when, "every minute");
	else if (f[1].any)
		snprintf(when, sizeof(when), "at minute %d", f[0].lo);
	else
		snprintf(when, sizeof(when), "at %02d:%02d", f[1].lo, f[0].lo);
	fputs(when, stdout);
	if (!f[2].any)
		printf(", day %d", f[2].lo);
	if (!f[3].any) {
		printf(", %s", mon_names[f[3].lo - 1]);
		if (f[3].hi != f[3].lo)
			printf("-%s", mon_names[f[3].hi - 1]);
	}
	if (!f[4].any) {
		printf(", %s", dow_names[f[4].lo]);
		if (f[4].hi != f[4].lo)
			printf("-%s", dow_names[f[4].hi]);
	}
	printf(": %s\n", e->cmd);
}

int main(int argc, char **argv)
{
	char line[BUFSIZ];
	struct cronent e;
	FILE *fp = stdin;
	int c, r, errors = 0;

	while ((c = getopt(argc, argv, "c")) != -1) {
		if (c != 'c') {
			fputs("usage: crontab-list [-c] [file]\n", stderr);
			return 2;
		}
		opt_check = 1;
	}
	if (optind < argc && !(fp = fopen(argv[optind], "r"))) {
		perror(argv[optind]);
		return 1;
	}
	while (fgets(line, sizeof(line), fp)) {
		lineno++;
		r = cron_parse(line, &e);
		if (r < 0) {
			fprintf(stderr, "line %d: invalid entry\n", lineno);
			errors++;
		} else if (r > 0 && !opt_check) {
			describe(&e);
		}
	}
	if (fp != stdin)
		fclose(fp);
	return errors ? 1 : 0;
}
