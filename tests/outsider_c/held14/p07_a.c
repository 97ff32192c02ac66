#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdint.h>

typedef unsigned char u_char;

typedef struct {
    size_t      len;
    u_char     *data;
} str_t;

#define OK      0
#define ERROR  -1

#define HTTP_OK                     200
#define HTTP_PARTIAL_CONTENT        206
#define HTTP_RANGE_NOT_SATISFIABLE  416

#define MAX_RANGES  8

typedef struct {
    size_t      start;
    size_t      end;
} range_t;

typedef struct {
    range_t     ranges[MAX_RANGES];
    int         nranges;
} range_ctx_t;

static int
parse_number(u_char **pp, u_char *last, size_t *value)
{
    u_char  *p = *pp;
    size_t   v = 0, cutoff = SIZE_MAX / 10, cutlim = SIZE_MAX % 10;

    if (p == last || *p < '0' || *p > '9') {
        return ERROR;
    }
    while (p < last && *p >= '0' && *p <= '9') {
        if (v >= cutoff && (v > cutoff || (size_t) (*p - '0') > cutlim)) {
            return ERROR;
        }
        v = v * 10 + (*p++ - '0');
    }
    *pp = p;
    *value = v;
    return OK;
}

static int
range_parse(range_ctx_t *ctx, str_t *hdr, size_t content_length)
{
    u_char  *p, *last;
    size_t   start, end;
    int      suffix;

    if (hdr->len < 7 || strncasecmp((char *) hdr->data, "bytes=", 6) != 0) {
        return HTTP_OK;
    }
    p = hdr->data + 6;
    last = hdr->data + hdr->len;

    for ( ;; ) {
        start = 0;
        end = 0;
        suffix = 0;

        while (p < last && *p == ' ') { p++; }

        if (p < last && *p == '-') {
            suffix = 1;
            p++;
        } else {
            if (parse_number(&p, last, &start) != OK) {
                return HTTP_RANGE_NOT_SATISFIABLE;
            }
            if (p == last || *p++ != '-') {
                return HTTP_RANGE_NOT_SATISFIABLE;
            }
        }

        if (p < last && *p >= '0' && *p <= '9') {
            if (parse_number(&p, last, &end) != OK) {
                return HTTP_RANGE_NOT_SATISFIABLE;
            }
        } else if (suffix) {
            return HTTP_RANGE_NOT_SATISFIABLE;
        } else {
            end = content_length - 1;
        }

        if (suffix) {
            if (end == 0) {
                return HTTP_RANGE_NOT_SATISFIABLE;
            }
            start = content_length - end;
            end = content_length - 1;
        } else {
            if (start >= content_length || start > end) {
                return HTTP_RANGE_NOT_SATISFIABLE;
            }
            if (end >= content_length) {
                end = content_length - 1;
            }
        }

        if (ctx->nranges == MAX_RANGES) {
            return HTTP_RANGE_NOT_SATISFIABLE;
        }
        ctx->ranges[ctx->nranges].start = start;
        ctx->ranges[ctx->nranges].end = end;
        ctx->nranges++;

        while (p < last && *p == ' ') { p++; }
        if (p == last) {
            return HTTP_PARTIAL_CONTENT;
        }
        if (*p++ != ',') {
            return HTTP_RANGE_NOT_SATISFIABLE;
        }
    }
}

int
http_range_body(u_char *content, size_t len, str_t *range, u_char **body, size_t *body_len)
{
    range_ctx_t  ctx;
    char         part[128];
    size_t       total = 0, n;
    int          i, rc, hlen;
    u_char      *b;

    if (len == 0) {
        return HTTP_RANGE_NOT_SATISFIABLE;
    }

    memset(&ctx, 0, sizeof(ctx));
    rc = range_parse(&ctx, range, len);
    if (rc != HTTP_PARTIAL_CONTENT) {
        return rc;
    }

    for (i = 0; i < ctx.nranges; i++) {
        total += sizeof(part) + ctx.ranges[i].end - ctx.ranges[i].start + 1;
    }
    b = malloc(total);
    if (b == NULL) {
        return ERROR;
    }

    *body_len = 0;
    for (i = 0; i < ctx.nranges; i++) {
        hlen = snprintf(part, sizeof(part), "--00000000001\r\nContent-Range: bytes %zu-%zu/%zu\r\n\r\n",
                        ctx.ranges[i].start, ctx.ranges[i].end, len);
        if (ctx.nranges > 1) {
            memcpy(b + *body_len, part, hlen);
            *body_len += hlen;
        }
        n = ctx.ranges[i].end - ctx.ranges[i].start + 1;
        memcpy(b + *body_len, content + ctx.ranges[i].start, n);
        *body_len += n;
    }

    *body = b;
    return HTTP_PARTIAL_CONTENT;
}
