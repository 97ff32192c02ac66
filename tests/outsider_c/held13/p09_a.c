#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;

#define ACPI_MAX_TABLE		(1 << 20)
#define ACPI_SIG_MADT		"APIC"
#define MADT_LOCAL_APIC		0
#define MADT_IO_APIC		1
#define MADT_INT_OVERRIDE	2

struct acpi_table_header {
	char signature[4];
	u32 length;
	u8 revision;
	u8 checksum;
	char oem_id[6];
	char oem_table_id[8];
	u32 oem_revision;
	char asl_compiler_id[4];
	u32 asl_compiler_revision;
};

static inline u16 get_le16(const u8 *p)
{
	return p[0] | (p[1] << 8);
}

static inline u32 get_le32(const u8 *p)
{
	return (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16) | ((u32)p[3] << 24);
}

static u8 acpi_checksum(const u8 *buf, u32 len)
{
	u8 sum = 0;

	while (len--)
		sum += *buf++;
	return sum;
}

int acpi_load_table(const char *path, struct acpi_table_header **out)
{
	struct acpi_table_header hdr;
	u8 *tbl = NULL;
	FILE *f;
	u32 len;
	int ret = -1;

	f = fopen(path, "rb");
	if (!f)
		return -1;
	if (fread(&hdr, 1, sizeof(hdr), f) != sizeof(hdr))
		goto out;

	len = get_le32((const u8 *)&hdr.length);
	if (len < sizeof(hdr) || len > ACPI_MAX_TABLE)
		goto out;

	tbl = malloc(len);
	if (!tbl)
		goto out;
	memcpy(tbl, &hdr, sizeof(hdr));
	if (fread(tbl + sizeof(hdr), 1, len - sizeof(hdr), f) != len - sizeof(hdr))
		goto out_free;

	if (acpi_checksum(tbl, len)) {
		fprintf(stderr, "%s: checksum mismatch\n", path);
		goto out;
	}

	*out = (struct acpi_table_header *)tbl;
	tbl = NULL;
	ret = 0;
out_free:
	free(tbl);
out:
	fclose(f);
	return ret;
}

static void acpi_dump_madt(const u8 *tbl, u32 len)
{
	u32 off = sizeof(struct acpi_table_header) + 8;

	if (len < off)
		return;
	printf("  Local APIC address: 0x%08x\n", get_le32(tbl + 36));
	while (off + 2 <= len) {
		u8 type = tbl[off], elen = tbl[off + 1];

		if (elen < 2 || elen > len - off)
			break;
		if (type == MADT_LOCAL_APIC && elen >= 8)
			printf("  CPU uid %u apic %u %s\n", tbl[off + 2], tbl[off + 3],
			       get_le32(tbl + off + 4) & 1 ? "enabled" : "disabled");
		else if (type == MADT_IO_APIC && elen >= 12)
			printf("  IOAPIC id %u at 0x%08x gsi base %u\n", tbl[off + 2],
			       get_le32(tbl + off + 4), get_le32(tbl + off + 8));
		else if (type == MADT_INT_OVERRIDE && elen >= 10)
			printf("  IRQ %u -> GSI %u flags 0x%04x\n", tbl[off + 3],
			       get_le32(tbl + off + 4), get_le16(tbl + off + 8));
		off += elen;
	}
}

static void acpi_print_header(const struct acpi_table_header *h)
{
	char sig[5], oem[7], oem_tbl[9], creator[5];

	memcpy(sig, h->signature, 4);
	sig[4] = '\0';
	memcpy(oem, h->oem_id, 6);
	oem[6] = '\0';
	memcpy(oem_tbl, h->oem_table_id, 8);
	oem_tbl[8] = '\0';
	memcpy(creator, h->asl_compiler_id, 4);
	creator[4] = '\0';

	printf("%s %06x (v%02u %-6s %-8s %08x %-4s %08x)\n", sig,
	       get_le32((const u8 *)&h->length), h->revision, oem, oem_tbl,
	       get_le32((const u8 *)&h->oem_revision), creator,
	       get_le32((const u8 *)&h->asl_compiler_revision));
}

int main(int argc, char **argv)
{
	struct acpi_table_header *h;
	int i, failed = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s <table>...\n", argv[0]);
		return 2;
	}

	for (i = 1; i < argc; i++) {
		if (acpi_load_table(argv[i], &h)) {
			fprintf(stderr, "%s: cannot load table\n", argv[i]);
			failed++;
			continue;
		}
		acpi_print_header(h);
		if (!memcmp(h->signature, ACPI_SIG_MADT, 4))
			acpi_dump_madt((const u8 *)h, get_le32((const u8 *)&h->length));
		free(h);
	}
	return failed ? 1 : 0;
}
