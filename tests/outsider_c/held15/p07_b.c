#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>

struct mount_flag {
	const char *name;
	unsigned long set;
	unsigned long clear;
};

static const struct mount_flag flag_table[] = {
	{ "defaults", 0, 0 },
	{ "ro", MS_RDONLY, 0 }, { "rw", 0, MS_RDONLY },
	{ "nosuid", MS_NOSUID, 0 }, { "suid", 0, MS_NOSUID },
	{ "nodev", MS_NODEV, 0 }, { "dev", 0, MS_NODEV },
	{ "noexec", MS_NOEXEC, 0 }, { "exec", 0, MS_NOEXEC },
	{ "sync", MS_SYNCHRONOUS, 0 }, { "async", 0, MS_SYNCHRONOUS },
	{ "remount", MS_REMOUNT, 0 }, { "bind", MS_BIND, 0 },
	{ "noatime", MS_NOATIME, 0 }, { "relatime", MS_RELATIME, 0 },
	{ NULL, 0, 0 }
};

struct mount_opts {
	unsigned long flags;
	char *data;
	char *loopdev;
	int user;
};

static int opt_fake;
static int opt_verbose;

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fputs("mount: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	return strcpy(xmalloc(strlen(s) + 1), s);
}

static void append_opt(char **list, const char *opt)
{
	char *p;

	if (!*list) {
		*list = xstrdup(opt);
		return;
	}
	p = xmalloc(strlen(*list) + strlen(opt) + 2);
	sprintf(p, "%s,%s", *list, opt);
	free(*list);
	*list = p;
}

static const struct mount_flag *find_flag(const char *name)
{
	const struct mount_flag *f;

	for (f = flag_table; f->name; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

int parse_mount_opts(const char *opts, struct mount_opts *m)
{
	char *buf = xstrdup(opts);
	char *tok, *save = NULL;
	const struct mount_flag *f;

	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if ((f = find_flag(tok)) != NULL) {
			m->flags = (m->flags | f->set) & ~f->clear;
		} else if (strncmp(tok, "loop=", 5) == 0) {
			free(m->loopdev);
			m->loopdev = xstrdup(tok + 5);
		} else if (strcmp(tok, "user") == 0 || strcmp(tok, "users") == 0) {
			m->user = 1;
			m->flags |= MS_NOSUID | MS_NODEV | MS_NOEXEC;
		} else if (strncmp(tok, "x-", 2) != 0) {
			append_opt(&m->data, tok);
		}
	}
	free(buf);
	return 0;
}

static void show_flags(unsigned long flags)
{
	const struct mount_flag *f;
	int first = 1;

	for (f = flag_table; f->name; f++) {
		if (f->set && (flags & f->set) == f->set) {
			printf("%s%s", first ? "" : ",", f->name);
			first = 0;
		}
	}
	if (first)
		fputs("rw", stdout);
}

int main(int argc, char **argv)
{
	struct mount_opts m = { 0, NULL, NULL, 0 };
	char *opts = NULL;
	const char *type = "auto";
	int c;

	while ((c = getopt(argc, argv, "fvo:t:")) != -1) {
		switch (c) {
		case 'f': opt_fake = 1; break;
		case 'v': opt_verbose = 1; break;
		case 'o': append_opt(&opts, optarg); break;
		case 't': type = optarg; break;
		default:
			fputs("usage: mount [-fv] [-t type] [-o opts] source target\n", stderr);
			return 2;
		}
	}
	if (argc - optind != 2) {
		fputs("mount: need source and target\n", stderr);
		return 2;
	}
	if (opts)
		parse_mount_opts(opts, &m);
	if (m.loopdev)
		printf("loop device %s for %s\n", m.loopdev, argv[optind]);
	printf("%s on %s type %s (", argv[optind], argv[optind + 1], type);
	show_flags(m.flags);
	if (m.data)
		printf(",%s", m.data);
	puts(")");
	if (!opt_fake && mount(argv[optind], argv[optind + 1], type, m.flags, m.data) < 0) {
		perror("mount");
		return 1;
	}
	free(opts);
	free(m.data);
	free(m.loopdev);
	return 0;
}
