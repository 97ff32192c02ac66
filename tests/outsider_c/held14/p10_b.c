#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned char u_char;

#define OK      0
#define ERROR  -1

#define V_ASN1_CONSTRUCTED   0x20
#define V_ASN1_BOOLEAN       0x01
#define V_ASN1_INTEGER       0x02
#define V_ASN1_BIT_STRING    0x03
#define V_ASN1_OCTET_STRING  0x04
#define V_ASN1_NULL          0x05
#define V_ASN1_OBJECT        0x06
#define V_ASN1_UTF8STRING    0x0c
#define V_ASN1_PRINTABLE     0x13
#define V_ASN1_IA5STRING     0x16
#define V_ASN1_UTCTIME       0x17

#define DER_MAX_DEPTH        16

typedef struct {
    unsigned int    tag;
    unsigned int    hdr_len;
    unsigned int    len;
    u_char         *value;
} der_item_t;

static const char *
tag_name(unsigned int tag)
{
    switch (tag & 0x1f) {
    case V_ASN1_BOOLEAN:      return "BOOLEAN";
    case V_ASN1_INTEGER:      return "INTEGER";
    case V_ASN1_BIT_STRING:   return "BIT STRING";
    case V_ASN1_OCTET_STRING: return "OCTET STRING";
    case V_ASN1_NULL:         return "NULL";
    case V_ASN1_OBJECT:       return "OBJECT";
    case V_ASN1_UTF8STRING:   return "UTF8STRING";
    case V_ASN1_PRINTABLE:    return "PRINTABLESTRING";
    case V_ASN1_IA5STRING:    return "IA5STRING";
    case V_ASN1_UTCTIME:      return "UTCTIME";
    case 0x10:                return "SEQUENCE";
    case 0x11:                return "SET";
    default:                  return "cont";
    }
}

static int
der_header(u_char *p, u_char *last, der_item_t *it)
{
    u_char        *start = p;
    unsigned int   n;

    if (last - p < 2) {
        return ERROR;
    }
    it->tag = *p++;
    if ((it->tag & 0x1f) == 0x1f) {
        return ERROR;
    }

    if (*p < 0x80) {
        it->len = *p++;
    } else {
        n = *p++ & 0x7f;
        if (n == 0 || n > 4 || (size_t) (last - p) < n) {
            return ERROR;
        }
        for (it->len = 0; n; n--) {
            it->len = (it->len << 8) | *p++;
        }
    }

    it->hdr_len = (unsigned int) (p - start);
    return OK;
}

static int
der_next(u_char **pp, u_char *last, der_item_t *it)
{
    unsigned int  avail;

    avail = (unsigned int) (last - *pp);
    if (der_header(*pp, last, it) != OK) {
        return ERROR;
    }
    if (it->len > avail - it->hdr_len) {
        return ERROR;
    }
    it->value = *pp + it->hdr_len;
    *pp = it->value + it->len;
    return OK;
}

static void
der_print_value(der_item_t *it, FILE *out)
{
    unsigned int  i;
    unsigned int  t = it->tag & 0x1f;

    if (t == V_ASN1_UTF8STRING || t == V_ASN1_PRINTABLE
        || t == V_ASN1_IA5STRING || t == V_ASN1_UTCTIME)
    {
        fputc(':', out);
        for (i = 0; i < it->len; i++) {
            fputc(it->value[i] >= 0x20 && it->value[i] < 0x7f ? it->value[i] : '.', out);
        }
        return;
    }
    if (t == V_ASN1_INTEGER || t == V_ASN1_OBJECT || t == V_ASN1_BOOLEAN) {
        fputc(':', out);
        for (i = 0; i < it->len; i++) {
            fprintf(out, "%02X", it->value[i]);
        }
    }
}

int
der_dump(u_char *buf, size_t size, int depth, FILE *out)
{
    u_char      *p = buf, *last = buf + size;
    der_item_t   it;
    char         indent[DER_MAX_DEPTH * 2 + 1];

    if (depth >= DER_MAX_DEPTH) {
        return ERROR;
    }
    memset(indent, ' ', depth * 2);
    indent[depth * 2] = '\0';

    while (p < last) {
        if (der_next(&p, last, &it) != OK) {
            fprintf(out, "%sinvalid DER at offset %ld\n", indent, (long) (p - buf));
            return ERROR;
        }
        fprintf(out, "%s%s%s len=%u", indent,
                (it.tag & V_ASN1_CONSTRUCTED) ? "cons: " : "prim: ",
                tag_name(it.tag), it.len);
        if (it.tag & V_ASN1_CONSTRUCTED) {
            fputc('\n', out);
            if (der_dump(it.value, it.len, depth + 1, out) != OK) {
                return ERROR;
            }
            continue;
        }
        der_print_value(&it, out);
        fputc('\n', out);
    }
    return OK;
}
