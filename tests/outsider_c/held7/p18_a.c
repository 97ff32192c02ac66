#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <fcntl.h>
#include <unistd.h>

#define PIDSZ 32
#define CMDSZ 128
#define MAXPATH 256

static char pidbuf[PIDSZ];
static char cmd[CMDSZ];

static int read_pid(const char *path)
{
	FILE *fp;
	int n;

	fp = fopen(path, "r");
	if (fp == NULL)
		return -1;
	if (fgets(pidbuf, sizeof(pidbuf), fp) == NULL) {
		fclose(fp);
		return -1;
	}
	fclose(fp);
	n = strlen(pidbuf);
	while (n > 0 && isspace((unsigned char)pidbuf[n - 1]))
		pidbuf[--n] = '\0';
	return n;
}

int process_alive(const char *pidstr)
{
	const char *p;
	int rc;

	if (strlen(pidstr) + 32 > sizeof(cmd))
		return 0;
	if (*pidstr == '\0')
		return 0;
	for (p = pidstr; *p; p++)
		if (!isdigit((unsigned char)*p))
			return 0;
	sprintf(cmd, "ps -p %s >/dev/null 2>&1", pidstr);
	rc = system(cmd);
	return rc == 0;
}

int lock_status(const char *path)
{
	if (read_pid(path) <= 0)
		return 0;
	return process_alive(pidbuf) ? 1 : -1;
}

int lock_acquire(const char *path)
{
	char tmp[MAXPATH + 16];
	int fd, st, len;

	st = lock_status(path);
	if (st > 0) {
		fprintf(stderr, "%s: held by pid %s\n", path, pidbuf);
		return -1;
	}
	if (st < 0) {
		fprintf(stderr, "%s: removing stale lock\n", path);
		unlink(path);
	}
	if (strlen(path) >= MAXPATH)
		return -1;
	sprintf(tmp, "%s.%d", path, (int)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0)
		goto err;
	len = snprintf(pidbuf, sizeof(pidbuf), "%d\n", (int)getpid());
	if (write(fd, pidbuf, len) != len) {
		close(fd);
		unlink(tmp);
		goto err;
	}
	close(fd);
	if (link(tmp, path) < 0) {
		unlink(tmp);
		goto err;
	}
	unlink(tmp);
	return 0;
err:
	perror(path);
	return -1;
}

int main(int argc, char **argv)
{
	int st;

	if (argc != 3) {
		fprintf(stderr, "usage: %s acquire|release|status lockfile\n", argv[0]);
		return 2;
	}
	if (strcmp(argv[1], "acquire") == 0)
		return lock_acquire(argv[2]) == 0 ? 0 : 1;
	if (strcmp(argv[1], "release") == 0) {
		if (unlink(argv[2]) < 0) {
			perror(argv[2]);
			return 1;
		}
		return 0;
	}
	if (strcmp(argv[1], "status") == 0) {
		st = lock_status(argv[2]);
		if (st > 0)
			printf("locked by %s\n", pidbuf);
		else if (st < 0)
			printf("stale lock (pid %s)\n", pidbuf);
		else
			printf("unlocked\n");
		return st > 0 ? 0 : 1;
	}
	fprintf(stderr, "unknown command %s\n", argv[1]);
	return 2;
}
