#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>
#include <arpa/inet.h>

#define RADIUS_HDR_LEN 20
#define RADIUS_MAX_LEN 4096
#define MAX_ATTRS 64

struct radius_attr {
    uint8_t type;
    uint8_t len;
    uint8_t value[253];
};

struct radius_packet {
    uint8_t code;
    uint8_t id;
    uint16_t length;
    uint8_t authenticator[16];
    int nattrs;
};

static struct radius_attr attrs[MAX_ATTRS];

static const struct {
    uint8_t type;
    const char *name;
    int is_string;
} attr_names[] = {
    { 1, "User-Name", 1 },
    { 4, "NAS-IP-Address", 0 },
    { 5, "NAS-Port", 0 },
    { 30, "Called-Station-Id", 1 },
    { 31, "Calling-Station-Id", 1 },
    { 32, "NAS-Identifier", 1 },
    { 0, NULL, 0 }
};

static uint16_t get_be16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

static uint32_t get_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

int radius_decode(struct radius_packet *pkt, const uint8_t *buf, size_t len)
{
    const uint8_t *p, *end;
    uint8_t alen;

    if (len < RADIUS_HDR_LEN)
        return -EPROTO;
    pkt->code = buf[0];
    pkt->id = buf[1];
    pkt->length = get_be16(buf + 2);
    if (pkt->length < RADIUS_HDR_LEN || pkt->length > len)
        return -EPROTO;
    memcpy(pkt->authenticator, buf + 4, 16);
    pkt->nattrs = 0;
    p = buf + RADIUS_HDR_LEN;
    end = buf + pkt->length;
    while (end - p >= 2) {
        alen = p[1];
        if (alen < 2 || alen > end - p)
            return -EPROTO;
        if (pkt->nattrs >= MAX_ATTRS)
            return -ENOSPC;
        attrs[pkt->nattrs].type = p[0];
        attrs[pkt->nattrs].len = alen - 2;
        memcpy(attrs[pkt->nattrs].value, p + 2, alen - 2);
        pkt->nattrs++;
        p += alen;
    }
    return 0;
}

static void print_attr(const struct radius_attr *a)
{
    char text[256];
    struct in_addr ip;
    int i;

    for (i = 0; attr_names[i].name; i++)
        if (attr_names[i].type == a->type)
            break;
    if (!attr_names[i].name) {
        printf("  attr %u (%u bytes)\n", a->type, a->len);
        return;
    }
    if (attr_names[i].is_string) {
        memcpy(text, a->value, a->len);
        text[a->len] = '\0';
        printf("  %s = \"%s\"\n", attr_names[i].name, text);
    } else if (a->type == 4 && a->len == 4) {
        memcpy(&ip.s_addr, a->value, 4);
        printf("  %s = %s\n", attr_names[i].name, inet_ntoa(ip));
    } else if (a->len == 4) {
        printf("  %s = %u\n", attr_names[i].name, get_be32(a->value));
    }
}

int main(int argc, char **argv)
{
    uint8_t buf[RADIUS_MAX_LEN];
    struct radius_packet pkt;
    FILE *fp = stdin;
    size_t n;
    int i, ret;

    if (argc > 1 && !(fp = fopen(argv[1], "rb"))) {
        perror(argv[1]);
        return 1;
    }
    n = fread(buf, 1, sizeof(buf), fp);
    if (fp != stdin)
        fclose(fp);
    ret = radius_decode(&pkt, buf, n);
    if (ret < 0) {
        fprintf(stderr, "malformed packet (%d)\n", ret);
        return 1;
    }
    printf("code %u id %u length %u attrs %d\n", pkt.code, pkt.id, pkt.length, pkt.nattrs);
    for (i = 0; i < pkt.nattrs; i++)
        print_attr(&attrs[i]);
    return 0;
}
