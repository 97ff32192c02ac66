#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/types.h>

static int opt_all;
static int opt_human;
static int opt_summary;
static int opt_apparent;
static int opt_xdev;
static int max_depth = INT_MAX;
static dev_t root_dev;
static int status;

static void human_size(char *dst, size_t n, unsigned long long bytes)
{
	static const char units[] = "KMGTPE";
	double v = bytes / 1024.0;
	int u = 0;

	if (!opt_human) {
		snprintf(dst, n, "%llu", (bytes + 1023) / 1024);
		return;
	}
	if (bytes < 1024) {
		snprintf(dst, n, "%llu", bytes);
		return;
	}
	while (v >= 1024.0 && units[u + 1]) {
		v /= 1024.0;
		u++;
	}
	snprintf(dst, n, v < 10.0 ? "%.1f%c" : "%.0f%c", v, units[u]);
}

static void print_size(unsigned long long bytes, const char *path)
{
	char buf[32];

	human_size(buf, sizeof(buf), bytes);
	printf("%s\t%s\n", buf, path);
}

static int skip_name(const char *name)
{
	return name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'));
}

unsigned long long du(const char *path, int depth)
{
	struct stat st;
	unsigned long long total;
	struct dirent *de;
	DIR *d;
	char child[PATH_MAX];

	if (lstat(path, &st) < 0) {
		perror(path);
		status = 1;
		return 0;
	}
	if (depth > 512) {
		fprintf(stderr, "du: %s: directory tree too deep\n", path);
		status = 1;
		return 0;
	}
	if (depth == 0)
		root_dev = st.st_dev;
	else if (opt_xdev && st.st_dev != root_dev)
		return 0;
	total = opt_apparent ? (unsigned long long)st.st_size : (unsigned long long)st.st_blocks * 512;
	if (S_ISDIR(st.st_mode)) {
		if (!(d = opendir(path))) {
			perror(path);
			status = 1;
		} else {
			while ((de = readdir(d)) != NULL) {
				if (skip_name(de->d_name))
					continue;
				if (snprintf(child, sizeof(child), "%s/%s", path, de->d_name) >= (int)sizeof(child)) {
					fprintf(stderr, "du: %s/%s: name too long\n", path, de->d_name);
					status = 1;
					continue;
				}
				total += du(child, depth + 1);
			}
			closedir(d);
		}
	} else if (depth > 0 && !opt_all) {
		return total;
	}
	if (depth == 0 || (!opt_summary && depth <= max_depth))
		print_size(total, path);
	return total;
}

int main(int argc, char **argv)
{
	unsigned long long grand = 0;
	int c, show_total = 0;

	while ((c = getopt(argc, argv, "abchsxd:")) != -1) {
		switch (c) {
		case 'a': opt_all = 1; break;
		case 'b': opt_apparent = 1; break;
		case 'c': show_total = 1; break;
		case 'h': opt_human = 1; break;
		case 's': opt_summary = 1; break;
		case 'x': opt_xdev = 1; break;
		case 'd': max_depth = atoi(optarg); break;
		default:
			fputs("usage: du [-abchsx] [-d depth] [path...]\n", stderr);
			return 2;
		}
	}
	if (optind == argc)
		grand = du(".", 0);
	for (; optind < argc; optind++)
		grand += du(argv[optind], 0);
	if (show_total)
		print_size(grand, "total");
	return status;
}
