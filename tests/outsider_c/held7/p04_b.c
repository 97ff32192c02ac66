#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#define MAXLINE 1024
#define NAMESZ 128
#define DATESZ 16

static char datestr[DATESZ];
static int dry_run;

static void make_name(const char *dir, char *name, int size)
{
	const char *base;
	int i;

	base = strrchr(dir, '/');
	base = base ? base + 1 : dir;
	if (*base == '\0')
		base = "root";
	i = 0;
	while (*base && i < size - 1) {
		name[i++] = (*base == '.' || *base == ' ') ? '_' : *base;
		base++;
	}
	name[i] = '\0';
}

static int run_argv(char **av)
{
	pid_t pid;
	int status;

	if (dry_run) {
		while (*av) {
			printf("%s%s", *av, av[1] ? " " : "\n");
			av++;
		}
		return 0;
	}
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		execvp(av[0], av);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int backup_dir(const char *dir, const char *dest)
{
	char name[NAMESZ];
	char *archive;
	char **av;
	struct stat st;
	int len, rc;

	make_name(dir, name, sizeof(name));
	len = strlen(dest) + 1 + strlen(name) + 1 + strlen(datestr) + 8;
	archive = malloc(len);
	if (archive == NULL)
		return -1;
	sprintf(archive, "%s/%s-%s.tar.gz", dest, name, datestr);
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "skipping %s: not a directory\n", dir);
		return -1;
	}
	av = malloc(7 * sizeof(char *));
	if (av == NULL)
		goto err;
	av[0] = "tar";
	av[1] = "-czf";
	av[2] = archive;
	av[3] = "-C";
	av[4] = (char *)dir;
	av[5] = ".";
	av[6] = NULL;
	rc = run_argv(av);
	free(av);
	free(archive);
	return rc;
err:
	free(archive);
	return -1;
}

int main(int argc, char **argv)
{
	FILE *fp;
	char line[MAXLINE];
	time_t now;
	int ok, failed, n, argi;

	argi = 1;
	if (argc > 1 && strcmp(argv[1], "-n") == 0) {
		dry_run = 1;
		argi++;
	}
	if (argc - argi != 2) {
		fprintf(stderr, "usage: %s [-n] dirlist destdir\n", argv[0]);
		return 2;
	}
	now = time(NULL);
	strftime(datestr, sizeof(datestr), "%Y%m%d", localtime(&now));
	fp = fopen(argv[argi], "r");
	if (fp == NULL) {
		perror(argv[argi]);
		return 1;
	}
	ok = failed = 0;
	while (fgets(line, sizeof(line), fp) != NULL) {
		n = strlen(line);
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == ' '))
			line[--n] = '\0';
		if (n == 0 || line[0] == '#')
			continue;
		if (backup_dir(line, argv[argi + 1]) == 0)
			ok++;
		else
			failed++;
	}
	fclose(fp);
	printf("%d archived, %d failed\n", ok, failed);
	return failed ? 1 : 0;
}
