#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <ctype.h>

typedef enum {
    BS_OK = 0,
    BS_ERR_EOF,
    BS_ERR_RANGE,
    BS_ERR_NOMEM
} bs_status;

typedef struct bs_reader {
    const unsigned char *data;
    size_t len;
    size_t bitpos;
} bs_reader;

typedef struct bs_bytes {
    unsigned char *data;
    size_t len;
    size_t cap;
} bs_bytes;

static inline size_t bs_bits_left(const bs_reader *r)
{
    return r->len * 8 - r->bitpos;
}

static inline unsigned bs_bit(bs_reader *r)
{
    unsigned b = (r->data[r->bitpos >> 3] >> (7 - (r->bitpos & 7))) & 1u;
    r->bitpos++;
    return b;
}

bs_reader *bs_create(const unsigned char *data, size_t len)
{
    bs_reader *r = malloc(sizeof(*r));
    if (!r)
        return NULL;
    r->data = data;
    r->len = len;
    r->bitpos = 0;
    return r;
}

void bs_destroy(bs_reader *r)
{
    free(r);
}

bs_status bs_read(bs_reader *r, unsigned nbits, uint32_t *out)
{
    uint32_t v = 0;

    if (nbits > 32)
        return BS_ERR_RANGE;
    if (nbits > bs_bits_left(r))
        return BS_ERR_EOF;
    while (nbits--)
        v = (v << 1) | bs_bit(r);
    *out = v;
    return BS_OK;
}

bs_status bs_read_ue(bs_reader *r, uint32_t *out)
{
    unsigned zeros = 0;
    uint32_t rest;
    bs_status st;

    for (;;) {
        if (bs_bits_left(r) == 0)
            return BS_ERR_EOF;
        if (bs_bit(r))
            break;
        if (++zeros > 31)
            return BS_ERR_RANGE;
    }
    st = bs_read(r, zeros, &rest);
    if (st != BS_OK)
        return st;
    *out = ((1u << zeros) - 1) + rest;
    return BS_OK;
}

bs_status bs_read_se(bs_reader *r, int32_t *out)
{
    uint32_t k;
    bs_status st = bs_read_ue(r, &k);

    if (st != BS_OK)
        return st;
    *out = (k & 1) ? (int32_t)((k + 1) / 2) : -(int32_t)(k / 2);
    return BS_OK;
}

static bs_status bytes_reserve(bs_bytes *b, size_t extra)
{
    size_t ncap = b->cap ? b->cap : 16;
    unsigned char *p;

    if (b->len + extra <= b->cap)
        return BS_OK;
    while (ncap < b->len + extra)
        ncap *= 2;
    p = realloc(b->data, ncap);
    if (!p)
        return BS_ERR_NOMEM;
    b->data = p;
    b->cap = ncap;
    return BS_OK;
}

static bs_status parse_hex(FILE *fp, bs_bytes *out)
{
    char line[256];
    unsigned v;
    char *p;
    int used;

    while (fgets(line, sizeof(line), fp)) {
        p = line;
        while (sscanf(p, " %2x%n", &v, &used) == 1) {
            if (bytes_reserve(out, 1) != BS_OK)
                return BS_ERR_NOMEM;
            out->data[out->len++] = (unsigned char)v;
            p += used;
        }
    }
    return BS_OK;
}

int main(void)
{
    bs_bytes buf = { NULL, 0, 0 };
    bs_reader *r;
    uint32_t version = 0, width = 0, height = 0, interlaced = 0;
    int32_t qp_delta = 0;
    bs_status st;

    if (parse_hex(stdin, &buf) != BS_OK || buf.len == 0) {
        fprintf(stderr, "no input\n");
        free(buf.data);
        return 1;
    }
    r = bs_create(buf.data, buf.len);
    if (!r) {
        free(buf.data);
        return 1;
    }
    st = bs_read(r, 4, &version);
    if (st == BS_OK)
        st = bs_read_ue(r, &width);
    if (st == BS_OK)
        st = bs_read_ue(r, &height);
    if (st == BS_OK)
        st = bs_read(r, 1, &interlaced);
    if (st == BS_OK)
        st = bs_read_se(r, &qp_delta);
    if (st == BS_OK)
        printf("v%u %ux%u%s qp%+d (%zu bits used)\n", version, width + 1,
               height + 1, interlaced ? "i" : "p", qp_delta, r->bitpos);
    else
        fprintf(stderr, "header error %d at bit %zu\n", (int)st, r->bitpos);
    bs_destroy(r);
    free(buf.data);
    return st == BS_OK ? 0 : 1;
}
