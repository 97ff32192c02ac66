#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define MBR_SECTOR_SIZE	512
#define MBR_TABLE_OFF	446
#define MBR_ENTRY_SIZE	16
#define MBR_NPARTS	4
#define MBR_SIG_OFF	510
#define MBR_SIGNATURE	0xaa55

struct mbr_part {
	u8 boot;
	u8 type;
	u32 lba_start;
	u32 sectors;
};

struct part_type_name {
	u8 type;
	const char *name;
};

static const struct part_type_name type_names[] = {
	{ 0x01, "FAT12" },
	{ 0x04, "FAT16 <32M" },
	{ 0x05, "Extended" },
	{ 0x06, "FAT16" },
	{ 0x07, "HPFS/NTFS/exFAT" },
	{ 0x0b, "W95 FAT32" },
	{ 0x0c, "W95 FAT32 (LBA)" },
	{ 0x0f, "W95 Ext'd (LBA)" },
	{ 0x82, "Linux swap" },
	{ 0x83, "Linux" },
	{ 0x8e, "Linux LVM" },
	{ 0xee, "GPT protective" },
	{ 0xef, "EFI System" },
};

static inline u16 get_le16(const u8 *p)
{
	return p[0] | (p[1] << 8);
}

static inline u32 get_le32(const u8 *p)
{
	return (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16) | ((u32)p[3] << 24);
}

static void part_type_str(u8 type, char *out, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(type_names); i++) {
		if (type_names[i].type == type) {
			snprintf(out, len, "%s", type_names[i].name);
			return;
		}
	}
	snprintf(out, len, "unknown (0x%02x)", type);
}

int mbr_parse(const u8 *sector, struct mbr_part *parts)
{
	int i;

	if (get_le16(sector + MBR_SIG_OFF) != MBR_SIGNATURE)
		return -1;

	for (i = 0; i < MBR_NPARTS; i++) {
		const u8 *e = sector + MBR_TABLE_OFF + i * MBR_ENTRY_SIZE;

		parts[i].boot = e[0];
		parts[i].type = e[4];
		parts[i].lba_start = get_le32(e + 8);
		parts[i].sectors = get_le32(e + 12);
	}
	return 0;
}

static int read_sector0(const char *path, u8 *buf)
{
	FILE *f;
	size_t n;

	f = fopen(path, "rb");
	if (!f)
		return -1;
	n = fread(buf, 1, MBR_SECTOR_SIZE, f);
	fclose(f);
	return n == MBR_SECTOR_SIZE ? 0 : -1;
}

static void print_part(const char *disk, int idx, const struct mbr_part *p)
{
	char tname[32];
	char dev[64];

	part_type_str(p->type, tname, sizeof(tname));
	snprintf(dev, sizeof(dev), "%s%d", disk, idx + 1);
	printf("%-16s %c %10u %10u  %s\n", dev, p->boot == 0x80 ? '*' : ' ',
	       p->lba_start, p->sectors, tname);
}

int mbr_show_one(const struct mbr_part *parts, int partno, u32 sector_size)
{
	const struct mbr_part *p;
	char label[48];
	u64 bytes;

	if (partno > MBR_NPARTS) {
		fprintf(stderr, "partition %d out of range\n", partno);
		return -1;
	}

	p = &parts[partno - 1];
	if (!p->type) {
		printf("partition %d: not in use\n", partno);
		return 0;
	}

	bytes = (u64)p->sectors * sector_size;
	part_type_str(p->type, label, sizeof(label));
	printf("partition %d\n", partno);
	printf("  type:     %s\n", label);
	printf("  bootable: %s\n", p->boot == 0x80 ? "yes" : "no");
	printf("  start:    %u\n", p->lba_start);
	printf("  end:      %llu\n", (unsigned long long)p->lba_start + p->sectors - 1);
	printf("  size:     %llu MiB\n", (unsigned long long)(bytes >> 20));
	return 0;
}

int main(int argc, char **argv)
{
	u8 sector[MBR_SECTOR_SIZE];
	struct mbr_part parts[MBR_NPARTS];
	char disk[64];
	const char *base;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s <image> [partno]\n", argv[0]);
		return 2;
	}

	if (read_sector0(argv[1], sector) || mbr_parse(sector, parts)) {
		fprintf(stderr, "%s: no valid MBR\n", argv[1]);
		return 1;
	}

	if (argc > 2)
		return mbr_show_one(parts, atoi(argv[2]), MBR_SECTOR_SIZE) ? 1 : 0;

	base = strrchr(argv[1], '/');
	base = base ? base + 1 : argv[1];
	strncpy(disk, base, sizeof(disk) - 1);
	disk[sizeof(disk) - 1] = '\0';

	printf("%-16s B %10s %10s  %s\n", "Device", "Start", "Sectors", "Type");
	for (i = 0; i < MBR_NPARTS; i++) {
		if (parts[i].type)
			print_part(disk, i, &parts[i]);
	}
	return 0;
}
