#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define TLV_SYNC        0x7E
#define TAG_DEVICE_NAME 0x01
#define TAG_FW_VERSION  0x02
#define TAG_SERIAL      0x03
#define TAG_INTERVAL    0x10
#define TAG_THRESHOLD   0x11

typedef struct {
    char name[20];
    char fw_version[12];
    uint8_t serial[8];
    uint16_t interval_s;
    int16_t threshold;
    uint8_t seen;
} device_info_t;

static device_info_t g_dev;

static void copy_text(char *dst, size_t cap, const uint8_t *val, uint8_t len)
{
    size_t n = strnlen((const char *)val, len);

    if (n >= cap)
        n = cap - 1;
    memcpy(dst, val, n);
    dst[n] = '\0';
}

static int apply_tlv(uint8_t tag, const uint8_t *val, uint8_t len)
{
    switch (tag) {
    case TAG_DEVICE_NAME:
        copy_text(g_dev.name, sizeof(g_dev.name), val, len);
        break;
    case TAG_FW_VERSION:
        copy_text(g_dev.fw_version, sizeof(g_dev.fw_version), val, len);
        break;
    case TAG_SERIAL:
        if (len != sizeof(g_dev.serial))
            return -1;
        memcpy(g_dev.serial, val, sizeof(g_dev.serial));
        break;
    case TAG_INTERVAL:
        if (len != 2)
            return -1;
        g_dev.interval_s = (uint16_t)(val[0] | (val[1] << 8));
        break;
    case TAG_THRESHOLD:
        if (len != 2)
            return -1;
        g_dev.threshold = (int16_t)(val[0] | (val[1] << 8));
        break;
    default:
        return 0;
    }
    g_dev.seen |= (uint8_t)(1u << (tag & 0x07));
    return 1;
}

int uart_tlv_frame(const uint8_t *buf, size_t len)
{
    size_t pos;
    size_t body;
    uint8_t x = 0;
    int applied = 0;

    if (len < 4 || buf[0] != TLV_SYNC)
        return -1;
    body = buf[1];
    if (body + 3 != len)
        return -1;
    for (size_t i = 1; i < len - 1; i++)
        x ^= buf[i];
    if (x != buf[len - 1])
        return -1;

    pos = 2;
    while (pos + 2 <= 2 + body) {
        uint8_t tag = buf[pos];
        uint8_t tl = buf[pos + 1];
        if (pos + 2 + tl > 2 + body)
            return -1;
        if (apply_tlv(tag, buf + pos + 2, tl) < 0)
            return -1;
        applied++;
        pos += 2 + (size_t)tl;
    }
    return applied;
}

int device_describe(char *out, size_t cap)
{
    char serial[2 * sizeof(g_dev.serial) + 1];

    for (size_t i = 0; i < sizeof(g_dev.serial); i++)
        sprintf(serial + 2 * i, "%02x", g_dev.serial[i]);
    return snprintf(out, cap, "%s fw=%s sn=%s every %us thr=%d",
                    g_dev.name[0] ? g_dev.name : "?",
                    g_dev.fw_version[0] ? g_dev.fw_version : "?",
                    serial, g_dev.interval_s, g_dev.threshold);
}
