#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fsent {
	char	spec[128];
	char	file[128];
	char	type[16];
	char	opts[128];
	int	freq;
	int	passno;
};

static void
unescape(char *s)
{
	char *r = s, *w = s, oct[4];

	while (*r != '\0') {
		if (r[0] == '\\' && r[1] >= '0' && r[1] <= '3' &&
		    r[2] >= '0' && r[2] <= '7' && r[3] >= '0' && r[3] <= '7') {
			memcpy(oct, r + 1, 3);
			oct[3] = '\0';
			*w++ = (char)strtol(oct, NULL, 8);
			r += 4;
		} else
			*w++ = *r++;
	}
	*w = '\0';
}

static int
has_option(const struct fsent *fs, const char *opt)
{
	char buf[sizeof(fs->opts)], *tok, *last;

	strcpy(buf, fs->opts);
	for (tok = strtok_r(buf, ",", &last); tok != NULL;
	    tok = strtok_r(NULL, ",", &last))
		if (strcmp(tok, opt) == 0)
			return 1;
	return 0;
}

static int
parse_fsent(char *line, struct fsent *fs)
{
	char *spec, *file, *type, *opts, *freq, *pass;
	const char *sep = " \t\n";

	spec = strtok(line, sep);
	file = strtok(NULL, sep);
	type = strtok(NULL, sep);
	opts = strtok(NULL, sep);
	freq = strtok(NULL, sep);
	pass = strtok(NULL, sep);
	if (spec == NULL || file == NULL)
		return -1;
	if (strlen(spec) >= sizeof(fs->spec) ||
	    strlen(file) >= sizeof(fs->file))
		return -1;
	strcpy(fs->spec, spec);
	strcpy(fs->file, file);
	unescape(fs->spec);
	unescape(fs->file);
	if (strlen(type) >= sizeof(fs->type))
		return -1;
	strcpy(fs->type, type);
	if (opts == NULL)
		opts = "defaults";
	if (strlen(opts) >= sizeof(fs->opts))
		return -1;
	strcpy(fs->opts, opts);
	fs->freq = freq != NULL ? atoi(freq) : 0;
	fs->passno = pass != NULL ? atoi(pass) : 0;
	return 0;
}

int
fstab_scan(FILE *fp, const char *want)
{
	struct fsent fs;
	char buf[1024];
	int lineno = 0, n = 0;

	while (fgets(buf, sizeof(buf), fp) != NULL) {
		lineno++;
		if (buf[strspn(buf, " \t")] == '#' ||
		    buf[strspn(buf, " \t\n")] == '\0')
			continue;
		if (parse_fsent(buf, &fs) == -1) {
			fprintf(stderr, "fstab:%d: malformed entry\n", lineno);
			continue;
		}
		if (want != NULL && strcmp(fs.file, want) != 0)
			continue;
		printf("%-24s %-16s %-8s %s%s pass=%d\n", fs.spec, fs.file,
		    fs.type, fs.opts, has_option(&fs, "noauto") ? " (manual)" : "",
		    fs.passno);
		n++;
	}
	return n;
}

int
main(int argc, char *argv[])
{
	const char *path = "/etc/fstab";
	FILE *fp;
	int n;

	if (argc > 2 && strcmp(argv[1], "-f") == 0) {
		path = argv[2];
		argv += 2;
		argc -= 2;
	}
	if ((fp = fopen(path, "r")) == NULL) {
		perror(path);
		return 1;
	}
	n = fstab_scan(fp, argc > 1 ? argv[1] : NULL);
	fclose(fp);
	return n > 0 ? 0 : 1;
}
