#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>
#include <pwd.h>
#include <grp.h>
#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/types.h>

static int opt_human;
static int opt_numeric;
static int opt_all;
static int exit_code;

static void mode_string(char *buf, mode_t m)
{
	static const char types[] = "?pc?d?b?-?l?s???";
	static const char rwx[] = "rwxrwxrwx";
	int i;

	buf[0] = types[(m >> 12) & 0xf];
	for (i = 0; i < 9; i++)
		buf[i + 1] = (m & (0400 >> i)) ? rwx[i] : '-';
	if (m & S_ISUID)
		buf[3] = (m & S_IXUSR) ? 's' : 'S';
	if (m & S_ISGID)
		buf[6] = (m & S_IXGRP) ? 's' : 'S';
	if (m & S_ISVTX)
		buf[9] = (m & S_IXOTH) ? 't' : 'T';
	buf[10] = '\0';
}

static const char *owner_name(char *buf, uid_t uid)
{
	struct passwd *pw = opt_numeric ? NULL : getpwuid(uid);

	if (pw)
		return pw->pw_name;
	sprintf(buf, "%u", (unsigned)uid);
	return buf;
}

static const char *group_name(char *buf, gid_t gid)
{
	struct group *gr = opt_numeric ? NULL : getgrgid(gid);

	if (gr)
		return gr->gr_name;
	sprintf(buf, "%u", (unsigned)gid);
	return buf;
}

static void size_string(char *buf, size_t n, off_t size)
{
	static const char units[] = "BKMGTPE";
	double v = size;
	int u = 0;

	if (!opt_human) {
		snprintf(buf, n, "%lld", (long long)size);
		return;
	}
	while (v >= 1024.0 && units[u + 1]) {
		v /= 1024.0;
		u++;
	}
	if (u == 0)
		snprintf(buf, n, "%lld", (long long)size);
	else
		snprintf(buf, n, "%.1f%c", v, units[u]);
}

static void list_one(const char *path, const char *name)
{
	struct stat st;
	char mode[10];
	char ubuf[16], gbuf[16];
	char sbuf[32];
	char tbuf[64];
	char link[PATH_MAX];
	ssize_t len;

	if (lstat(path, &st) < 0) {
		perror(path);
		exit_code = 1;
		return;
	}
	mode_string(mode, st.st_mode);
	size_string(sbuf, sizeof(sbuf), st.st_size);
	strftime(tbuf, sizeof(tbuf), "%b %e %H:%M", localtime(&st.st_mtime));
	printf("%s %3lu %-8s %-8s %8s %s %s", mode, (unsigned long)st.st_nlink,
	       owner_name(ubuf, st.st_uid), group_name(gbuf, st.st_gid),
	       sbuf, tbuf, name);
	if (S_ISLNK(st.st_mode)) {
		len = readlink(path, link, sizeof(link) - 1);
		if (len >= 0) {
			link[len] = '\0';
			printf(" -> %s", link);
		}
	}
	putchar('\n');
}

static void list_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char path[PATH_MAX];

	if (!d) {
		perror(dir);
		exit_code = 1;
		return;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' && !opt_all)
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", dir, de->d_name) >= (int)sizeof(path))
			continue;
		list_one(path, de->d_name);
	}
	closedir(d);
}

int main(int argc, char **argv)
{
	struct stat st;
	int c;

	while ((c = getopt(argc, argv, "ahn")) != -1) {
		switch (c) {
		case 'a': opt_all = 1; break;
		case 'h': opt_human = 1; break;
		case 'n': opt_numeric = 1; break;
		default:
			fprintf(stderr, "usage: ls -l [-ahn] [file...]\n");
			return 2;
		}
	}
	if (optind == argc)
		list_dir(".");
	for (; optind < argc; optind++) {
		if (stat(argv[optind], &st) == 0 && S_ISDIR(st.st_mode))
			list_dir(argv[optind]);
		else
			list_one(argv[optind], argv[optind]);
	}
	return exit_code;
}
