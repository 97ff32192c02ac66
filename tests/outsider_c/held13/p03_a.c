#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;

#define DIR_ENTRY_SIZE	32
#define ATTR_VOLUME	0x08
#define ATTR_DIR	0x10
#define ATTR_LFN	0x0f
#define LFN_LAST	0x40
#define LFN_ORD_MASK	0x3f
#define LFN_CHARS	13
#define LFN_MAX_SLOTS	20
#define DIRENT_FREE	0xe5
#define MAX_DIR_BYTES	(64 * 1024)

struct lfn_state {
	char name[LFN_MAX_SLOTS * LFN_CHARS + 1];
	u8 csum;
	int nslots;
	int valid;
};

static const u8 lfn_offsets[LFN_CHARS] = {
	1, 3, 5, 7, 9, 14, 16, 18, 20, 22, 24, 28, 30
};

static inline u16 get_le16(const u8 *p)
{
	return p[0] | (p[1] << 8);
}

static inline u32 get_le32(const u8 *p)
{
	return (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16) | ((u32)p[3] << 24);
}

static u8 sfn_checksum(const u8 *name)
{
	u8 sum = 0;
	int i;

	for (i = 0; i < 11; i++)
		sum = ((sum & 1) << 7) + (sum >> 1) + name[i];
	return sum;
}

static void trim_right(char *s)
{
	size_t n = strlen(s);

	while (n && s[n - 1] == ' ')
		s[--n] = '\0';
}

static void sfn_format(const u8 *de, char *out)
{
	char base[9], ext[4];

	memcpy(base, de, 8);
	base[8] = '\0';
	memcpy(ext, de + 8, 3);
	ext[3] = '\0';
	trim_right(base);
	trim_right(ext);

	strcpy(out, base);
	if (ext[0]) {
		strcat(out, ".");
		strcat(out, ext);
	}
}

static void lfn_collect(struct lfn_state *st, const u8 *de)
{
	u8 ord = de[0] & LFN_ORD_MASK;
	int pos, i;

	if (de[0] & LFN_LAST) {
		memset(st->name, 0, sizeof(st->name));
		st->csum = de[13];
		st->nslots = ord;
		st->valid = 1;
	}
	if (!st->valid || !ord || ord > LFN_MAX_SLOTS || de[13] != st->csum) {
		st->valid = 0;
		return;
	}

	pos = (ord - 1) * LFN_CHARS;
	for (i = 0; i < LFN_CHARS; i++) {
		u16 c = get_le16(de + lfn_offsets[i]);

		if (c == 0x0000 || c == 0xffff)
			break;
		st->name[pos + i] = c < 0x80 ? (char)c : '_';
	}
}

int fat_list_dir(const u8 *buf, size_t len)
{
	struct lfn_state st;
	char sname[13];
	size_t off;
	int count = 0;

	memset(&st, 0, sizeof(st));
	for (off = 0; off + DIR_ENTRY_SIZE <= len; off += DIR_ENTRY_SIZE) {
		const u8 *de = buf + off;
		u8 attr = de[11];
		u32 cluster;

		if (de[0] == 0x00)
			break;
		if (de[0] == DIRENT_FREE) {
			st.valid = 0;
			continue;
		}
		if (attr == ATTR_LFN) {
			lfn_collect(&st, de);
			continue;
		}
		if (attr & ATTR_VOLUME) {
			st.valid = 0;
			continue;
		}

		sfn_format(de, sname);
		cluster = ((u32)get_le16(de + 20) << 16) | get_le16(de + 26);
		if (st.valid && st.csum != sfn_checksum(de))
			st.valid = 0;

		printf("%c %10u %8u  %-12s %s\n", attr & ATTR_DIR ? 'd' : '-',
		       get_le32(de + 28), cluster, sname, st.valid ? st.name : "");
		st.valid = 0;
		count++;
	}
	return count;
}

int main(int argc, char **argv)
{
	FILE *f;
	u8 *buf;
	size_t n;
	int count;

	if (argc != 2) {
		fprintf(stderr, "usage: %s <dir-cluster-dump>\n", argv[0]);
		return 2;
	}

	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	buf = malloc(MAX_DIR_BYTES);
	if (!buf) {
		fclose(f);
		return 1;
	}
	n = fread(buf, 1, MAX_DIR_BYTES, f);
	fclose(f);

	count = fat_list_dir(buf, n);
	printf("%d entries\n", count);
	free(buf);
	return 0;
}
