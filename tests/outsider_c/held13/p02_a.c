#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#define GPT_SECTOR_SIZE		512
#define GPT_SIGNATURE		"EFI PART"
#define GPT_ENTRY_MIN		128
#define GPT_ENTRY_MAX		4096
#define GPT_MAX_ENTRIES		1024
#define GPT_NAME_CHARS		36

struct gpt_header {
	u64 my_lba;
	u64 first_usable;
	u64 last_usable;
	u64 entries_lba;
	u32 num_entries;
	u32 entry_size;
	u8 disk_guid[16];
};

static inline u16 get_le16(const u8 *p)
{
	return p[0] | (p[1] << 8);
}

static inline u32 get_le32(const u8 *p)
{
	return (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16) | ((u32)p[3] << 24);
}

static inline u64 get_le64(const u8 *p)
{
	return (u64)get_le32(p) | ((u64)get_le32(p + 4) << 32);
}

static int gpt_read_header(FILE *f, struct gpt_header *h)
{
	u8 raw[GPT_SECTOR_SIZE];

	if (fseek(f, GPT_SECTOR_SIZE, SEEK_SET))
		return -1;
	if (fread(raw, 1, sizeof(raw), f) != sizeof(raw))
		return -1;
	if (memcmp(raw, GPT_SIGNATURE, 8))
		return -1;

	h->my_lba = get_le64(raw + 24);
	h->first_usable = get_le64(raw + 40);
	h->last_usable = get_le64(raw + 48);
	memcpy(h->disk_guid, raw + 56, sizeof(h->disk_guid));
	h->entries_lba = get_le64(raw + 72);
	h->num_entries = get_le32(raw + 80);
	h->entry_size = get_le32(raw + 84);
	return 0;
}

static void guid_to_str(const u8 *g, char *out)
{
	sprintf(out, "%08X-%04X-%04X-%02X%02X-%02X%02X%02X%02X%02X%02X",
		get_le32(g), get_le16(g + 4), get_le16(g + 6),
		g[8], g[9], g[10], g[11], g[12], g[13], g[14], g[15]);
}

static void utf16_name(const u8 *src, char *dst, size_t max_chars)
{
	size_t i;

	for (i = 0; i < max_chars; i++) {
		u16 c = get_le16(src + 2 * i);

		if (!c)
			break;
		dst[i] = c < 0x80 ? (char)c : '?';
	}
	dst[i] = '\0';
}

u8 *gpt_read_entries(FILE *f, const struct gpt_header *h)
{
	u32 tbl_size;
	u8 *tbl;
	u32 i;

	if (h->entry_size < GPT_ENTRY_MIN || h->entry_size > GPT_ENTRY_MAX)
		return NULL;
	if (h->num_entries == 0 || h->num_entries > GPT_MAX_ENTRIES)
		return NULL;

	tbl_size = h->num_entries * h->entry_size;
	tbl = malloc(tbl_size);
	if (!tbl)
		return NULL;

	if (fseek(f, (long)(h->entries_lba * GPT_SECTOR_SIZE), SEEK_SET))
		goto err;

	for (i = 0; i < h->num_entries; i++) {
		if (fread(tbl + (size_t)i * h->entry_size, 1, h->entry_size, f) != h->entry_size)
			goto err;
	}
	return tbl;

err:
	free(tbl);
	return NULL;
}

static int entry_unused(const u8 *e)
{
	static const u8 zero[16];

	return !memcmp(e, zero, sizeof(zero));
}

int main(int argc, char **argv)
{
	struct gpt_header hdr;
	char guid[37];
	char name[GPT_NAME_CHARS + 1];
	FILE *f;
	u8 *tbl;
	u32 i;
	int ret = 1;

	if (argc != 2) {
		fprintf(stderr, "usage: %s <disk-image>\n", argv[0]);
		return 2;
	}

	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}

	if (gpt_read_header(f, &hdr)) {
		fprintf(stderr, "%s: no GPT header\n", argv[1]);
		goto out;
	}

	guid_to_str(hdr.disk_guid, guid);
	printf("Disk GUID: %s\n", guid);
	printf("Usable LBAs: %llu - %llu\n", (unsigned long long)hdr.first_usable,
	       (unsigned long long)hdr.last_usable);

	tbl = gpt_read_entries(f, &hdr);
	if (!tbl) {
		fprintf(stderr, "%s: cannot read partition entries\n", argv[1]);
		goto out;
	}

	for (i = 0; i < hdr.num_entries; i++) {
		const u8 *e = tbl + (size_t)i * hdr.entry_size;

		if (entry_unused(e))
			continue;
		guid_to_str(e, guid);
		utf16_name(e + 56, name, GPT_NAME_CHARS);
		printf("%3u %12llu %12llu %s %s\n", i + 1,
		       (unsigned long long)get_le64(e + 32),
		       (unsigned long long)get_le64(e + 40), guid, name);
	}
	free(tbl);
	ret = 0;
out:
	fclose(f);
	return ret;
}
