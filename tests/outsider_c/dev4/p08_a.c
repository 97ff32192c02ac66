#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct id3tag {
	int	major;
	int	flags;
	size_t	size;
	char	title[128];
	char	artist[128];
	char	album[128];
	char	year[8];
};

static uint32_t
size28(const unsigned char *p)
{
	return (uint32_t)(p[0] & 0x7f) << 21 | (uint32_t)(p[1] & 0x7f) << 14 |
	    (uint32_t)(p[2] & 0x7f) << 7 | (uint32_t)(p[3] & 0x7f);
}

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

static void
copy_text(char *dst, size_t dsize, const unsigned char *src, size_t len)
{
	size_t i, j = 0, step = 1;

	if (len == 0 || dsize == 0)
		return;
	i = 1;
	if (src[0] == 1 || src[0] == 2) {
		step = 2;
		if (len >= 3 && ((src[1] == 0xff && src[2] == 0xfe) ||
		    (src[1] == 0xfe && src[2] == 0xff)))
			i = 3;
	}
	for (; i < len && j + 1 < dsize; i += step) {
		if (step == 2 && i + 1 < len && src[i] == 0)
			i++;
		if (src[i] == '\0')
			break;
		dst[j++] = (char)src[i];
	}
	dst[j] = '\0';
}

static char *
field_for(struct id3tag *t, const char *id, size_t *sz)
{
	static const struct {
		const char *v2, *v3;
		size_t off, len;
	} map[] = {
		{ "TT2", "TIT2", offsetof(struct id3tag, title), 128 },
		{ "TP1", "TPE1", offsetof(struct id3tag, artist), 128 },
		{ "TAL", "TALB", offsetof(struct id3tag, album), 128 },
		{ "TYE", "TYER", offsetof(struct id3tag, year), 8 },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (strcmp(id, t->major == 2 ? map[i].v2 : map[i].v3) == 0) {
			*sz = map[i].len;
			return (char *)t + map[i].off;
		}
	}
	return NULL;
}

int
id3_parse_frames(struct id3tag *t, const unsigned char *buf, size_t len)
{
	size_t pos = 0, hdrlen, idlen, fsz;
	uint32_t fsize;
	char id[5], *dst;

	idlen = t->major == 2 ? 3 : 4;
	hdrlen = t->major == 2 ? 6 : 10;
	while (len - pos >= hdrlen && buf[pos] != '\0') {
		memcpy(id, buf + pos, idlen);
		id[idlen] = '\0';
		switch (t->major) {
		case 4:
			fsize = size28(buf + pos + 4);
			break;
		case 3:
			fsize = be32(buf + pos + 4);
			break;
		default:
			fsize = (uint32_t)buf[pos + 3] << 16 |
			    (uint32_t)buf[pos + 4] << 8 | buf[pos + 5];
			break;
		}
		pos += hdrlen;
		if (fsize == 0 || fsize > len - pos)
			break;
		if ((dst = field_for(t, id, &fsz)) != NULL)
			copy_text(dst, fsz, buf + pos, fsize);
		pos += fsize;
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	struct id3tag t;
	unsigned char hdr[10], *buf = NULL;
	FILE *fp;
	int rc = 1;

	if (argc != 2) {
		fprintf(stderr, "usage: id3info file.mp3\n");
		return 2;
	}
	if ((fp = fopen(argv[1], "rb")) == NULL) {
		perror(argv[1]);
		return 1;
	}
	memset(&t, 0, sizeof(t));
	if (fread(hdr, 1, sizeof(hdr), fp) != sizeof(hdr) ||
	    memcmp(hdr, "ID3", 3) != 0 || hdr[3] < 2 || hdr[3] > 4)
		goto out;
	t.major = hdr[3];
	t.flags = hdr[5];
	t.size = size28(hdr + 6);
	if ((buf = malloc(t.size + 1)) == NULL)
		goto out;
	if (fread(buf, 1, t.size, fp) != t.size)
		goto out;
	id3_parse_frames(&t, buf, t.size);
	printf("ID3v2.%d\ntitle: %s\nartist: %s\nalbum: %s\nyear: %s\n",
	    t.major, t.title, t.artist, t.album, t.year);
	rc = 0;
out:
	free(buf);
	fclose(fp);
	return rc;
}
