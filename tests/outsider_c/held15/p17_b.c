#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>

extern char **environ;

static int opt_null;
static int opt_ignore;
static int opt_verbose;

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fputs("env: out of memory\n", stderr);
		exit(125);
	}
	return p;
}

static int set_assignment(const char *arg)
{
	char name[256];
	const char *eq = strchr(arg, '=');
	size_t n;

	if (!eq || eq == arg)
		return -1;
	n = eq - arg;
	if (n >= sizeof(name))
		return -1;
	memcpy(name, arg, n);
	name[n] = '\0';
	if (opt_verbose)
		fprintf(stderr, "env: setenv: %s\n", arg);
	return setenv(name, eq + 1, 1);
}

static int load_file(const char *path)
{
	char line[BUFSIZ];
	char *p;
	FILE *fp = fopen(path, "r");
	int lineno = 0;

	if (!fp) {
		perror(path);
		return -1;
	}
	while (fgets(line, sizeof(line), fp)) {
		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		for (p = line; *p == ' ' || *p == '\t'; p++)
			;
		if (*p == '\0' || *p == '#')
			continue;
		if (set_assignment(p) < 0)
			fprintf(stderr, "env: %s:%d: ignoring '%s'\n", path, lineno, p);
	}
	fclose(fp);
	return 0;
}

static void clear_env(void)
{
	static char *empty[1];

	environ = empty;
}

static int run(char **args)
{
	char *cmd;
	size_t len = 0;
	int i;

	for (i = 0; args[i]; i++)
		len += strlen(args[i]) + 1;
	cmd = xmalloc(len + 1);
	cmd[0] = '\0';
	for (i = 0; args[i]; i++) {
		if (i)
			strcat(cmd, " ");
		strcat(cmd, args[i]);
	}
	if (opt_verbose)
		fprintf(stderr, "env: executing: %s\n", cmd);
	execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
	perror("env: /bin/sh");
	free(cmd);
	return errno == ENOENT ? 127 : 126;
}

int main(int argc, char **argv)
{
	char **e;
	int c, i;

	while ((c = getopt(argc, argv, "+0ivf:u:")) != -1) {
		switch (c) {
		case '0': opt_null = 1; break;
		case 'i': opt_ignore = 1; clear_env(); break;
		case 'v': opt_verbose = 1; break;
		case 'f':
			if (load_file(optarg) < 0)
				return 125;
			break;
		case 'u':
			if (unsetenv(optarg) < 0) {
				fprintf(stderr, "env: cannot unset '%s'\n", optarg);
				return 125;
			}
			break;
		default:
			fputs("usage: env [-0iv] [-f file] [-u name] [name=value]... [command [arg]...]\n", stderr);
			return 125;
		}
	}
	for (i = optind; i < argc && strchr(argv[i], '='); i++) {
		if (set_assignment(argv[i]) < 0) {
			fprintf(stderr, "env: invalid assignment '%s'\n", argv[i]);
			return 125;
		}
	}
	if (i < argc)
		return run(argv + i);
	for (e = environ; *e; e++)
		printf("%s%c", *e, opt_null ? '\0' : '\n');
	return 0;
}
