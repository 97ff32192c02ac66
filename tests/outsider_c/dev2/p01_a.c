#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define DNS_HDR_LEN 12
#define DNS_NAME_BUF 256
#define DNS_MAX_PTRS 16

struct dns_msg {
    const uint8_t *base;
    size_t len;
};

struct dns_header {
    uint16_t id;
    uint16_t flags;
    uint16_t qdcount;
    uint16_t ancount;
};

static int rd_u16(const struct dns_msg *m, size_t *off, uint16_t *v)
{
    if (*off + 2 > m->len)
        return -1;
    *v = (uint16_t)((m->base[*off] << 8) | m->base[*off + 1]);
    *off += 2;
    return 0;
}

static int dns_read_header(const struct dns_msg *m, struct dns_header *h)
{
    size_t off = 0;
    uint16_t skip;

    if (m->len < DNS_HDR_LEN)
        return -1;
    if (rd_u16(m, &off, &h->id) || rd_u16(m, &off, &h->flags) ||
        rd_u16(m, &off, &h->qdcount) || rd_u16(m, &off, &h->ancount))
        return -1;
    if (rd_u16(m, &off, &skip) || rd_u16(m, &off, &skip))
        return -1;
    return 0;
}

int dns_decode_name(const struct dns_msg *m, size_t *off, char *out, size_t outsz)
{
    const uint8_t *p = m->base + *off;
    const uint8_t *end = m->base + m->len;
    size_t o = 0;
    int ptrs = 0;
    int jumped = 0;

    if (outsz == 0 || *off >= m->len)
        return -1;
    for (;;) {
        uint8_t l;

        if (p >= end)
            return -1;
        l = *p;
        if (l == 0) {
            if (!jumped)
                *off = (size_t)(p + 1 - m->base);
            break;
        }
        if ((l & 0xC0) == 0xC0) {
            size_t target;

            if (end - p < 2)
                return -1;
            target = ((size_t)(l & 0x3F) << 8) | p[1];
            if (!jumped)
                *off = (size_t)(p + 2 - m->base);
            if (target >= m->len || ++ptrs > DNS_MAX_PTRS)
                return -1;
            jumped = 1;
            p = m->base + target;
            continue;
        }
        if (l > 63 || (size_t)(end - p) <= l)
            return -1;
        if (o + l + 2 > outsz)
            return -1;
        if (o > 0)
            out[o++] = '.';
        memcpy(out + o, p + 1, l);
        o += l;
        p += l + 1;
    }
    out[o] = '\0';
    return 0;
}

static const char *qtype_name(uint16_t t, char *tmp)
{
    switch (t) {
    case 1: return "A";
    case 2: return "NS";
    case 5: return "CNAME";
    case 15: return "MX";
    case 16: return "TXT";
    case 28: return "AAAA";
    }
    sprintf(tmp, "TYPE%u", (unsigned)t);
    return tmp;
}

static int load_file(const char *path, uint8_t **buf, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    uint8_t *data = NULL;
    long sz;

    if (!fp)
        return -1;
    if (fseek(fp, 0, SEEK_END) != 0 || (sz = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET) != 0)
        goto fail;
    data = malloc(sz ? (size_t)sz : 1);
    if (!data)
        goto fail;
    if (fread(data, 1, (size_t)sz, fp) != (size_t)sz)
        goto fail;
    fclose(fp);
    *buf = data;
    *len = (size_t)sz;
    return 0;
fail:
    free(data);
    fclose(fp);
    return -1;
}

int main(int argc, char **argv)
{
    struct dns_msg m;
    struct dns_header h;
    uint8_t *raw = NULL;
    size_t len, off = DNS_HDR_LEN;
    char name[DNS_NAME_BUF];
    char tbuf[16];
    unsigned i;
    int rc = 1;

    if (argc < 2) {
        fprintf(stderr, "usage: %s packet.bin\n", argv[0]);
        return 2;
    }
    if (load_file(argv[1], &raw, &len) != 0) {
        perror(argv[1]);
        return 1;
    }
    m.base = raw;
    m.len = len;
    if (dns_read_header(&m, &h) != 0) {
        fprintf(stderr, "short header\n");
        goto out;
    }
    printf("id=%u flags=0x%04x qd=%u an=%u\n", h.id, h.flags, h.qdcount, h.ancount);
    for (i = 0; i < h.qdcount; i++) {
        uint16_t qtype, qclass;

        if (dns_decode_name(&m, &off, name, sizeof(name)) != 0) {
            fprintf(stderr, "malformed name in question %u\n", i);
            goto out;
        }
        if (rd_u16(&m, &off, &qtype) || rd_u16(&m, &off, &qclass))
            goto out;
        if (name[0] == '\0')
            strcpy(name, ".");
        printf("%s %s class=%u\n", name, qtype_name(qtype, tbuf), qclass);
    }
    rc = 0;
out:
    free(raw);
    return rc;
}
