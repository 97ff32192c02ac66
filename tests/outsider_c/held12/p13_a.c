#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>

#define STUN_HDR_LEN 20
#define STUN_MAGIC 0x2112A442u
#define ATTR_MAPPED_ADDRESS 0x0001
#define ATTR_USERNAME 0x0006
#define ATTR_XOR_MAPPED_ADDRESS 0x0020
#define ATTR_SOFTWARE 0x8022
#define ATTR_FINGERPRINT 0x8028

struct stun_msg {
    uint16_t type;
    uint16_t length;
    uint8_t tid[12];
    char username[128];
    char software[128];
    uint32_t mapped_ip;
    uint16_t mapped_port;
    int has_fingerprint;
    int nattrs;
};

static uint16_t get_be16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

static uint32_t get_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void copy_text(char *dst, size_t dsz, const uint8_t *src, size_t len)
{
    if (len >= dsz)
        len = dsz - 1;
    memcpy(dst, src, len);
    dst[len] = '\0';
}

static int read_address(struct stun_msg *m, const uint8_t *v, uint16_t len, int xored)
{
    if (len < 8 || v[1] != 0x01)
        return -EAFNOSUPPORT;
    m->mapped_port = get_be16(v + 2);
    m->mapped_ip = get_be32(v + 4);
    if (xored) {
        m->mapped_port ^= STUN_MAGIC >> 16;
        m->mapped_ip ^= STUN_MAGIC;
    }
    return 0;
}

int stun_parse(struct stun_msg *m, const uint8_t *buf, size_t len)
{
    const uint8_t *p, *end;
    uint16_t atype, alen;

    if (len < STUN_HDR_LEN || (buf[0] & 0xc0))
        return -EPROTO;
    m->type = get_be16(buf);
    m->length = get_be16(buf + 2);
    if (get_be32(buf + 4) != STUN_MAGIC || (m->length & 3))
        return -EPROTO;
    if (m->length > len - STUN_HDR_LEN)
        return -EPROTO;
    memcpy(m->tid, buf + 8, 12);
    p = buf + STUN_HDR_LEN;
    end = p + m->length;
    while (end - p >= 4) {
        atype = get_be16(p);
        alen = get_be16(p + 2);
        p += 4;
        switch (atype) {
        case ATTR_USERNAME:
            copy_text(m->username, sizeof(m->username), p, alen);
            break;
        case ATTR_SOFTWARE:
            copy_text(m->software, sizeof(m->software), p, alen);
            break;
        case ATTR_MAPPED_ADDRESS:
        case ATTR_XOR_MAPPED_ADDRESS:
            read_address(m, p, alen, atype == ATTR_XOR_MAPPED_ADDRESS);
            break;
        case ATTR_FINGERPRINT:
            m->has_fingerprint = 1;
            break;
        }
        m->nattrs++;
        p += (alen + 3) & ~3;
    }
    return 0;
}

static uint8_t *read_all(FILE *fp, size_t *len)
{
    uint8_t tmp[2048];
    uint8_t *buf;
    size_t n = fread(tmp, 1, sizeof(tmp), fp);

    buf = malloc(n ? n : 1);
    if (buf)
        memcpy(buf, tmp, n);
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    struct stun_msg m;
    FILE *fp = stdin;
    uint8_t *buf;
    size_t len;
    char addr[32];
    int ret;

    if (argc > 1 && !(fp = fopen(argv[1], "rb"))) {
        perror(argv[1]);
        return 1;
    }
    buf = read_all(fp, &len);
    if (fp != stdin)
        fclose(fp);
    if (!buf)
        return 1;
    memset(&m, 0, sizeof(m));
    ret = stun_parse(&m, buf, len);
    free(buf);
    if (ret < 0) {
        fprintf(stderr, "not a STUN message\n");
        return 1;
    }
    sprintf(addr, "%u.%u.%u.%u:%u", m.mapped_ip >> 24, (m.mapped_ip >> 16) & 0xff,
            (m.mapped_ip >> 8) & 0xff, m.mapped_ip & 0xff, m.mapped_port);
    printf("type 0x%04x len %u attrs %d fingerprint %s\n", m.type, m.length, m.nattrs,
           m.has_fingerprint ? "yes" : "no");
    printf("mapped %s user \"%s\" software \"%s\"\n", addr, m.username, m.software);
    return 0;
}
