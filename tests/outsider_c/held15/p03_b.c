#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ctype.h>

struct pwent {
	char *name;
	char *passwd;
	unsigned uid;
	unsigned gid;
	char *gecos;
	char *dir;
	char *shell;
};

static const char *pw_file = "/etc/passwd";
static int opt_uid_only;
static int opt_home_only;
static int opt_verbose;

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fputs("getent: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

static int is_number(const char *s)
{
	if (!*s)
		return 0;
	while (*s)
		if (!isdigit((unsigned char)*s++))
			return 0;
	return 1;
}

static int split_fields(char *line, char **f, int nf)
{
	char *p = line;
	int i;

	for (i = 0; i < nf - 1; i++) {
		f[i] = p;
		p = strchr(p, ':');
		*p++ = '\0';
	}
	f[i] = p;
	p[strcspn(p, "\r\n")] = '\0';
	return nf;
}

static void pw_free(struct pwent *pw)
{
	if (!pw)
		return;
	free(pw->name);
	free(pw->passwd);
	free(pw->gecos);
	free(pw->dir);
	free(pw->shell);
	free(pw);
}

struct pwent *pw_lookup(const char *file, const char *key)
{
	char line[BUFSIZ];
	char *f[7];
	struct pwent *pw = NULL;
	int by_uid = is_number(key);
	FILE *fp = fopen(file, "r");

	if (!fp)
		return NULL;
	while (fgets(line, sizeof(line), fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		split_fields(line, f, 7);
		if (by_uid ? (unsigned)atoi(f[2]) != (unsigned)atoi(key) : strcmp(f[0], key) != 0)
			continue;
		pw = xmalloc(sizeof(*pw));
		pw->name = xstrdup(f[0]);
		pw->passwd = xstrdup(f[1]);
		pw->uid = atoi(f[2]);
		pw->gid = atoi(f[3]);
		pw->gecos = xstrdup(f[4]);
		pw->dir = xstrdup(f[5]);
		pw->shell = xstrdup(f[6]);
		break;
	}
	fclose(fp);
	return pw;
}

static void print_entry(const struct pwent *pw)
{
	char idbuf[32];

	if (opt_uid_only) {
		sprintf(idbuf, "%u", pw->uid);
		puts(idbuf);
		return;
	}
	if (opt_home_only) {
		puts(pw->dir);
		return;
	}
	printf("%s:%s:%u:%u:%s:%s:%s\n", pw->name, pw->passwd, pw->uid,
	       pw->gid, pw->gecos, pw->dir, pw->shell);
	if (opt_verbose)
		fprintf(stderr, "shell %s\n", access(pw->shell, X_OK) ? "missing" : "ok");
}

int main(int argc, char **argv)
{
	struct pwent *pw;
	int c, rc = 0;

	while ((c = getopt(argc, argv, "f:udv")) != -1) {
		switch (c) {
		case 'f': pw_file = optarg; break;
		case 'u': opt_uid_only = 1; break;
		case 'd': opt_home_only = 1; break;
		case 'v': opt_verbose = 1; break;
		default:
			fputs("usage: getent [-udv] [-f file] name|uid...\n", stderr);
			return 2;
		}
	}
	if (optind == argc) {
		fputs("getent: missing key\n", stderr);
		return 2;
	}
	for (; optind < argc; optind++) {
		pw = pw_lookup(pw_file, argv[optind]);
		if (!pw) {
			rc = 2;
			continue;
		}
		print_entry(pw);
		pw_free(pw);
	}
	return rc;
}
