#include <sys/types.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct procinfo {
	char		 name[16];
	char		 state;
	char		 statedesc[32];
	long		 pid;
	long		 ppid;
	unsigned int	 uid[4];
	unsigned long	 vmrss_kb;
	unsigned long	 vmsize_kb;
	int		 threads;
};

static unsigned long
parse_kb(const char *s)
{
	char *ep;
	unsigned long v;

	while (isspace((unsigned char)*s))
		s++;
	v = strtoul(s, &ep, 10);
	if (ep == s)
		return 0;
	return v;
}

static int
parse_line(struct procinfo *pi, const char *line)
{
	if (strncmp(line, "Name:", 5) == 0) {
		if (sscanf(line + 5, "%s", pi->name) != 1)
			return -1;
	} else if (strncmp(line, "State:", 6) == 0) {
		if (sscanf(line + 6, " %c (%31[^)])", &pi->state,
		    pi->statedesc) != 2)
			return -1;
	} else if (strncmp(line, "Pid:", 4) == 0) {
		pi->pid = strtol(line + 4, NULL, 10);
	} else if (strncmp(line, "PPid:", 5) == 0) {
		pi->ppid = strtol(line + 5, NULL, 10);
	} else if (strncmp(line, "Uid:", 4) == 0) {
		if (sscanf(line + 4, "%u %u %u %u", &pi->uid[0], &pi->uid[1],
		    &pi->uid[2], &pi->uid[3]) != 4)
			return -1;
	} else if (strncmp(line, "VmRSS:", 6) == 0) {
		pi->vmrss_kb = parse_kb(line + 6);
	} else if (strncmp(line, "VmSize:", 7) == 0) {
		pi->vmsize_kb = parse_kb(line + 7);
	} else if (strncmp(line, "Threads:", 8) == 0) {
		pi->threads = atoi(line + 8);
	}
	return 0;
}

int
read_status(FILE *fp, struct procinfo *pi)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = 0;

	memset(pi, 0, sizeof(*pi));
	while ((n = getline(&line, &cap, fp)) != -1) {
		if (n > 0 && line[n - 1] == '\n')
			line[n - 1] = '\0';
		if (parse_line(pi, line) == -1) {
			rc = -1;
			goto out;
		}
	}
out:
	free(line);
	return rc;
}

static FILE *
open_status(const char *arg)
{
	char path[64];
	char *ep;
	long pid;

	pid = strtol(arg, &ep, 10);
	if (*arg != '\0' && *ep == '\0' && pid > 0) {
		snprintf(path, sizeof(path), "/proc/%ld/status", pid);
		return fopen(path, "r");
	}
	return fopen(arg, "r");
}

int
main(int argc, char *argv[])
{
	struct procinfo pi;
	FILE *fp;
	int i, rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s pid|file ...\n", argv[0]);
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if ((fp = open_status(argv[i])) == NULL) {
			perror(argv[i]);
			rc = 1;
			continue;
		}
		if (read_status(fp, &pi) == -1) {
			fprintf(stderr, "%s: parse error\n", argv[i]);
			rc = 1;
		} else {
			printf("%ld %ld %-15s %c %u %lu/%lu kB %d\n", pi.pid,
			    pi.ppid, pi.name, pi.state, pi.uid[0], pi.vmrss_kb,
			    pi.vmsize_kb, pi.threads);
		}
		fclose(fp);
	}
	return rc;
}
