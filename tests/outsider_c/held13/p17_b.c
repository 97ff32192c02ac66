#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>

typedef uint8_t u8;
typedef uint32_t u32;

#define FW_MAGIC		0x4d495746
#define FW_HDR_SIZE		16
#define FW_SECT_SIZE		16
#define FW_MAX_SECTIONS		16
#define FW_MAX_SIZE		(4 << 20)
#define DEV_SRAM_SIZE		(16 * 1024)

struct fw_blob {
	size_t size;
	u8 data[];
};

struct fw_section {
	u32 type;
	u32 load_addr;
	u32 offset;
	u32 size;
};

struct sram_dev {
	const char *name;
	u8 *sram;
	u32 sram_size;
	u32 entry;
	u32 loaded;
};

static inline u32 get_le32(const u8 *p)
{
	return (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16) | ((u32)p[3] << 24);
}

int request_firmware(struct fw_blob **out, const char *name, const char *dir)
{
	struct fw_blob *fw;
	char path[512];
	FILE *f;
	long size;
	int ret = -ENOENT;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f)
		return ret;
	ret = -EINVAL;
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) <= 0 || size > FW_MAX_SIZE)
		goto out;
	rewind(f);

	ret = -ENOMEM;
	fw = malloc(sizeof(*fw) + size);
	if (!fw)
		goto out;
	fw->size = (size_t)size;
	if (fread(fw->data, 1, fw->size, f) != fw->size) {
		free(fw);
		ret = -EIO;
		goto out;
	}
	*out = fw;
	ret = 0;
out:
	fclose(f);
	return ret;
}

static void release_firmware(struct fw_blob *fw)
{
	free(fw);
}

static void fw_read_section(const u8 *p, struct fw_section *s)
{
	s->type = get_le32(p);
	s->load_addr = get_le32(p + 4);
	s->offset = get_le32(p + 8);
	s->size = get_le32(p + 12);
}

int dev_load_firmware(struct sram_dev *dev, const struct fw_blob *fw)
{
	struct fw_section sec;
	u32 nsect, i;

	if (fw->size < FW_HDR_SIZE || get_le32(fw->data) != FW_MAGIC)
		return -EINVAL;
	nsect = get_le32(fw->data + 8);
	if (nsect == 0 || nsect > FW_MAX_SECTIONS ||
	    FW_HDR_SIZE + nsect * FW_SECT_SIZE > fw->size)
		return -EINVAL;
	dev->entry = get_le32(fw->data + 12);
	if (dev->entry >= dev->sram_size)
		return -EINVAL;

	for (i = 0; i < nsect; i++) {
		fw_read_section(fw->data + FW_HDR_SIZE + i * FW_SECT_SIZE, &sec);

		if (sec.size > fw->size || sec.offset > fw->size - sec.size) {
			fprintf(stderr, "%s: section %u outside image\n", dev->name, i);
			return -EINVAL;
		}
		if (sec.load_addr >= dev->sram_size) {
			fprintf(stderr, "%s: section %u load address 0x%x invalid\n",
				dev->name, i, sec.load_addr);
			return -EINVAL;
		}
		memcpy(dev->sram + sec.load_addr, fw->data + sec.offset, sec.size);
		dev->loaded += sec.size;
		printf("%s: section %u type %u: %u bytes at 0x%05x\n", dev->name, i,
		       sec.type, sec.size, sec.load_addr);
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct sram_dev dev;
	struct fw_blob *fw;
	const char *dir = "/lib/firmware";
	u32 i;
	int ret;

	if (argc < 2) {
		fprintf(stderr, "usage: %s <firmware-name> [dir]\n", argv[0]);
		return 2;
	}
	if (argc > 2)
		dir = argv[2];

	memset(&dev, 0, sizeof(dev));
	dev.name = "dsp0";
	dev.sram_size = DEV_SRAM_SIZE;
	dev.sram = calloc(1, dev.sram_size);
	if (!dev.sram)
		return 1;

	ret = request_firmware(&fw, argv[1], dir);
	if (ret) {
		fprintf(stderr, "%s: firmware %s not available (%d)\n", dev.name, argv[1], ret);
		free(dev.sram);
		return 1;
	}
	ret = dev_load_firmware(&dev, fw);
	release_firmware(fw);

	if (!ret) {
		printf("%s: %u bytes loaded, entry 0x%05x:", dev.name, dev.loaded, dev.entry);
		for (i = 0; i < 8 && dev.entry + i < dev.sram_size; i++)
			printf(" %02x", dev.sram[dev.entry + i]);
		putchar('\n');
	}
	free(dev.sram);
	return ret ? 1 : 0;
}
