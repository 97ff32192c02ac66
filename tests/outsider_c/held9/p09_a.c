#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define FW_MAGIC        0x4657494Du
#define FW_HDR_VERSION  1
#define FW_FLAG_ENCRYPT 0x0001
#define FLASH_BASE      0x08000000u
#define FLASH_SIZE      0x00080000u

typedef struct __attribute__((packed)) {
    uint32_t magic;
    uint16_t hdr_version;
    uint16_t flags;
    uint32_t load_addr;
    uint32_t entry;
    uint32_t payload_off;
    uint32_t payload_len;
    uint32_t payload_crc;
    char version[16];
    uint32_t hdr_crc;
} fw_header_t;

typedef struct {
    uint32_t load_addr;
    uint32_t entry;
    uint32_t size;
    uint16_t flags;
    char version[17];
} fw_info_t;

static uint32_t crc32_sw(const uint8_t *p, size_t n)
{
    uint32_t crc = 0xFFFFFFFFu;

    while (n--) {
        crc ^= *p++;
        for (int i = 0; i < 8; i++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static int addr_in_flash(uint32_t addr, uint32_t len)
{
    if (addr < FLASH_BASE)
        return 0;
    if (addr - FLASH_BASE > FLASH_SIZE)
        return 0;
    return len <= FLASH_SIZE - (addr - FLASH_BASE);
}

int fw_image_inspect(const uint8_t *img, size_t img_len, fw_info_t *info)
{
    fw_header_t h;

    if (img == NULL || img_len < sizeof(h))
        return -1;
    memcpy(&h, img, sizeof(h));
    if (h.magic != FW_MAGIC || h.hdr_version != FW_HDR_VERSION)
        return -2;
    if (crc32_sw(img, offsetof(fw_header_t, hdr_crc)) != h.hdr_crc)
        return -3;
    if (h.payload_off < sizeof(h))
        return -4;
    if (h.payload_off + h.payload_len > img_len)
        return -4;
    if (!addr_in_flash(h.load_addr, h.payload_len))
        return -5;
    if (h.entry < h.load_addr || h.entry - h.load_addr >= h.payload_len)
        return -5;
    if (!(h.flags & FW_FLAG_ENCRYPT) &&
        crc32_sw(img + h.payload_off, h.payload_len) != h.payload_crc)
        return -6;

    info->load_addr = h.load_addr;
    info->entry = h.entry;
    info->size = h.payload_len;
    info->flags = h.flags;
    memcpy(info->version, h.version, sizeof(h.version));
    info->version[sizeof(h.version)] = '\0';
    return 0;
}

int fw_info_format(const fw_info_t *info, char *out, size_t cap)
{
    int n = snprintf(out, cap, "fw %s @0x%08lX entry 0x%08lX size %lu%s",
                     info->version,
                     (unsigned long)info->load_addr,
                     (unsigned long)info->entry,
                     (unsigned long)info->size,
                     (info->flags & FW_FLAG_ENCRYPT) ? " enc" : "");
    return (n < 0 || (size_t)n >= cap) ? -1 : n;
}
