#include <sys/types.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct compressor {
	const char	*name;
	const char	*suffix;
	int		 maxlevel;
};

static const struct compressor compressors[] = {
	{ "gzip", ".gz", 9 },
	{ "bzip2", ".bz2", 9 },
	{ "xz", ".xz", 9 },
	{ "zstd", ".zst", 19 },
};

static const struct compressor *
find_compressor(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(compressors) / sizeof(compressors[0]); i++)
		if (strcmp(compressors[i].name, name) == 0)
			return &compressors[i];
	return NULL;
}

static void
usage(void)
{
	fprintf(stderr, "usage: pack [-k] [-l level] [-z gzip|bzip2|xz|zstd] "
	    "file ...\n");
	exit(2);
}

int
compress_file(const struct compressor *c, int level, const char *in,
    const char *out)
{
	char lvl[8];
	char *args[6];
	pid_t pid;
	int fd, status;

	snprintf(lvl, sizeof(lvl), "-%d", level);
	args[0] = (char *)c->name;
	args[1] = lvl;
	args[2] = "-c";
	args[3] = "--";
	args[4] = (char *)in;
	args[5] = NULL;
	if ((fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644)) == -1)
		return -1;
	switch (pid = fork()) {
	case -1:
		close(fd);
		return -1;
	case 0:
		if (dup2(fd, STDOUT_FILENO) == -1)
			_exit(127);
		close(fd);
		execvp(args[0], args);
		_exit(127);
	}
	close(fd);
	if (waitpid(pid, &status, 0) == -1 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		return -1;
	return 0;
}

int
main(int argc, char *argv[])
{
	const struct compressor *c = &compressors[0];
	char out[PATH_MAX];
	struct stat st;
	char *ep;
	int ch, i, n, keep = 0, level = 6, rc = 0;

	while ((ch = getopt(argc, argv, "kl:z:")) != -1) {
		switch (ch) {
		case 'k':
			keep = 1;
			break;
		case 'l':
			level = (int)strtol(optarg, &ep, 10);
			if (*optarg == '\0' || *ep != '\0' || level < 1)
				usage();
			break;
		case 'z':
			if ((c = find_compressor(optarg)) == NULL)
				usage();
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		usage();
	if (level > c->maxlevel)
		level = c->maxlevel;
	for (i = 0; i < argc; i++) {
		if (stat(argv[i], &st) == -1 || !S_ISREG(st.st_mode)) {
			fprintf(stderr, "pack: %s: not a regular file\n", argv[i]);
			rc = 1;
			continue;
		}
		n = snprintf(out, sizeof(out), "%s%s", argv[i], c->suffix);
		if (n < 0 || (size_t)n >= sizeof(out)) {
			fprintf(stderr, "pack: %s: name too long\n", argv[i]);
			rc = 1;
			continue;
		}
		if (compress_file(c, level, argv[i], out) == -1) {
			fprintf(stderr, "pack: %s: %s failed\n", argv[i], c->name);
			unlink(out);
			rc = 1;
			continue;
		}
		if (!keep && unlink(argv[i]) == -1)
			perror(argv[i]);
	}
	return rc;
}
