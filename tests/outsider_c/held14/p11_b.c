#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned char u_char;

#define OK      0
#define ERROR  -1

#define ASN1_SEQUENCE  0x30
#define ASN1_SET       0x31
#define ASN1_OBJECT    0x06

typedef struct {
    const u_char  *oid;
    size_t         len;
    const char    *sn;
} oid_name_t;

static const oid_name_t  dn_names[] = {
    { (const u_char *) "\x55\x04\x03", 3, "CN" },
    { (const u_char *) "\x55\x04\x06", 3, "C" },
    { (const u_char *) "\x55\x04\x07", 3, "L" },
    { (const u_char *) "\x55\x04\x08", 3, "ST" },
    { (const u_char *) "\x55\x04\x0a", 3, "O" },
    { (const u_char *) "\x55\x04\x0b", 3, "OU" },
    { (const u_char *) "\x2a\x86\x48\x86\xf7\x0d\x01\x09\x01", 9, "emailAddress" },
    { NULL, 0, NULL }
};

static int
tlv(u_char **pp, u_char *last, int *tag, u_char **val, size_t *len)
{
    u_char  *p = *pp;
    size_t   n, l;

    if (last - p < 2) {
        return ERROR;
    }
    *tag = *p++;
    l = *p++;
    if (l & 0x80) {
        n = l & 0x7f;
        if (n == 0 || n > 2 || (size_t) (last - p) < n) {
            return ERROR;
        }
        for (l = 0; n; n--) {
            l = (l << 8) | *p++;
        }
    }
    if (l > (size_t) (last - p)) {
        return ERROR;
    }
    *val = p;
    *len = l;
    *pp = p + l;
    return OK;
}

static const char *
oid_short_name(u_char *oid, size_t len)
{
    const oid_name_t  *n;

    for (n = dn_names; n->oid; n++) {
        if (n->len == len && memcmp(n->oid, oid, len) == 0) {
            return n->sn;
        }
    }
    return "UNDEF";
}

static size_t
escape_value(char *dst, size_t size, u_char *src, size_t len)
{
    size_t  i, n = 0;

    for (i = 0; i < len && n + 2 < size; i++) {
        if (strchr(",+\"\\<>;", src[i]) != NULL && src[i] != '\0') {
            dst[n++] = '\\';
        }
        dst[n++] = (src[i] >= 0x20 && src[i] < 0x7f) ? (char) src[i] : '?';
    }
    dst[n] = '\0';
    return n;
}

int
x509_print_name(u_char *der, size_t der_len, FILE *out)
{
    char     dn[256], rdn[160], value[128];
    u_char  *p, *last, *set, *set_end, *seq, *seq_end, *v, *oid;
    size_t   len, oid_len;
    int      tag, first = 1;

    p = der;
    last = der + der_len;
    if (tlv(&p, last, &tag, &v, &len) != OK || tag != ASN1_SEQUENCE) {
        return ERROR;
    }
    p = v;
    last = v + len;
    dn[0] = '\0';

    while (p < last) {
        if (tlv(&p, last, &tag, &set, &len) != OK || tag != ASN1_SET) {
            return ERROR;
        }
        set_end = set + len;

        while (set < set_end) {
            if (tlv(&set, set_end, &tag, &seq, &len) != OK || tag != ASN1_SEQUENCE) {
                return ERROR;
            }
            seq_end = seq + len;
            if (tlv(&seq, seq_end, &tag, &oid, &oid_len) != OK || tag != ASN1_OBJECT) {
                return ERROR;
            }
            if (tlv(&seq, seq_end, &tag, &v, &len) != OK) {
                return ERROR;
            }

            escape_value(value, sizeof(value), v, len);
            snprintf(rdn, sizeof(rdn), "%s%s=%s", first ? "" : ", ",
                     oid_short_name(oid, oid_len), value);
            if (strlen(dn) + strlen(rdn) >= sizeof(dn)) {
                return ERROR;
            }
            strcat(dn, rdn);
            first = 0;
        }
    }

    fprintf(out, "subject=%s\n", dn);
    return OK;
}
