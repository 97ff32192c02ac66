#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAXLINE 256
#define NFIELDS 5

static char linebuf[MAXLINE];
static char outbuf[MAXLINE];

static int is_entry(const char *line)
{
	const char *eq, *sp;

	while (*line == ' ' || *line == '\t')
		line++;
	if (*line == '\0' || *line == '\n' || *line == '#')
		return 0;
	eq = strchr(line, '=');
	sp = strpbrk(line, " \t");
	if (isalpha((unsigned char)*line) && eq != NULL && (sp == NULL || eq < sp))
		return 0;
	return 1;
}

static const char *command_part(const char *line)
{
	int f;

	f = 0;
	while (*line && f < NFIELDS) {
		while (*line == ' ' || *line == '\t')
			line++;
		while (*line && *line != ' ' && *line != '\t')
			line++;
		f++;
	}
	while (*line == ' ' || *line == '\t')
		line++;
	return line;
}

int disable_line(char *line, int size)
{
	int len;

	if (line[0] == '#')
		return 0;
	len = strlen(line);
	if (len + 1 > size)
		return -1;
	memmove(line + 1, line, len + 1);
	line[0] = '#';
	return 1;
}

int enable_line(char *line)
{
	int len;

	if (line[0] != '#')
		return 0;
	len = strlen(line);
	memmove(line, line + 1, len);
	if (!is_entry(line)) {
		memmove(line + 1, line, len);
		line[0] = '#';
		return 0;
	}
	return 1;
}

int reschedule_line(char *line, int size, const char *sched)
{
	const char *cmd;
	int need;

	if (!is_entry(line))
		return 0;
	cmd = command_part(line);
	need = strlen(sched) + 1 + strlen(cmd) + 1;
	if (need > (int)sizeof(outbuf) || need > size)
		return -1;
	sprintf(outbuf, "%s %s", sched, cmd);
	strcpy(line, outbuf);
	return 1;
}

int main(int argc, char **argv)
{
	FILE *fp;
	const char *op, *pat;
	int changed, r;

	if (argc < 4) {
		fprintf(stderr, "usage: %s crontab disable|enable|schedule pattern [sched]\n", argv[0]);
		return 2;
	}
	op = argv[2];
	pat = argv[3];
	if (strcmp(op, "schedule") == 0 && argc < 5) {
		fprintf(stderr, "schedule needs a time spec\n");
		return 2;
	}
	fp = fopen(argv[1], "r");
	if (!fp) {
		perror(argv[1]);
		return 1;
	}
	changed = 0;
	while (fgets(linebuf, sizeof(linebuf), fp)) {
		r = 0;
		if (strstr(linebuf, pat) != NULL) {
			if (strcmp(op, "disable") == 0 && is_entry(linebuf))
				r = disable_line(linebuf, sizeof(linebuf));
			else if (strcmp(op, "enable") == 0)
				r = enable_line(linebuf);
			else if (strcmp(op, "schedule") == 0)
				r = reschedule_line(linebuf, sizeof(linebuf), argv[4]);
		}
		if (r < 0)
			fprintf(stderr, "line too long, left unchanged\n");
		else
			changed += r;
		fputs(linebuf, stdout);
	}
	fclose(fp);
	fprintf(stderr, "%d line(s) changed\n", changed);
	return 0;
}
