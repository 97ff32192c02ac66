#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>

#define DNS_HDR_LEN 12
#define DNS_NAME_MAX 256
#define MDNS_MAX_PKT 9000
#define MAX_JUMPS 16

static const struct {
    uint16_t type;
    const char *name;
} rr_types[] = {
    { 1, "A" }, { 12, "PTR" }, { 16, "TXT" }, { 28, "AAAA" }, { 33, "SRV" }, { 47, "NSEC" },
};

static uint16_t get_be16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

static uint32_t get_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static const char *type_name(uint16_t t)
{
    static char buf[16];
    size_t i;

    for (i = 0; i < sizeof(rr_types) / sizeof(rr_types[0]); i++)
        if (rr_types[i].type == t)
            return rr_types[i].name;
    snprintf(buf, sizeof(buf), "TYPE%u", t);
    return buf;
}

int dns_expand_name(const uint8_t *msg, const uint8_t *end, const uint8_t **pp, char *out)
{
    const uint8_t *p = *pp, *next = NULL;
    size_t o = 0;
    int jumps = 0;
    uint8_t llen;

    for (;;) {
        if (p >= end)
            return -EPROTO;
        llen = *p++;
        if (llen == 0)
            break;
        if ((llen & 0xc0) == 0xc0) {
            if (p >= end || ++jumps > MAX_JUMPS)
                return -EPROTO;
            if (!next)
                next = p + 1;
            p = msg + (((llen & 0x3f) << 8) | *p);
            continue;
        }
        if (llen > 63 || llen > end - p)
            return -EPROTO;
        memcpy(out + o, p, llen);
        o += llen;
        out[o++] = '.';
        p += llen;
    }
    if (o == 0)
        out[o++] = '.';
    out[o] = '\0';
    *pp = next ? next : p;
    return 0;
}

static int dump_records(const uint8_t *msg, const uint8_t *end, const uint8_t **pp, int count,
                        int question)
{
    char name[DNS_NAME_MAX], target[DNS_NAME_MAX];
    const uint8_t *p = *pp, *rd;
    uint16_t type, cls, rdlen;
    int i;

    for (i = 0; i < count; i++) {
        if (dns_expand_name(msg, end, &p, name) < 0)
            return -EPROTO;
        if (end - p < (question ? 4 : 10))
            return -EPROTO;
        type = get_be16(p);
        cls = get_be16(p + 2);
        if (question) {
            printf("Q  %-40s %-5s %s\n", name, type_name(type), (cls & 0x8000) ? "QU" : "QM");
            p += 4;
            continue;
        }
        rdlen = get_be16(p + 8);
        rd = p + 10;
        if (rdlen > end - rd)
            return -EPROTO;
        printf("RR %-40s %-5s ttl=%u%s", name, type_name(type), get_be32(p + 4),
               (cls & 0x8000) ? " flush" : "");
        if (type == 12 && dns_expand_name(msg, rd + rdlen, &rd, target) == 0)
            printf(" -> %s", target);
        else if (type == 1 && rdlen == 4)
            printf(" -> %u.%u.%u.%u", rd[0], rd[1], rd[2], rd[3]);
        putchar('\n');
        p += 10 + rdlen;
    }
    *pp = p;
    return 0;
}

int main(int argc, char **argv)
{
    static uint8_t pkt[MDNS_MAX_PKT];
    const uint8_t *p, *end;
    FILE *fp = stdin;
    size_t n;

    if (argc > 1 && !(fp = fopen(argv[1], "rb"))) {
        perror(argv[1]);
        return 1;
    }
    n = fread(pkt, 1, sizeof(pkt), fp);
    if (fp != stdin)
        fclose(fp);
    if (n < DNS_HDR_LEN) {
        fprintf(stderr, "short packet\n");
        return 1;
    }
    end = pkt + n;
    p = pkt + DNS_HDR_LEN;
    printf("id %u flags %04x qd %u an %u\n", get_be16(pkt), get_be16(pkt + 2),
           get_be16(pkt + 4), get_be16(pkt + 6));
    if (dump_records(pkt, end, &p, get_be16(pkt + 4), 1) < 0 ||
        dump_records(pkt, end, &p, get_be16(pkt + 6), 0) < 0) {
        fprintf(stderr, "malformed packet\n");
        return 1;
    }
    return 0;
}
