#include <sys/types.h>

#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCKSIZE	512

struct ustar_hdr {
	char	name[100];
	char	mode[8];
	char	uid[8];
	char	gid[8];
	char	size[12];
	char	mtime[12];
	char	chksum[8];
	char	typeflag;
	char	linkname[100];
	char	magic[6];
	char	version[2];
	char	uname[32];
	char	gname[32];
	char	devmajor[8];
	char	devminor[8];
	char	prefix[155];
	char	pad[12];
};

static size_t
field_copy(char *dst, size_t dstsz, const char *src, size_t srclen)
{
	size_t n = 0;

	while (n < srclen && src[n] != '\0')
		n++;
	if (dstsz == 0)
		return n;
	if (n >= dstsz)
		n = dstsz - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
	return n;
}

static int
parse_octal(const char *p, size_t n, uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;

	while (i < n && p[i] == ' ')
		i++;
	for (; i < n && p[i] >= '0' && p[i] <= '7'; i++) {
		if (v > (UINT64_MAX >> 3))
			return -1;
		v = (v << 3) | (uint64_t)(p[i] - '0');
	}
	if (i < n && p[i] != '\0' && p[i] != ' ')
		return -1;
	*out = v;
	return 0;
}

static int
checksum_ok(const unsigned char *blk, const struct ustar_hdr *h)
{
	uint64_t want;
	unsigned long sum = 0;
	size_t i;

	if (parse_octal(h->chksum, sizeof(h->chksum), &want) == -1)
		return 0;
	for (i = 0; i < BLOCKSIZE; i++) {
		if (i >= 148 && i < 156)
			sum += ' ';
		else
			sum += blk[i];
	}
	return sum == want;
}

static int
list_entry(const struct ustar_hdr *h, uint64_t size)
{
	char name[sizeof(h->name) + 1];
	char prefix[sizeof(h->prefix) + 1];
	char owner[sizeof(h->uname) + 1];
	char path[256];

	field_copy(name, sizeof(name), h->name, sizeof(h->name));
	field_copy(prefix, sizeof(prefix), h->prefix, sizeof(h->prefix));
	field_copy(owner, sizeof(owner), h->uname, sizeof(h->uname));

	if (prefix[0] != '\0')
		sprintf(path, "%s/%s", prefix, name);
	else
		strcpy(path, name);
	printf("%c %-8s %10llu %s\n", h->typeflag ? h->typeflag : '0',
	    owner[0] ? owner : "-", (unsigned long long)size, path);
	return 0;
}

int
main(int argc, char *argv[])
{
	unsigned char blk[BLOCKSIZE];
	const struct ustar_hdr *h = (const struct ustar_hdr *)blk;
	uint64_t size, skip;
	FILE *fp;
	int zero = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: tarls archive.tar\n");
		return 1;
	}
	if ((fp = fopen(argv[1], "rb")) == NULL)
		err(1, "%s", argv[1]);

	while (fread(blk, 1, sizeof(blk), fp) == sizeof(blk)) {
		if (blk[0] == '\0') {
			if (++zero == 2)
				break;
			continue;
		}
		zero = 0;
		if (!checksum_ok(blk, h))
			errx(1, "header checksum mismatch");
		if (memcmp(h->magic, "ustar", 5) != 0)
			errx(1, "not a ustar archive");
		if (parse_octal(h->size, sizeof(h->size), &size) == -1)
			errx(1, "invalid size field");
		list_entry(h, size);
		skip = (size + BLOCKSIZE - 1) / BLOCKSIZE * BLOCKSIZE;
		if (h->typeflag == '5' || skip == 0)
			continue;
		if (fseeko(fp, (off_t)skip, SEEK_CUR) == -1)
			err(1, "seek");
	}
	fclose(fp);
	return 0;
}
