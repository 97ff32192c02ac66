#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef enum {
    WR_OK = 0,
    WR_ERR_NOMEM,
    WR_ERR_TRUNCATED,
    WR_ERR_VARINT,
    WR_ERR_WIRETYPE
} wr_status;

enum { WT_VARINT = 0, WT_I64 = 1, WT_BYTES = 2, WT_I32 = 5 };

typedef struct wr_record {
    uint64_t id;
    char *name;
    size_t name_len;
    char *email;
    size_t email_len;
    uint32_t flags;
} wr_record;

typedef struct wr_cursor {
    const unsigned char *p;
    size_t n;
    size_t pos;
} wr_cursor;

static inline size_t wr_remaining(const wr_cursor *c)
{
    return c->n - c->pos;
}

wr_record *wr_record_create(void)
{
    return calloc(1, sizeof(wr_record));
}

void wr_record_destroy(wr_record *r)
{
    if (!r)
        return;
    free(r->name);
    free(r->email);
    free(r);
}

static wr_status wr_varint(wr_cursor *c, uint64_t *out)
{
    uint64_t v = 0;
    unsigned shift = 0;

    while (c->pos < c->n) {
        unsigned char b = c->p[c->pos++];
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *out = v;
            return WR_OK;
        }
        shift += 7;
        if (shift >= 64)
            return WR_ERR_VARINT;
    }
    return WR_ERR_TRUNCATED;
}

static wr_status wr_bytes(wr_cursor *c, char **dst, size_t *dst_len)
{
    uint64_t v;
    size_t len;
    char *s;
    wr_status st = wr_varint(c, &v);

    if (st != WR_OK)
        return st;
    len = (size_t)v;
    if (c->pos + len > c->n)
        return WR_ERR_TRUNCATED;
    s = malloc(len + 1);
    if (!s)
        return WR_ERR_NOMEM;
    memcpy(s, c->p + c->pos, len);
    s[len] = '\0';
    c->pos += len;
    free(*dst);
    *dst = s;
    *dst_len = len;
    return WR_OK;
}

static wr_status wr_skip(wr_cursor *c, unsigned wt)
{
    uint64_t v;

    switch (wt) {
    case WT_VARINT:
        return wr_varint(c, &v);
    case WT_I64:
    case WT_I32: {
        size_t w = wt == WT_I64 ? 8 : 4;
        if (wr_remaining(c) < w)
            return WR_ERR_TRUNCATED;
        c->pos += w;
        return WR_OK;
    }
    case WT_BYTES: {
        wr_status st = wr_varint(c, &v);
        if (st != WR_OK)
            return st;
        if (v > wr_remaining(c))
            return WR_ERR_TRUNCATED;
        c->pos += (size_t)v;
        return WR_OK;
    }
    }
    return WR_ERR_WIRETYPE;
}

wr_status wr_record_parse(wr_record *r, const unsigned char *buf, size_t n)
{
    wr_cursor c = { buf, n, 0 };
    wr_status st = WR_OK;
    uint64_t key, v;

    while (st == WR_OK && c.pos < c.n) {
        st = wr_varint(&c, &key);
        if (st != WR_OK)
            break;
        switch (key) {
        case (1 << 3) | WT_VARINT:
            st = wr_varint(&c, &r->id);
            break;
        case (2 << 3) | WT_BYTES:
            st = wr_bytes(&c, &r->name, &r->name_len);
            break;
        case (3 << 3) | WT_BYTES:
            st = wr_bytes(&c, &r->email, &r->email_len);
            break;
        case (4 << 3) | WT_VARINT:
            st = wr_varint(&c, &v);
            r->flags = (uint32_t)v;
            break;
        default:
            st = wr_skip(&c, (unsigned)(key & 7));
            break;
        }
    }
    return st;
}

int main(void)
{
    static unsigned char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof(buf), stdin);
    wr_cursor framing = { buf, n, 0 };
    unsigned count = 0;

    while (framing.pos < framing.n) {
        uint64_t len;
        wr_record *r;
        wr_status st = wr_varint(&framing, &len);

        if (st != WR_OK || len > wr_remaining(&framing)) {
            fprintf(stderr, "invalid frame at offset %zu\n", framing.pos);
            return 1;
        }
        r = wr_record_create();
        if (!r)
            return 1;
        st = wr_record_parse(r, buf + framing.pos, (size_t)len);
        if (st == WR_OK)
            printf("#%u id=%llu name=%s email=%s flags=%#x\n", count,
                   (unsigned long long)r->id, r->name ? r->name : "-",
                   r->email ? r->email : "-", (unsigned)r->flags);
        else
            fprintf(stderr, "record %u: error %d\n", count, (int)st);
        wr_record_destroy(r);
        framing.pos += (size_t)len;
        count++;
    }
    return 0;
}
