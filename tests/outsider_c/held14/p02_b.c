#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef unsigned char u_char;

typedef struct {
    size_t      len;
    u_char     *data;
} str_t;

#define OK      0
#define ERROR  -1
#define AGAIN  -2

#define MAX_HEADERS  32

typedef struct {
    str_t       key;
    str_t       value;
} table_elt_t;

typedef struct {
    table_elt_t  elts[MAX_HEADERS];
    int          nelts;
    str_t        host;
} headers_in_t;

static u_char *
pstrdup(u_char *src, size_t len)
{
    u_char  *dst;
    dst = malloc(len + 1);
    if (dst == NULL) {
        return NULL;
    }

    memcpy(dst, src, len);
    dst[len] = '\0';
    return dst;
}

static int
add_header(headers_in_t *hi, u_char *name, size_t nlen, u_char *val, size_t vlen)
{
    table_elt_t  *h;
    if (hi->nelts >= MAX_HEADERS) {
        return ERROR;
    }
    h = &hi->elts[hi->nelts];
    h->key.data = pstrdup(name, nlen);
    h->value.data = pstrdup(val, vlen);
    if (h->key.data == NULL || h->value.data == NULL) {
        free(h->key.data);
        free(h->value.data);
        return ERROR;
    }
    h->key.len = nlen;
    h->value.len = vlen;
    hi->nelts++;
    return OK;
}

static int
parse_headers(headers_in_t *hi, u_char *p, u_char *last)
{
    u_char  ch, *name = NULL, *val = NULL;
    size_t  nlen = 0;
    enum { sw_start = 0, sw_name, sw_space_before_value, sw_value } state = sw_start;

    for ( ; p < last; p++) {
        ch = *p;
        switch (state) {
        case sw_start:
            if (ch == '\r') {
                break;
            }
            if (ch == '\n') {
                return OK;
            }
            name = p;
            state = sw_name;
            break;
        case sw_name:
            if (ch == ':') {
                nlen = p - name;
                state = sw_space_before_value;
            } else if (ch == '\r' || ch == '\n') {
                return ERROR;
            }
            break;
        case sw_space_before_value:
            if (ch == ' ' || ch == '\t') {
                break;
            }
            val = p;
            state = sw_value;
            if (ch != '\r' && ch != '\n') {
                break;
            }
        case sw_value:
            if (ch == '\r' || ch == '\n') {
                if (add_header(hi, name, nlen, val, p - val) != OK) {
                    return ERROR;
                }
                if (ch == '\r' && p + 1 < last && p[1] == '\n') {
                    p++;
                }
                state = sw_start;
            }
            break;
        }
    }
    return AGAIN;
}

static int
validate_host(str_t *host)
{
    u_char  *h, ch;
    size_t   i, host_len;
    enum { sw_usual = 0, sw_literal, sw_rest } state = sw_usual;
    h = host->data;
    host_len = host->len;

    for (i = 0; i < host->len; i++) {
        ch = h[i];
        switch (ch) {
        case ':':
            if (state == sw_usual) {
                host_len = i;
                state = sw_rest;
            }
            break;
        case '[':
            if (i == 0) {
                state = sw_literal;
            }
            break;
        case ']':
            if (state == sw_literal) {
                host_len = i + 1;
                state = sw_rest;
            }
            break;
        case '/':
        case '\0':
            return ERROR;
        default:
            if (ch >= 'A' && ch <= 'Z') {
                h[i] = ch | 0x20;
            }
            break;
        }
    }

    if (h[host_len - 1] == '.') {
        host_len--;
    }

    if (host_len == 0) {
        return ERROR;
    }

    host->len = host_len;
    return OK;
}

int
http_read_headers(u_char *buf, size_t n, FILE *log)
{
    headers_in_t  hi;
    int           i, rc;

    memset(&hi, 0, sizeof(hi));
    rc = parse_headers(&hi, buf, buf + n);

    for (i = 0; rc == OK && i < hi.nelts; i++) {
        if (strcasecmp((char *) hi.elts[i].key.data, "Host") == 0) {
            hi.host = hi.elts[i].value;
            if (validate_host(&hi.host) != OK) {
                fprintf(log, "client sent invalid host header\n");
                rc = ERROR;
                break;
            }
            fprintf(log, "host: %.*s\n", (int) hi.host.len, hi.host.data);
        }
    }

    for (i = 0; i < hi.nelts; i++) {
        free(hi.elts[i].key.data);
        free(hi.elts[i].value.data);
    }
    return rc;
}
