#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BLOCK_VALUES 128

typedef struct {
    int64_t min;
    int64_t max;
    double sum;
    uint64_t count;
} column_stats;

static int read_uvarint(const uint8_t *buf, size_t len, size_t *pos, uint64_t *out)
{
    uint64_t v = 0;
    unsigned shift = 0;

    while (*pos < len) {
        uint8_t b = buf[(*pos)++];
        if (shift == 63 && b > 1)
            return -1;
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *out = v;
            return 0;
        }
        shift += 7;
        if (shift > 63)
            return -1;
    }
    return -1;
}

static int64_t zigzag_decode(uint64_t v)
{
    return (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
}

static size_t write_uvarint(uint8_t *out, uint64_t v)
{
    size_t n = 0;
    while (v >= 0x80) {
        out[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    out[n++] = (uint8_t)v;
    return n;
}

int decode_delta_block(const uint8_t *buf, size_t len, column_stats *st)
{
    int64_t values[MAX_BLOCK_VALUES];
    size_t pos = 0;
    uint64_t count, raw;
    int64_t prev = 0;

    if (read_uvarint(buf, len, &pos, &count) != 0)
        return -1;
    if (count > MAX_BLOCK_VALUES)
        return -1;

    for (uint64_t i = 0; i < count; i++) {
        if (read_uvarint(buf, len, &pos, &raw) != 0)
            return -1;
        prev = (int64_t)((uint64_t)prev + (uint64_t)zigzag_decode(raw));
        values[i] = prev;
    }

    for (uint64_t i = 0; i < count; i++) {
        if (st->count == 0 || values[i] < st->min)
            st->min = values[i];
        if (st->count == 0 || values[i] > st->max)
            st->max = values[i];
        st->sum += (double)values[i];
        st->count++;
    }
    return (int)pos;
}

int encode_delta_block(const int64_t *vals, size_t n, uint8_t *out, size_t cap)
{
    uint8_t tmp[10];
    size_t pos = 0, k;
    int64_t prev = 0;

    k = write_uvarint(tmp, n);
    if (k > cap)
        return -1;
    memcpy(out, tmp, k);
    pos = k;
    for (size_t i = 0; i < n; i++) {
        uint64_t d = (uint64_t)vals[i] - (uint64_t)prev;
        uint64_t zz = (d << 1) ^ (uint64_t)((int64_t)d >> 63);
        k = write_uvarint(tmp, zz);
        if (cap - pos < k)
            return -1;
        memcpy(out + pos, tmp, k);
        pos += k;
        prev = vals[i];
    }
    return (int)pos;
}

int main(void)
{
    static uint8_t input[1 << 16];
    column_stats st;
    size_t len, off = 0;
    char line[96];
    int used;

    len = fread(input, 1, sizeof(input), stdin);
    memset(&st, 0, sizeof(st));

    while (off < len) {
        used = decode_delta_block(input + off, len - off, &st);
        if (used <= 0) {
            fprintf(stderr, "corrupt block at offset %zu\n", off);
            return 1;
        }
        off += (size_t)used;
    }

    if (st.count == 0) {
        puts("no values");
        return 0;
    }
    snprintf(line, sizeof(line), "count=%llu min=%lld max=%lld sum=%.0f",
             (unsigned long long)st.count, (long long)st.min,
             (long long)st.max, st.sum);
    puts(line);
    return 0;
}
