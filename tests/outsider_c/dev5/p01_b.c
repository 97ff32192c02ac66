#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef enum {
    LZD_OK = 0,
    LZD_ERR_NOMEM,
    LZD_ERR_TRUNCATED,
    LZD_ERR_CORRUPT,
    LZD_ERR_IO
} lzd_status;

typedef struct lzd_buf {
    unsigned char *data;
    size_t len;
    size_t cap;
} lzd_buf;

typedef struct lzd_decoder {
    lzd_buf out;
    size_t max_output;
    unsigned long tokens;
} lzd_decoder;

static inline const char *lzd_strerror(lzd_status st)
{
    switch (st) {
    case LZD_OK: return "ok";
    case LZD_ERR_NOMEM: return "out of memory";
    case LZD_ERR_TRUNCATED: return "truncated input";
    case LZD_ERR_CORRUPT: return "corrupt stream";
    case LZD_ERR_IO: return "i/o error";
    }
    return "unknown";
}

static lzd_status lzd_reserve(lzd_buf *b, size_t extra)
{
    size_t need, ncap;
    unsigned char *p;

    if (extra > SIZE_MAX - b->len)
        return LZD_ERR_NOMEM;
    need = b->len + extra;
    if (need <= b->cap)
        return LZD_OK;
    ncap = b->cap ? b->cap : 64;
    while (ncap < need)
        ncap *= 2;
    p = realloc(b->data, ncap);
    if (!p)
        return LZD_ERR_NOMEM;
    b->data = p;
    b->cap = ncap;
    return LZD_OK;
}

lzd_decoder *lzd_create(size_t max_output)
{
    lzd_decoder *d = calloc(1, sizeof(*d));
    if (!d)
        return NULL;
    d->max_output = max_output;
    return d;
}

void lzd_destroy(lzd_decoder *d)
{
    if (!d)
        return;
    free(d->out.data);
    free(d);
}

static lzd_status lzd_literal(lzd_decoder *d, const unsigned char *src, size_t n)
{
    lzd_status st = lzd_reserve(&d->out, n);
    if (st != LZD_OK)
        return st;
    memcpy(d->out.data + d->out.len, src, n);
    d->out.len += n;
    return LZD_OK;
}

static lzd_status lzd_run(lzd_decoder *d, unsigned char value, size_t n)
{
    lzd_status st = lzd_reserve(&d->out, n);
    if (st != LZD_OK)
        return st;
    memset(d->out.data + d->out.len, value, n);
    d->out.len += n;
    return LZD_OK;
}

static lzd_status lzd_match(lzd_decoder *d, size_t dist, size_t n)
{
    size_t i, from;
    lzd_status st;

    if (dist == 0)
        return LZD_ERR_CORRUPT;
    st = lzd_reserve(&d->out, n);
    if (st != LZD_OK)
        return st;
    from = d->out.len - dist;
    for (i = 0; i < n; i++)
        d->out.data[d->out.len + i] = d->out.data[from + i];
    d->out.len += n;
    return LZD_OK;
}

lzd_status lzd_decode(lzd_decoder *d, const unsigned char *src, size_t n)
{
    size_t pos = 0;
    lzd_status st = LZD_OK;

    while (pos < n && st == LZD_OK) {
        unsigned char tag = src[pos++];
        size_t count = (size_t)(tag & 0x3f) + 1;

        if (tag < 0x40) {
            if (count > n - pos)
                return LZD_ERR_TRUNCATED;
            st = lzd_literal(d, src + pos, count);
            pos += count;
        } else if (tag < 0x80) {
            if (pos >= n)
                return LZD_ERR_TRUNCATED;
            st = lzd_run(d, src[pos++], count + 2);
        } else {
            size_t dist;
            if (n - pos < 2)
                return LZD_ERR_TRUNCATED;
            dist = (size_t)src[pos] | ((size_t)src[pos + 1] << 8);
            pos += 2;
            st = lzd_match(d, dist, (size_t)(tag & 0x7f) + 3);
        }
        if (d->out.len > d->max_output)
            return LZD_ERR_CORRUPT;
        d->tokens++;
    }
    return st;
}

static lzd_status read_stream(FILE *fp, lzd_buf *in)
{
    size_t got;

    do {
        if (lzd_reserve(in, 4096) != LZD_OK)
            return LZD_ERR_NOMEM;
        got = fread(in->data + in->len, 1, in->cap - in->len, fp);
        in->len += got;
    } while (got > 0);
    return ferror(fp) ? LZD_ERR_IO : LZD_OK;
}

int main(int argc, char **argv)
{
    lzd_buf in = { NULL, 0, 0 };
    lzd_decoder *d = NULL;
    FILE *fp = stdin;
    lzd_status st;
    int rc = 1;

    if (argc > 1 && strcmp(argv[1], "-") != 0) {
        fp = fopen(argv[1], "rb");
        if (!fp) {
            perror(argv[1]);
            return 1;
        }
    }
    st = read_stream(fp, &in);
    if (fp != stdin)
        fclose(fp);
    if (st != LZD_OK)
        goto fail;
    d = lzd_create(16u << 20);
    if (!d) {
        st = LZD_ERR_NOMEM;
        goto fail;
    }
    st = lzd_decode(d, in.data, in.len);
    if (st != LZD_OK)
        goto fail;
    fwrite(d->out.data, 1, d->out.len, stdout);
    fprintf(stderr, "%lu tokens, %zu bytes\n", d->tokens, d->out.len);
    rc = 0;
fail:
    if (rc != 0)
        fprintf(stderr, "lzd: %s\n", lzd_strerror(st));
    lzd_destroy(d);
    free(in.data);
    return rc;
}
