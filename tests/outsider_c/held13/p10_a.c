#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;

#define PCI_VENDOR_ID		0x00
#define PCI_DEVICE_ID		0x02
#define PCI_STATUS		0x06
#define PCI_STATUS_CAP_LIST	0x10
#define PCI_REVISION_ID		0x08
#define PCI_CLASS_DEVICE	0x0a
#define PCI_HEADER_TYPE		0x0e
#define PCI_CAPABILITY_LIST	0x34
#define PCI_STD_HEADER_SIZEOF	64
#define PCI_CFG_SPACE_EXP_SIZE	4096
#define PCI_FIND_CAP_TTL	48

#define PCI_CAP_ID_PM		0x01
#define PCI_CAP_ID_MSI		0x05
#define PCI_CAP_ID_VNDR		0x09
#define PCI_CAP_ID_EXP		0x10
#define PCI_CAP_ID_MSIX		0x11

struct pci_cfg {
	size_t len;
	u8 data[];
};

static const char *const class_names[] = {
	"Unclassified", "Mass storage controller", "Network controller",
	"Display controller", "Multimedia controller", "Memory controller",
	"Bridge", "Communication controller", "Generic system peripheral",
	"Input device controller", "Docking station", "Processor",
	"Serial bus controller",
};

static inline u16 get_le16(const u8 *p)
{
	return p[0] | (p[1] << 8);
}

struct pci_cfg *pci_read_config(const char *path)
{
	u8 raw[PCI_CFG_SPACE_EXP_SIZE];
	struct pci_cfg *cfg;
	FILE *f;
	size_t n;

	f = fopen(path, "rb");
	if (!f)
		return NULL;
	n = fread(raw, 1, sizeof(raw), f);
	fclose(f);
	if (n < PCI_STD_HEADER_SIZEOF)
		return NULL;

	cfg = malloc(sizeof(*cfg) + n);
	if (!cfg)
		return NULL;
	cfg->len = n;
	memcpy(cfg->data, raw, n);
	return cfg;
}

static const char *cap_name(u8 id)
{
	switch (id) {
	case PCI_CAP_ID_PM:	return "Power Management";
	case PCI_CAP_ID_MSI:	return "MSI";
	case PCI_CAP_ID_VNDR:	return "Vendor Specific";
	case PCI_CAP_ID_EXP:	return "Express";
	case PCI_CAP_ID_MSIX:	return "MSI-X";
	default:		return "Unknown";
	}
}

int pci_walk_caps(const struct pci_cfg *cfg)
{
	int ttl = PCI_FIND_CAP_TTL;
	int count = 0;
	u8 pos;

	if (!(get_le16(cfg->data + PCI_STATUS) & PCI_STATUS_CAP_LIST))
		return 0;

	pos = cfg->data[PCI_CAPABILITY_LIST] & ~3;
	while (pos && ttl--) {
		u8 id = cfg->data[pos];
		u8 next = cfg->data[pos + 1];
		u16 flags = get_le16(cfg->data + pos + 2);

		printf("\tCapabilities: [%02x] %s", pos, cap_name(id));
		if (id == PCI_CAP_ID_MSI)
			printf(": Enable%c Count=%u 64bit%c", flags & 1 ? '+' : '-',
			       1U << ((flags >> 1) & 7), flags & 0x80 ? '+' : '-');
		else if (id == PCI_CAP_ID_EXP)
			printf(" v%u, type %u", flags & 0xf, (flags >> 4) & 0xf);
		else if (id == PCI_CAP_ID_MSIX)
			printf(": Enable%c Count=%u", flags & 0x8000 ? '+' : '-',
			       (flags & 0x7ff) + 1);
		putchar('\n');
		count++;
		pos = next & ~3;
	}
	return count;
}

static void slot_name(const char *path, char *out, size_t len)
{
	char tmp[256];
	char *p;

	snprintf(tmp, sizeof(tmp), "%s", path);
	p = strrchr(tmp, '/');
	if (p && !strcmp(p, "/config"))
		*p = '\0';
	p = strrchr(tmp, '/');
	snprintf(out, len, "%s", p ? p + 1 : tmp);
}

int main(int argc, char **argv)
{
	struct pci_cfg *cfg;
	char slot[64];
	u8 base;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s <config-file>...\n", argv[0]);
		return 2;
	}

	for (i = 1; i < argc; i++) {
		cfg = pci_read_config(argv[i]);
		if (!cfg) {
			fprintf(stderr, "%s: cannot read config space\n", argv[i]);
			continue;
		}
		slot_name(argv[i], slot, sizeof(slot));
		base = cfg->data[PCI_CLASS_DEVICE + 1];
		printf("%s %s [%04x]: %04x:%04x (rev %02x) header type %u\n", slot,
		       base < sizeof(class_names) / sizeof(class_names[0]) ? class_names[base] : "Other",
		       get_le16(cfg->data + PCI_CLASS_DEVICE),
		       get_le16(cfg->data + PCI_VENDOR_ID), get_le16(cfg->data + PCI_DEVICE_ID),
		       cfg->data[PCI_REVISION_ID], cfg->data[PCI_HEADER_TYPE] & 0x7f);
		pci_walk_caps(cfg);
		free(cfg);
	}
	return 0;
}
