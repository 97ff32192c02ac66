#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>

#define FRAME_SOF 0xA5
#define FRAME_HDR 4
#define FRAME_OVERHEAD 6
#define FRAME_MAX 512

struct frame {
    uint8_t type;
    size_t len;
    uint8_t payload[FRAME_MAX];
};

static uint16_t crc16_ccitt(const uint8_t *p, size_t n)
{
    uint16_t crc = 0xFFFF;
    int i;

    while (n--) {
        crc ^= (uint16_t)(*p++ << 8);
        for (i = 0; i < 8; i++)
            crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
    }
    return crc;
}

size_t frame_encode(uint8_t type, const uint8_t *data, size_t n, uint8_t *out, size_t outsz)
{
    size_t total = n + FRAME_OVERHEAD;
    uint16_t crc;

    if (n > FRAME_MAX || total > outsz)
        return 0;
    out[0] = FRAME_SOF;
    out[1] = (uint8_t)(total >> 8);
    out[2] = (uint8_t)(total & 0xFF);
    out[3] = type;
    memcpy(out + FRAME_HDR, data, n);
    crc = crc16_ccitt(out + 1, n + FRAME_HDR - 1);
    out[FRAME_HDR + n] = (uint8_t)(crc >> 8);
    out[FRAME_HDR + n + 1] = (uint8_t)(crc & 0xFF);
    return total;
}

long frame_decode(const uint8_t *buf, size_t avail, struct frame *f)
{
    size_t total, plen;
    uint16_t crc, got;

    if (avail < FRAME_HDR)
        return 0;
    if (buf[0] != FRAME_SOF)
        return -1;
    total = ((size_t)buf[1] << 8) | buf[2];
   if (total < FRAME_OVERHEAD || total > FRAME_MAX + FRAME_OVERHEAD)
        return -1;
    if (total > avail)
        return 0;
    plen = total - FRAME_OVERHEAD;
    crc = crc16_ccitt(buf + 1, plen + FRAME_HDR - 1);
    got = (uint16_t)((buf[FRAME_HDR + plen] << 8) | buf[FRAME_HDR + plen + 1]);
    if (crc != got)
        return -1;
    f->type = buf[3];
    f->len = plen;
    memcpy(f->payload, buf + FRAME_HDR, plen);
    return (long)total;
}

static void dump_frame(const struct frame *f)
{
    char hex[3 * 16 + 1];
    size_t i, o = 0;

    for (i = 0; i < f->len && i < 16; i++)
        o += (size_t)sprintf(hex + o, "%02x ", f->payload[i]);
    hex[o] = '\0';
    printf("type %u len %zu: %s%s\n", f->type, f->len, hex, f->len > 16 ? "..." : "");
}

int main(int argc, char **argv)
{
    static uint8_t buf[8192];
    struct frame f;
    size_t have = 0, off = 0;
    long used;
    FILE *in = stdin;

    if (argc > 1 && strcmp(argv[1], "-") != 0) {
        in = fopen(argv[1], "rb");
        if (in == NULL) {
            perror(argv[1]);
            return 1;
        }
    }
    have = fread(buf, 1, sizeof(buf), in);
    while (off < have) {
        used = frame_decode(buf + off, have - off, &f);
        if (used == 0)
            break;
        if (used < 0) {
            off++;
            continue;
        }
        dump_frame(&f);
        off += (size_t)used;
    }
    if (in != stdin)
        fclose(in);
    if (argc > 2) {
        uint8_t out[FRAME_MAX + FRAME_OVERHEAD];
        size_t n = frame_encode(0x01, (const uint8_t *)argv[2], strlen(argv[2]), out, sizeof(out));
        fwrite(out, 1, n, stdout);
    }
    return 0;
}
