#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#define EXT2_SB_OFFSET		1024
#define EXT2_SB_SIZE		1024
#define EXT2_MAGIC		0xef53
#define EXT2_ORIGINAL_REV	0
#define EXT2_DYNAMIC_REV	1
#define EXT2_ORIGINAL_INODE_SIZE 128
#define EXT2_MAX_LOG_BLOCK	6
#define EXT2_VALID_FS		0x0001
#define EXT2_ERROR_FS		0x0002

struct ext2_sb_info {
	u32 inodes_count;
	u32 blocks_count;
	u32 free_blocks;
	u32 free_inodes;
	u32 first_data_block;
	u32 block_size;
	u32 blocks_per_group;
	u32 inodes_per_group;
	u32 rev_level;
	u16 inode_size;
	u16 state;
	u32 feature_incompat;
	u8 uuid[16];
	char volume_name[17];
	char last_mounted[65];
};

static inline u16 get_le16(const u8 *p)
{
	return p[0] | (p[1] << 8);
}

static inline u32 get_le32(const u8 *p)
{
	return (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16) | ((u32)p[3] << 24);
}

int ext2_fill_super(const u8 *raw, struct ext2_sb_info *sbi)
{
	u32 log_bs;
	u16 inode_size;

	if (get_le16(raw + 56) != EXT2_MAGIC)
		return -1;

	sbi->inodes_count = get_le32(raw + 0);
	sbi->blocks_count = get_le32(raw + 4);
	sbi->free_blocks = get_le32(raw + 12);
	sbi->free_inodes = get_le32(raw + 16);
	sbi->first_data_block = get_le32(raw + 20);
	sbi->blocks_per_group = get_le32(raw + 32);
	sbi->inodes_per_group = get_le32(raw + 40);
	sbi->state = get_le16(raw + 58);
	sbi->rev_level = get_le32(raw + 76);

	log_bs = get_le32(raw + 24);
	if (log_bs > EXT2_MAX_LOG_BLOCK)
		return -1;
	sbi->block_size = 1024U << log_bs;

	if (!sbi->blocks_per_group || !sbi->inodes_per_group)
		return -1;

	if (sbi->rev_level == EXT2_ORIGINAL_REV) {
		inode_size = EXT2_ORIGINAL_INODE_SIZE;
		sbi->feature_incompat = 0;
	} else if (sbi->rev_level == EXT2_DYNAMIC_REV) {
		inode_size = get_le16(raw + 88);
		sbi->feature_incompat = get_le32(raw + 96);
	}

	if (inode_size < EXT2_ORIGINAL_INODE_SIZE || inode_size > sbi->block_size ||
	    (inode_size & (inode_size - 1)))
		return -1;
	sbi->inode_size = inode_size;

	memcpy(sbi->uuid, raw + 104, sizeof(sbi->uuid));
	memcpy(sbi->volume_name, raw + 120, 16);
	sbi->volume_name[16] = '\0';
	memcpy(sbi->last_mounted, raw + 136, 64);
	sbi->last_mounted[64] = '\0';
	return 0;
}

static void uuid_str(const u8 *u, char *out)
{
	sprintf(out, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7],
		u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
}

static void ext2_print(const struct ext2_sb_info *sbi)
{
	char uuid[37];
	char state[16];
	u32 groups, itb_per_group;

	groups = (sbi->blocks_count - sbi->first_data_block + sbi->blocks_per_group - 1) /
		 sbi->blocks_per_group;
	itb_per_group = (u32)(((u64)sbi->inodes_per_group * sbi->inode_size +
			       sbi->block_size - 1) / sbi->block_size);

	if (sbi->state & EXT2_ERROR_FS)
		strcpy(state, "with errors");
	else if (sbi->state & EXT2_VALID_FS)
		strcpy(state, "clean");
	else
		strcpy(state, "not clean");

	uuid_str(sbi->uuid, uuid);
	printf("Filesystem volume name:   %s\n", sbi->volume_name[0] ? sbi->volume_name : "<none>");
	printf("Last mounted on:          %s\n", sbi->last_mounted[0] ? sbi->last_mounted : "<not available>");
	printf("Filesystem UUID:          %s\n", uuid);
	printf("Filesystem revision #:    %u\n", sbi->rev_level);
	printf("Filesystem state:         %s\n", state);
	printf("Inode count:              %u\n", sbi->inodes_count);
	printf("Block count:              %u\n", sbi->blocks_count);
	printf("Free blocks:              %u\n", sbi->free_blocks);
	printf("Free inodes:              %u\n", sbi->free_inodes);
	printf("Block size:               %u\n", sbi->block_size);
	printf("Inode size:               %u\n", sbi->inode_size);
	printf("Block groups:             %u\n", groups);
	printf("Inode blocks per group:   %u\n", itb_per_group);
	printf("Incompat features:        0x%08x\n", sbi->feature_incompat);
}

int main(int argc, char **argv)
{
	struct ext2_sb_info sbi;
	u8 raw[EXT2_SB_SIZE];
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: %s <device>\n", argv[0]);
		return 2;
	}

	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	if (fseek(f, EXT2_SB_OFFSET, SEEK_SET) || fread(raw, 1, sizeof(raw), f) != sizeof(raw)) {
		fprintf(stderr, "%s: short read\n", argv[1]);
		fclose(f);
		return 1;
	}
	fclose(f);

	memset(&sbi, 0, sizeof(sbi));
	if (ext2_fill_super(raw, &sbi)) {
		fprintf(stderr, "%s: invalid ext2 superblock\n", argv[1]);
		return 1;
	}
	ext2_print(&sbi);
	return 0;
}
