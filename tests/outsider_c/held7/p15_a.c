#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>

#define MAXLINE 1024
#define ADDRSZ 64
#define MAXALIASES 8
#define HOSTSFILE "/etc/hosts"

struct hostent_lite {
	char addr[ADDRSZ];
	int family;
	int naliases;
	char names[MAXALIASES][MAXLINE / 4];
};

static struct hostent_lite result;

static int addr_family(const char *a)
{
	return strchr(a, ':') != NULL ? 6 : 4;
}

static void strip_comment(char *line)
{
	char *p;

	p = strchr(line, '#');
	if (p)
		*p = '\0';
}

int lookup_host(const char *file, const char *name, int want)
{
	FILE *fp;
	char line[MAXLINE];
	char *addr, *tok;
	int match, fam;

	fp = fopen(file, "r");
	if (fp == NULL)
		return -1;
	while (fgets(line, sizeof(line), fp) != NULL) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		strip_comment(line);
		addr = strtok(line, " \t\r\n");
		if (addr == NULL)
			continue;
		fam = addr_family(addr);
		if (want && fam != want)
			continue;
		if (strlen(addr) >= ADDRSZ)
			continue;
		memset(&result, 0, sizeof(result));
		strcpy(result.addr, addr);
		result.family = fam;
		match = 0;
		while ((tok = strtok(NULL, " \t\r\n")) != NULL) {
			if (strcasecmp(tok, name) == 0)
				match = 1;
			if (result.naliases < MAXALIASES && strlen(tok) < sizeof(result.names[0]))
				strcpy(result.names[result.naliases++], tok);
		}
		if (match) {
			fclose(fp);
			return 0;
		}
	}
	fclose(fp);
	return 1;
}

int main(int argc, char **argv)
{
	const char *file, *name;
	int want, i, rc;

	want = 0;
	file = HOSTSFILE;
	name = NULL;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-4") == 0)
			want = 4;
		else if (strcmp(argv[i], "-6") == 0)
			want = 6;
		else if (strcmp(argv[i], "-f") == 0 && i + 1 < argc)
			file = argv[++i];
		else
			name = argv[i];
	}
	if (name == NULL) {
		fprintf(stderr, "usage: %s [-4|-6] [-f hostsfile] name\n", argv[0]);
		return 2;
	}
	rc = lookup_host(file, name, want);
	if (rc < 0) {
		perror(file);
		return 2;
	}
	if (rc > 0) {
		fprintf(stderr, "%s: not found\n", name);
		return 1;
	}
	printf("%s", result.addr);
	for (i = 0; i < result.naliases; i++)
		printf(" %s", result.names[i]);
	putchar('\n');
	return 0;
}
