#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;

#define EXT2_NAME_LEN		255
#define EXT2_DIR_PAD		4
#define EXT2_DIR_REC_LEN(n)	(((n) + 8 + EXT2_DIR_PAD - 1) & ~(EXT2_DIR_PAD - 1))
#define EXT2_FT_MAX		8

struct ext2_dir_entry {
	u8 inode[4];
	u8 rec_len[2];
	u8 name_len;
	u8 file_type;
	char name[];
};

static const char *const ft_names[EXT2_FT_MAX] = {
	"unknown", "file", "dir", "chrdev", "blkdev", "fifo", "sock", "symlink",
};

static inline u16 get_le16(const u8 *p)
{
	return p[0] | (p[1] << 8);
}

static inline u32 get_le32(const u8 *p)
{
	return (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16) | ((u32)p[3] << 24);
}

static const char *ft_name(u8 ft)
{
	return ft < EXT2_FT_MAX ? ft_names[ft] : "?";
}

int ext2_list_block(const u8 *blk, u32 bsize, u32 blkno)
{
	char name[EXT2_NAME_LEN + 1];
	u32 off = 0;
	int count = 0;

	while (off + EXT2_DIR_REC_LEN(0) <= bsize) {
		const struct ext2_dir_entry *de = (const void *)(blk + off);
		u16 rec_len = get_le16(de->rec_len);
		u8 name_len = de->name_len;
		u32 ino = get_le32(de->inode);

		if (rec_len < EXT2_DIR_REC_LEN(1) || (rec_len & (EXT2_DIR_PAD - 1))) {
			fprintf(stderr, "block %u, offset %u: invalid rec_len %u\n",
				blkno, off, rec_len);
			return -1;
		}

		if (ino && name_len) {
			memcpy(name, de->name, name_len);
			name[name_len] = '\0';
			printf("%10u  %-8s %s\n", ino, ft_name(de->file_type), name);
			count++;
		}
		off += rec_len;
	}
	return count;
}

static int parse_block_size(const char *s, u32 *out)
{
	long v = atol(s);

	if (v < 1024 || v > 65536 || (v & (v - 1)))
		return -1;
	*out = (u32)v;
	return 0;
}

int main(int argc, char **argv)
{
	FILE *f;
	u8 *blk;
	u32 bsize, first, nblocks, i;
	int total = 0, ret = 0;

	if (argc < 4) {
		fprintf(stderr, "usage: %s <image> <block-size> <block> [count]\n", argv[0]);
		return 2;
	}
	if (parse_block_size(argv[2], &bsize)) {
		fprintf(stderr, "invalid block size %s\n", argv[2]);
		return 2;
	}
	first = (u32)strtoul(argv[3], NULL, 0);
	nblocks = argc > 4 ? (u32)strtoul(argv[4], NULL, 0) : 1;

	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	blk = malloc(bsize);
	if (!blk) {
		fclose(f);
		return 1;
	}

	for (i = 0; i < nblocks; i++) {
		int n;

		if (fseek(f, (long)(first + i) * bsize, SEEK_SET) ||
		    fread(blk, 1, bsize, f) != bsize) {
			fprintf(stderr, "block %u: read error\n", first + i);
			ret = 1;
			break;
		}
		n = ext2_list_block(blk, bsize, first + i);
		if (n < 0) {
			ret = 1;
			break;
		}
		total += n;
	}
	printf("%d entries\n", total);

	free(blk);
	fclose(f);
	return ret;
}
