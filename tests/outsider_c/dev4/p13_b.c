#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_MATCH	4

struct event {
	char	action[16];
	char	subsystem[32];
	char	kernel[64];
	char	devpath[256];
};

struct rule {
	char	key[MAX_MATCH][16];
	char	pat[MAX_MATCH][64];
	int	nmatch;
	char	run[256];
};

static const char *
event_get(const struct event *ev, const char *key)
{
	if (strcmp(key, "ACTION") == 0)
		return ev->action;
	if (strcmp(key, "SUBSYSTEM") == 0)
		return ev->subsystem;
	if (strcmp(key, "KERNEL") == 0)
		return ev->kernel;
	if (strcmp(key, "DEVPATH") == 0)
		return ev->devpath;
	return NULL;
}

static int
known_key(const char *key)
{
	static const char *keys[] = { "ACTION", "SUBSYSTEM", "KERNEL",
	    "DEVPATH" };
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strcmp(keys[i], key) == 0)
			return 1;
	return 0;
}

int
parse_rule(const char *line, struct rule *r)
{
	char key[16], op[3], val[256];
	int used;

	memset(r, 0, sizeof(*r));
	while (sscanf(line, " %15[A-Z]%2[=+]\"%255[^\"]\"%n", key, op, val,
	    &used) == 3) {
		line += used;
		if (strcmp(op, "==") == 0) {
			if (r->nmatch == MAX_MATCH || !known_key(key))
				return -1;
			strcpy(r->key[r->nmatch], key);
			snprintf(r->pat[r->nmatch], sizeof(r->pat[0]), "%s", val);
			r->nmatch++;
		} else if (strcmp(op, "+=") == 0 && strcmp(key, "RUN") == 0) {
			snprintf(r->run, sizeof(r->run), "%s", val);
		} else
			return -1;
		line += strspn(line, ", \t");
	}
	return *line == '\0' || *line == '\n' ? 0 : -1;
}

static int
value_ok(const char *s)
{
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && strchr("._-/:", *s) == NULL)
			return 0;
	return 1;
}

static int
expand(const char *tmpl, const struct event *ev, char *out, size_t outsz)
{
	const char *sub;
	size_t len = 0, n;

	for (; *tmpl != '\0'; tmpl++) {
		sub = NULL;
		if (tmpl[0] == '%' && tmpl[1] == 'k')
			sub = ev->kernel;
		else if (tmpl[0] == '%' && tmpl[1] == 'p')
			sub = ev->devpath;
		if (sub != NULL) {
			if (!value_ok(sub))
				return -1;
			n = strlen(sub);
			tmpl++;
		} else {
			sub = tmpl;
			n = 1;
		}
		if (len + n >= outsz)
			return -1;
		memcpy(out + len, sub, n);
		len += n;
	}
	out[len] = '\0';
	return 0;
}

int
apply_rule(const struct rule *r, const struct event *ev, int dryrun)
{
	char cmd[512];
	int i;

	for (i = 0; i < r->nmatch; i++)
		if (fnmatch(r->pat[i], event_get(ev, r->key[i]), 0) != 0)
			return 0;
	if (r->run[0] == '\0')
		return 0;
	if (expand(r->run, ev, cmd, sizeof(cmd)) == -1)
		return -1;
	if (dryrun) {
		printf("run: %s\n", cmd);
		return 0;
	}
	return system(cmd) == 0 ? 0 : -1;
}

static void
read_event(FILE *fp, struct event *ev)
{
	char line[512], *eq;

	memset(ev, 0, sizeof(*ev));
	while (fgets(line, sizeof(line), fp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if ((eq = strchr(line, '=')) == NULL)
			continue;
		*eq++ = '\0';
		if (strcmp(line, "ACTION") == 0)
			snprintf(ev->action, sizeof(ev->action), "%s", eq);
		else if (strcmp(line, "SUBSYSTEM") == 0)
			snprintf(ev->subsystem, sizeof(ev->subsystem), "%s", eq);
		else if (strcmp(line, "KERNEL") == 0)
			snprintf(ev->kernel, sizeof(ev->kernel), "%s", eq);
		else if (strcmp(line, "DEVPATH") == 0)
			snprintf(ev->devpath, sizeof(ev->devpath), "%s", eq);
	}
}

int
main(int argc, char *argv[])
{
	struct event ev;
	struct rule r;
	char line[1024];
	FILE *fp;
	int dryrun = 0, lineno = 0;

	if (argc > 1 && strcmp(argv[1], "-n") == 0) {
		dryrun = 1;
		argc--;
		argv++;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: devrules [-n] rules < event\n");
		return 2;
	}
	if ((fp = fopen(argv[1], "r")) == NULL) {
		perror(argv[1]);
		return 1;
	}
	read_event(stdin, &ev);
	while (fgets(line, sizeof(line), fp) != NULL) {
		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (parse_rule(line, &r) == -1) {
			fprintf(stderr, "%s:%d: unrecognised rule\n", argv[1], lineno);
			continue;
		}
		if (apply_rule(&r, &ev, dryrun) == -1)
			fprintf(stderr, "%s:%d: command failed\n", argv[1], lineno);
	}
	fclose(fp);
	return 0;
}
