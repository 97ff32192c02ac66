#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DHCP_BOOTP_LEN 236
#define DHCP_MAX_DNS 4

enum dhcp_err {
    DHCP_OK = 0,
    DHCP_ERR_SHORT = -1,
    DHCP_ERR_COOKIE = -2,
    DHCP_ERR_TRUNC = -3,
};

struct dhcp_lease {
    uint8_t msg_type;
    uint32_t yiaddr;
    uint32_t netmask;
    uint32_t router;
    uint32_t dns[DHCP_MAX_DNS];
    size_t ndns;
    uint32_t lease_secs;
    char hostname[64];
};

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void apply_option(struct dhcp_lease *l, uint8_t code, const uint8_t *val, size_t olen)
{
    switch (code) {
    case 1:
        if (olen >= 4) l->netmask = be32(val);
        break;
    case 3:
        if (olen >= 4) l->router = be32(val);
        break;
    case 6:
        for (size_t i = 0; i + 4 <= olen && l->ndns < DHCP_MAX_DNS; i += 4)
            l->dns[l->ndns++] = be32(val + i);
        break;
    case 12: {
        const size_t n = olen < sizeof l->hostname - 1 ? olen : sizeof l->hostname - 1;
        memcpy(l->hostname, val, n);
        l->hostname[n] = '\0';
        break;
    }
    case 51:
        if (olen == 4) l->lease_secs = be32(val);
        break;
    case 53:
        if (olen == 1) l->msg_type = val[0];
        break;
    default:
        break;
    }
}

int dhcp_parse(const uint8_t *pkt, size_t len, struct dhcp_lease *out)
{
    *out = (struct dhcp_lease){ .msg_type = 0 };
    if (len < DHCP_BOOTP_LEN + 4)
        return DHCP_ERR_SHORT;
    if (be32(pkt + DHCP_BOOTP_LEN) != 0x63825363u)
        return DHCP_ERR_COOKIE;
    out->yiaddr = be32(pkt + 16);
    size_t i = DHCP_BOOTP_LEN + 4;
    while (i < len) {
        const uint8_t code = pkt[i];
        if (code == 0) {
            i++;
            continue;
        }
        if (code == 255)
            return DHCP_OK;
        if (i + 1 >= len)
            return DHCP_ERR_TRUNC;
        const size_t olen = pkt[i + 1];
        if (olen > len - i - 2)
            return DHCP_ERR_TRUNC;
        apply_option(out, code, pkt + i + 2, olen);
        i += 2 + olen;
    }
    return DHCP_OK;
}

static void fmt_ip(char *buf, size_t sz, uint32_t ip)
{
    snprintf(buf, sz, "%u.%u.%u.%u", ip >> 24, (ip >> 16) & 0xff, (ip >> 8) & 0xff, ip & 0xff);
}

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    uint8_t *buf = NULL;
    if (fseek(fp, 0, SEEK_END) != 0)
        goto out;
    const long sz = ftell(fp);
    if (sz <= 0 || fseek(fp, 0, SEEK_SET) != 0)
        goto out;
    buf = malloc((size_t)sz);
    if (buf && fread(buf, 1, (size_t)sz, fp) != (size_t)sz) {
        free(buf);
        buf = NULL;
    }
    *len = (size_t)sz;
out:
    fclose(fp);
    return buf;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s packet.bin\n", argv[0]);
        return 2;
    }
    size_t len = 0;
    uint8_t *pkt = slurp(argv[1], &len);
    if (!pkt) {
        perror(argv[1]);
        return 1;
    }
    struct dhcp_lease lease;
    const int rc = dhcp_parse(pkt, len, &lease);
    free(pkt);
    if (rc != DHCP_OK) {
        fprintf(stderr, "parse error %d\n", rc);
        return 1;
    }
    char a[16], m[16], g[16];
    fmt_ip(a, sizeof a, lease.yiaddr);
    fmt_ip(m, sizeof m, lease.netmask);
    fmt_ip(g, sizeof g, lease.router);
    printf("type=%u addr=%s mask=%s gw=%s lease=%u host=%s\n", lease.msg_type, a, m, g,
           (unsigned)lease.lease_secs, lease.hostname);
    for (size_t i = 0; i < lease.ndns; i++) {
        char d[16];
        fmt_ip(d, sizeof d, lease.dns[i]);
        printf("dns %s\n", d);
    }
    return 0;
}
