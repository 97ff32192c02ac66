#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>
#include <sys/stat.h>

#define MAXLINE 512
#define MAXPATH 256
#define CMDSZ 600
#define MAXKEEP 50

struct logspec {
	char path[MAXPATH];
	int keep;
	int compress;
};

static char cmdbuf[CMDSZ];

static int exists(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0;
}

static int parse_spec(char *line, struct logspec *ls)
{
	char path[MAXPATH];
	char mode[32];
	int keep;

	if (sscanf(line, "%255s %d %31s", path, &keep, mode) != 3)
		return -1;
	if (keep < 1 || keep > MAXKEEP)
		return -1;
	strcpy(ls->path, path);
	ls->keep = keep;
	ls->compress = strcmp(mode, "compress") == 0;
	return 0;
}

int compress_file(const char *path)
{
	int rc;

	if (strlen(path) + 16 >= sizeof(cmdbuf))
		return -1;
	sprintf(cmdbuf, "gzip -9 \"%s\"", path);
	rc = system(cmdbuf);
	if (rc != 0) {
		fprintf(stderr, "gzip failed for %s\n", path);
		return -1;
	}
	return 0;
}

int rotate(const struct logspec *ls)
{
	char from[MAXPATH + 16], to[MAXPATH + 16];
	const char *ext;
	int k;
	FILE *fp;

	if (!exists(ls->path))
		return 0;
	ext = ls->compress ? ".gz" : "";
	snprintf(from, sizeof(from), "%s.%d%s", ls->path, ls->keep, ext);
	if (exists(from))
		unlink(from);
	for (k = ls->keep - 1; k >= 1; k--) {
		snprintf(from, sizeof(from), "%s.%d%s", ls->path, k, ext);
		snprintf(to, sizeof(to), "%s.%d%s", ls->path, k + 1, ext);
		if (exists(from) && rename(from, to) < 0)
			goto err;
	}
	snprintf(to, sizeof(to), "%s.1", ls->path);
	if (rename(ls->path, to) < 0)
		goto err;
	fp = fopen(ls->path, "a");
	if (fp)
		fclose(fp);
	if (ls->compress && compress_file(to) < 0)
		return -1;
	return 1;
err:
	perror(ls->path);
	return -1;
}

int main(int argc, char **argv)
{
	FILE *cf;
	char line[MAXLINE];
	struct logspec ls;
	int n, lineno, r;

	if (argc != 2) {
		fprintf(stderr, "usage: %s config\n", argv[0]);
		return 2;
	}
	cf = fopen(argv[1], "r");
	if (cf == NULL) {
		perror(argv[1]);
		return 1;
	}
	n = 0;
	lineno = 0;
	while (fgets(line, sizeof(line), cf) != NULL) {
		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (parse_spec(line, &ls) < 0) {
			fprintf(stderr, "%s:%d: malformed entry\n", argv[1], lineno);
			continue;
		}
		r = rotate(&ls);
		if (r > 0) {
			printf("rotated %s\n", ls.path);
			n++;
		}
	}
	fclose(cf);
	printf("%d log(s) rotated\n", n);
	return 0;
}
