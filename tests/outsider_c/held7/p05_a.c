#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAXLINE 1024
#define NAMEMAX 32
#define FIELDMAX 256
#define UID_MIN 1000
#define UID_MAX 60000

static char entry[MAXLINE];

static int valid_name(const char *s)
{
	int n;

	if (!islower((unsigned char)*s) && *s != '_')
		return 0;
	for (n = 0; s[n]; n++) {
		if (n >= NAMEMAX - 1)
			return 0;
		if (!islower((unsigned char)s[n]) && !isdigit((unsigned char)s[n])
		    && s[n] != '_' && s[n] != '-')
			return 0;
	}
	return 1;
}

static int valid_field(const char *s)
{
	if (strlen(s) >= FIELDMAX)
		return 0;
	return strchr(s, ':') == NULL && strchr(s, '\n') == NULL;
}

int next_uid(FILE *fp, const char *name)
{
	char line[MAXLINE];
	char who[NAMEMAX];
	int uid, maxuid, i;
	char *p;

	maxuid = UID_MIN - 1;
	rewind(fp);
	while (fgets(line, sizeof(line), fp) != NULL) {
		p = line;
		i = 0;
		while (*p && *p != ':' && i < NAMEMAX - 1)
			who[i++] = *p++;
		who[i] = '\0';
		if (strcmp(who, name) == 0)
			return -1;
		p = strchr(line, ':');
		if (p == NULL || (p = strchr(p + 1, ':')) == NULL)
			continue;
		uid = atoi(p + 1);
		if (uid > maxuid && uid < UID_MAX)
			maxuid = uid;
	}
	return maxuid + 1;
}

int add_user(const char *file, const char *name, const char *gecos,
	     const char *home, const char *shell)
{
	FILE *fp;
	int uid;

	fp = fopen(file, "a+");
	if (fp == NULL) {
		perror(file);
		return -1;
	}
	uid = next_uid(fp, name);
	if (uid < 0) {
		fprintf(stderr, "user %s already exists\n", name);
		goto err;
	}
	if (uid >= UID_MAX) {
		fprintf(stderr, "no free uid\n");
		goto err;
	}
	if (strlen(name) + strlen(gecos) + strlen(home) + strlen(shell) + 32 > sizeof(entry))
		goto err;
	sprintf(entry, "%s:x:%d:%d:%s:%s:%s\n", name, uid, uid, gecos, home, shell);
	fseek(fp, 0L, SEEK_END);
	fputs(entry, fp);
	if (fclose(fp) != 0) {
		perror(file);
		return -1;
	}
	printf("added %s with uid %d\n", name, uid);
	return uid;
err:
	fclose(fp);
	return -1;
}

int main(int argc, char **argv)
{
	char home[FIELDMAX];
	const char *gecos, *shell;

	if (argc < 3 || argc > 5) {
		fprintf(stderr, "usage: %s passwdfile name [gecos [shell]]\n", argv[0]);
		return 2;
	}
	gecos = argc > 3 ? argv[3] : "";
	shell = argc > 4 ? argv[4] : "/bin/sh";
	if (!valid_name(argv[2])) {
		fprintf(stderr, "invalid user name\n");
		return 1;
	}
	if (!valid_field(gecos) || !valid_field(shell)) {
		fprintf(stderr, "invalid field\n");
		return 1;
	}
	strcpy(home, "/home/");
	strcat(home, argv[2]);
	return add_user(argv[1], argv[2], gecos, home, shell) < 0 ? 1 : 0;
}
