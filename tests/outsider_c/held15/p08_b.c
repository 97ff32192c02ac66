#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

struct longopt {
	const char *name;
	int has_arg;
	int val;
};

static const struct longopt head_opts[] = {
	{ "lines", 1, 'n' },
	{ "bytes", 1, 'c' },
	{ "quiet", 0, 'q' },
	{ "silent", 0, 'q' },
	{ "verbose", 0, 'v' },
	{ "help", 0, 'h' },
	{ NULL, 0, 0 }
};

static long opt_count = 10;
static int opt_bytes;
static int opt_headers = -1;

static const struct longopt *match_long(const char *arg, const struct longopt *opts, const char **val)
{
	const struct longopt *o, *found;
	size_t len = strcspn(arg, "=");
	int nfound = 0;

	for (o = opts; o->name; o++) {
		if (strncmp(o->name, arg, len) != 0)
			continue;
		if (strlen(o->name) == len) {
			found = o;
			nfound = 1;
			break;
		}
		if (!found || found->val != o->val)
			nfound++;
		found = o;
	}
	if (nfound > 1) {
		fprintf(stderr, "head: option '--%.*s' is ambiguous\n", (int)len, arg);
		return NULL;
	}
	*val = arg[len] == '=' ? arg + len + 1 : NULL;
	return found;
}

static int set_option(int c, const char *arg)
{
	char *end;

	switch (c) {
	case 'n':
	case 'c':
		opt_bytes = (c == 'c');
		opt_count = strtol(arg, &end, 10);
		if (*end || opt_count < 0) {
			fprintf(stderr, "head: invalid number '%s'\n", arg);
			return -1;
		}
		return 0;
	case 'q': opt_headers = 0; return 0;
	case 'v': opt_headers = 1; return 0;
	default:
		fputs("usage: head [-n N|-c N] [-qv] [--lines=N] [--bytes=N] [file...]\n", stderr);
		return -1;
	}
}

int parse_args(int argc, char **argv)
{
	const struct longopt *o;
	const char *val;
	char *p;
	int i;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		p = argv[i] + 1;
		if (*p == '-') {
			if (!*++p)
				return i + 1;
			o = match_long(p, head_opts, &val);
			if (!o) {
				fprintf(stderr, "head: unrecognized option '%s'\n", argv[i]);
				return -1;
			}
			if (o->has_arg && !val) {
				if (++i >= argc)
					return -1;
				val = argv[i];
			}
			if (set_option(o->val, val) < 0)
				return -1;
			continue;
		}
		for (; *p; p++) {
			if (*p == 'n' || *p == 'c') {
				val = p[1] ? p + 1 : (++i < argc ? argv[i] : NULL);
				if (!val || set_option(*p, val) < 0)
					return -1;
				break;
			}
			if (set_option(*p, NULL) < 0)
				return -1;
		}
	}
	return i;
}

static int head_fd(int fd)
{
	char buf[BUFSIZ];
	long left = opt_count;
	ssize_t n, k;

	while (left > 0 && (n = read(fd, buf, sizeof(buf))) > 0) {
		if (opt_bytes) {
			k = n < left ? n : left;
			left -= k;
		} else {
			for (k = 0; k < n && left > 0; k++)
				if (buf[k] == '\n')
					left--;
		}
		if (write(1, buf, k) != k)
			return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int first, i, fd, rc = 0;

	if ((first = parse_args(argc, argv)) < 0)
		return 2;
	if (opt_headers < 0)
		opt_headers = argc - first > 1;
	if (first == argc)
		return head_fd(0) < 0;
	for (i = first; i < argc; i++) {
		if ((fd = open(argv[i], O_RDONLY)) < 0) {
			perror(argv[i]);
			rc = 1;
			continue;
		}
		if (opt_headers)
			printf("%s==> %s <==\n", i > first ? "\n" : "", argv[i]);
		fflush(stdout);
		head_fd(fd);
		close(fd);
	}
	return rc;
}
