#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <time.h>
#include <sys/types.h>

struct tar_header {
	char name[100];
	char mode[8];
	char uid[8];
	char gid[8];
	char size[12];
	char mtime[12];
	char chksum[8];
	char typeflag;
	char linkname[100];
	char magic[6];
	char version[2];
	char uname[32];
	char gname[32];
	char devmajor[8];
	char devminor[8];
	char prefix[155];
	char pad[12];
};

struct entry {
	char path[PATH_MAX];
	unsigned mode;
	unsigned size;
	time_t mtime;
	char type;
};

static int opt_verbose;
static char *longname;

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fputs("tar: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static unsigned long getoct(const char *p, int len)
{
	unsigned long v = 0;

	while (len > 0 && *p == ' ') {
		p++;
		len--;
	}
	while (len-- > 0 && *p >= '0' && *p <= '7')
		v = (v << 3) | (unsigned long)(*p++ - '0');
	return v;
}

static int checksum_ok(const struct tar_header *h)
{
	const unsigned char *p = (const unsigned char *)h;
	unsigned long sum = 0;
	size_t i;

	for (i = 0; i < sizeof(*h); i++)
		sum += (i >= 148 && i < 156) ? ' ' : p[i];
	return sum == getoct(h->chksum, sizeof(h->chksum));
}

static int read_data(FILE *fp, char *dst, unsigned size)
{
	char blk[512];
	unsigned n;

	while (size > 0) {
		if (fread(blk, 1, sizeof(blk), fp) != sizeof(blk))
			return -1;
		n = size < sizeof(blk) ? size : sizeof(blk);
		memcpy(dst, blk, n);
		dst += n;
		size -= n;
	}
	return 0;
}

int read_entry(FILE *fp, struct entry *e)
{
	struct tar_header h;

	for (;;) {
		if (fread(&h, 1, sizeof(h), fp) != sizeof(h) || h.name[0] == '\0')
			return 0;
		if (!checksum_ok(&h)) {
			fputs("tar: header checksum mismatch\n", stderr);
			return -1;
		}
		e->size = getoct(h.size, sizeof(h.size));
		if (h.typeflag != 'L')
			break;
		if (e->size > PATH_MAX) {
			fputs("tar: long name too long\n", stderr);
			return -1;
		}
		free(longname);
		longname = xmalloc(e->size + 1);
		if (read_data(fp, longname, e->size) < 0)
			return -1;
		longname[e->size] = '\0';
	}
	if (longname) {
		snprintf(e->path, sizeof(e->path), "%s", longname);
		free(longname);
		longname = NULL;
	} else if (h.prefix[0]) {
		snprintf(e->path, sizeof(e->path), "%.155s/%.100s", h.prefix, h.name);
	} else {
		snprintf(e->path, sizeof(e->path), "%.100s", h.name);
	}
	e->mode = getoct(h.mode, sizeof(h.mode));
	e->mtime = getoct(h.mtime, sizeof(h.mtime));
	e->type = h.typeflag ? h.typeflag : '0';
	return 1;
}

static void list_entry(const struct entry *e)
{
	char tbuf[32];

	if (opt_verbose) {
		strftime(tbuf, sizeof(tbuf), "%Y-%m-%d %H:%M", gmtime(&e->mtime));
		printf("%c%04o %10u %s ", e->type == '5' ? 'd' : '-', e->mode & 07777, e->size, tbuf);
	}
	puts(e->path);
}

int main(int argc, char **argv)
{
	struct entry e;
	const char *file = NULL;
	FILE *fp = stdin;
	off_t skip;
	int c, r;

	while ((c = getopt(argc, argv, "tvf:")) != -1) {
		switch (c) {
		case 't': break;
		case 'v': opt_verbose = 1; break;
		case 'f': file = optarg; break;
		default:
			fputs("usage: tar -t [-v] [-f archive]\n", stderr);
			return 2;
		}
	}
	if (file && strcmp(file, "-") && !(fp = fopen(file, "rb"))) {
		perror(file);
		return 1;
	}
	while ((r = read_entry(fp, &e)) > 0) {
		list_entry(&e);
		skip = ((off_t)e.size + 511) / 512 * 512;
		if (e.type != '5' && skip && fseeko(fp, skip, SEEK_CUR) < 0) {
			perror("tar: seek");
			return 1;
		}
	}
	free(longname);
	return r < 0;
}
