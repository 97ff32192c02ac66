#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>

#define ASN_INTEGER 0x02
#define ASN_OCTET_STR 0x04
#define ASN_NULL 0x05
#define ASN_OID 0x06
#define ASN_SEQUENCE 0x30
#define MAX_OID_LEN 32
#define MAX_VARBINDS 16

struct varbind {
    int value_type;
    long value_int;
    char value_str[64];
    int oid_len;
    uint32_t oid[MAX_OID_LEN];
};

struct snmp_pdu {
    long version;
    char community[64];
    int command;
    long reqid;
    int nvars;
    struct varbind *vars[MAX_VARBINDS];
};

static int ber_header(const uint8_t **pp, const uint8_t *end, int *tag, size_t *len)
{
    const uint8_t *p = *pp;
    size_t l;
    int n;

    if (end - p < 2)
        return -EPROTO;
    *tag = *p++;
    l = *p++;
    if (l & 0x80) {
        n = l & 0x7f;
        if (n == 0 || n > 2 || end - p < n)
            return -EPROTO;
        for (l = 0; n > 0; n--)
            l = (l << 8) | *p++;
    }
    if (l > (size_t)(end - p))
        return -EPROTO;
    *pp = p;
    *len = l;
    return 0;
}

static long ber_int(const uint8_t *p, size_t len)
{
    unsigned long v = (len && (p[0] & 0x80)) ? ~0UL : 0;
    size_t i;

    for (i = 0; i < len && i < sizeof(long); i++)
        v = (v << 8) | p[i];
    return (long)v;
}

static int ber_oid(struct varbind *vb, const uint8_t *p, size_t len)
{
    uint32_t sub = 0;
    size_t i;
    int n = 0;

    if (len == 0)
        return -EPROTO;
    vb->oid[n++] = p[0] / 40;
    vb->oid[n++] = p[0] % 40;
    for (i = 1; i < len; i++) {
        sub = (sub << 7) | (p[i] & 0x7f);
        if (p[i] & 0x80)
            continue;
        vb->oid[n++] = sub;
        sub = 0;
    }
    vb->oid_len = n;
    return 0;
}

static int parse_varbind(struct snmp_pdu *pdu, const uint8_t *p, const uint8_t *end)
{
    struct varbind *vb;
    size_t len;
    int tag;

    if (pdu->nvars >= MAX_VARBINDS)
        return -ENOSPC;
    if (ber_header(&p, end, &tag, &len) < 0 || tag != ASN_OID)
        return -EPROTO;
    vb = calloc(1, sizeof(*vb));
    if (!vb)
        return -ENOMEM;
    pdu->vars[pdu->nvars++] = vb;
    if (ber_oid(vb, p, len) < 0)
        return -EPROTO;
    p += len;
    if (ber_header(&p, end, &tag, &len) < 0)
        return -EPROTO;
    vb->value_type = tag;
    if (tag == ASN_INTEGER)
        vb->value_int = ber_int(p, len);
    else if (tag == ASN_OCTET_STR)
        snprintf(vb->value_str, sizeof(vb->value_str), "%.*s", (int)len, (const char *)p);
    return 0;
}

int snmp_parse(struct snmp_pdu *pdu, const uint8_t *p, const uint8_t *end)
{
    const uint8_t *vend;
    size_t len;
    int tag, i, ret;

    if (ber_header(&p, end, &tag, &len) < 0 || tag != ASN_SEQUENCE)
        return -EPROTO;
    end = p + len;
    if (ber_header(&p, end, &tag, &len) < 0 || tag != ASN_INTEGER)
        return -EPROTO;
    pdu->version = ber_int(p, len);
    p += len;
    if (ber_header(&p, end, &tag, &len) < 0 || tag != ASN_OCTET_STR || len >= sizeof(pdu->community))
        return -EPROTO;
    memcpy(pdu->community, p, len);
    pdu->community[len] = '\0';
    p += len;
    if (ber_header(&p, end, &tag, &len) < 0 || (tag & 0xe0) != 0xa0)
        return -EPROTO;
    pdu->command = tag;
    end = p + len;
    for (i = 0; i < 3; i++) {
        if (ber_header(&p, end, &tag, &len) < 0 || tag != ASN_INTEGER)
            return -EPROTO;
        if (i == 0)
            pdu->reqid = ber_int(p, len);
        p += len;
    }
    if (ber_header(&p, end, &tag, &len) < 0 || tag != ASN_SEQUENCE)
        return -EPROTO;
    while (p < end) {
        if (ber_header(&p, end, &tag, &len) < 0 || tag != ASN_SEQUENCE)
            return -EPROTO;
        vend = p + len;
        ret = parse_varbind(pdu, p, vend);
        if (ret < 0)
            return ret;
        p = vend;
    }
    return 0;
}

int main(int argc, char **argv)
{
    uint8_t pkt[1472];
    struct snmp_pdu pdu;
    FILE *fp = stdin;
    size_t n;
    int i, j, ret;

    if (argc > 1 && !(fp = fopen(argv[1], "rb"))) {
        perror(argv[1]);
        return 1;
    }
    n = fread(pkt, 1, sizeof(pkt), fp);
    if (fp != stdin)
        fclose(fp);
    memset(&pdu, 0, sizeof(pdu));
    ret = snmp_parse(&pdu, pkt, pkt + n);
    printf("v%ld community=%s pdu=0x%02x reqid=%ld\n", pdu.version + 1, pdu.community,
           pdu.command, pdu.reqid);
    for (i = 0; i < pdu.nvars; i++) {
        for (j = 0; j < pdu.vars[i]->oid_len; j++)
            printf("%s%u", j ? "." : "", pdu.vars[i]->oid[j]);
        printf(" type=0x%02x int=%ld str=%s\n", pdu.vars[i]->value_type,
               pdu.vars[i]->value_int, pdu.vars[i]->value_str);
        free(pdu.vars[i]);
    }
    if (ret < 0)
        fprintf(stderr, "decode error %d\n", ret);
    return ret < 0;
}
