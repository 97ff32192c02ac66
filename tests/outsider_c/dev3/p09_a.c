#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define TLV_NAME 1
#define TLV_ADDR 2
#define TLV_PORT 3
#define TLV_NOTE 4

struct pkt_info {
    uint8_t version;
    uint8_t type;
    uint16_t length;
    char name[64];
    uint8_t addr[4];
    uint16_t port;
    unsigned notes;
};

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

static void store_string(char *dst, size_t dstsz, const uint8_t *src, size_t n)
{
    if (n >= dstsz)
        n = dstsz - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static int handle_tlv(struct pkt_info *info, uint8_t type, const uint8_t *val, uint8_t len)
{
    char note[256];

    switch (type) {
    case TLV_NAME:
        store_string(info->name, sizeof(info->name), val, len);
        break;
    case TLV_ADDR:
        if (len != 4)
            return -1;
        memcpy(info->addr, val, 4);
        break;
    case TLV_PORT:
        if (len != 2)
            return -1;
        info->port = rd16(val);
        break;
    case TLV_NOTE:
        memcpy(note, val, len);
        note[len] = '\0';
        info->notes++;
        printf("note: %s\n", note);
        break;
    default:
        break;
    }
    return 0;
}

int decode_packet(const uint8_t *pkt, size_t total, struct pkt_info *info)
{
    size_t off = 4;

    memset(info, 0, sizeof(*info));
    if (total < 4)
        return -1;
    info->version = pkt[0];
    info->type = pkt[1];
    info->length = rd16(pkt + 2);
    if (info->version != 1)
        return -1;
    if (info->length < total)
        total = info->length;
    while (off + 2 <= total) {
        uint8_t t = pkt[off];
        uint8_t len = pkt[off + 1];

        if (off + 2 + len > total)
            return -1;
        if (handle_tlv(info, t, pkt + off + 2, len) < 0)
            return -1;
        off += 2 + (size_t)len;
    }
    return 0;
}

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    uint8_t *buf;
    long sz;

    if (!fp)
        return NULL;
    if (fseek(fp, 0, SEEK_END) != 0 || (sz = ftell(fp)) <= 0 || fseek(fp, 0, SEEK_SET) != 0) {
        fclose(fp);
        return NULL;
    }
    buf = malloc((size_t)sz);
    if (buf && fread(buf, 1, (size_t)sz, fp) != (size_t)sz) {
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    *len = (size_t)sz;
    return buf;
}

int main(int argc, char **argv)
{
    struct pkt_info info;
    uint8_t *pkt;
    size_t len;

    if (argc < 2) {
        fprintf(stderr, "usage: %s PACKET\n", argv[0]);
        return 1;
    }
    pkt = read_file(argv[1], &len);
    if (!pkt) {
        perror(argv[1]);
        return 1;
    }
    if (decode_packet(pkt, len, &info) < 0) {
        fprintf(stderr, "decode error\n");
        free(pkt);
        return 1;
    }
    printf("v%u type=%u name=%s addr=%u.%u.%u.%u port=%u notes=%u\n",
           info.version, info.type, info.name[0] ? info.name : "-",
           info.addr[0], info.addr[1], info.addr[2], info.addr[3],
           info.port, info.notes);
    free(pkt);
    return 0;
}
