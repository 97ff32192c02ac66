#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define TLV_HDR 3

enum {
    T_HOSTNAME = 1,
    T_PORT = 2,
    T_CERT = 3,
    T_FLAGS = 4,
    T_END = 0xFF
};

struct dev_config {
    char hostname[64];
    uint16_t port;
    uint8_t *cert;
    size_t cert_len;
    uint32_t flags;
};

static uint16_t get_be16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

static uint32_t get_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static int config_apply(struct dev_config *cfg, uint8_t type, const uint8_t *val, size_t vlen)
{
    uint8_t *c;

    switch (type) {
    case T_HOSTNAME:
        if (vlen == 0 || vlen >= sizeof(cfg->hostname))
            return -1;
        memcpy(cfg->hostname, val, vlen);
        cfg->hostname[vlen] = '\0';
        break;
    case T_PORT:
        if (vlen != 2)
            return -1;
        cfg->port = get_be16(val);
        break;
    case T_CERT:
        c = malloc(vlen ? vlen : 1);
        if (!c)
            return -1;
        memcpy(c, val, vlen);
        free(cfg->cert);
        cfg->cert = c;
        cfg->cert_len = vlen;
        break;
    case T_FLAGS:
        if (vlen != 4)
            return -1;
        cfg->flags = get_be32(val);
        break;
    default:
        break;
    }
    return 0;
}

int config_parse(struct dev_config *cfg, const uint8_t *buf, size_t len)
{
    const uint8_t *p = buf;
    const uint8_t *end = buf + len;

    while (end - p >= TLV_HDR) {
        uint8_t type = p[0];
        uint16_t rlen = get_be16(p + 1);
        uint16_t vlen;

        if (type == T_END)
            return 0;
        if (rlen < TLV_HDR)
            return -1;
        if (rlen > end - p)
            return -1;
        vlen = rlen - TLV_HDR;
        if (config_apply(cfg, type, p + TLV_HDR, vlen) != 0)
            return -1;
        p += rlen;
    }
    return p == end ? 0 : -1;
}

static uint8_t *load_blob(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    uint8_t *buf = NULL;
    long sz;

    if (!fp)
        return NULL;
    if (fseek(fp, 0, SEEK_END) == 0 && (sz = ftell(fp)) > 0 && fseek(fp, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)sz);
        if (buf && fread(buf, 1, (size_t)sz, fp) != (size_t)sz) {
            free(buf);
            buf = NULL;
        }
        *len = (size_t)sz;
    }
    fclose(fp);
    return buf;
}

int main(int argc, char **argv)
{
    struct dev_config cfg;
    uint8_t *blob;
    size_t len = 0, i;
    unsigned sum = 0;
    char portstr[8];
    int rc;

    if (argc < 2) {
        fprintf(stderr, "usage: %s config.bin\n", argv[0]);
        return 2;
    }
    blob = load_blob(argv[1], &len);
    if (!blob) {
        fprintf(stderr, "%s: cannot load\n", argv[1]);
        return 1;
    }
    memset(&cfg, 0, sizeof(cfg));
    strcpy(cfg.hostname, "localhost");
    cfg.port = 8883;
    rc = config_parse(&cfg, blob, len);
    free(blob);
    if (rc != 0) {
        fprintf(stderr, "%s: malformed record\n", argv[1]);
        free(cfg.cert);
        return 1;
    }
    sprintf(portstr, "%u", (unsigned)cfg.port);
    for (i = 0; i < cfg.cert_len; i++)
        sum = (sum * 31u + cfg.cert[i]) & 0xFFFFFFu;
    printf("host=%s port=%s flags=0x%08x cert=%zu bytes (sum %06x)\n",
           cfg.hostname, portstr, (unsigned)cfg.flags, cfg.cert_len, sum);
    free(cfg.cert);
    return 0;
}
