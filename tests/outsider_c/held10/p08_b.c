#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOOM_HDR 12
#define BLOOM_MAGIC "BLM1"

typedef struct {
    char name[32];
    unsigned k;
    uint32_t nbits;
    uint8_t *bits;
} bloom;

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static uint64_t fnv1a(const char *s, size_t n, uint64_t seed)
{
    uint64_t h = 1469598103934665603ULL ^ seed;
    for (size_t i = 0; i < n; i++) {
        h ^= (uint8_t)s[i];
        h *= 1099511628211ULL;
    }
    return h;
}

void bloom_free(bloom *b)
{
    if (b) {
        free(b->bits);
        free(b);
    }
}

bloom *bloom_load(const uint8_t *buf, size_t len)
{
    bloom *b;
    unsigned k;
    uint16_t nlen;
    uint32_t nbits;
    size_t nbytes, body, n;

    if (len < BLOOM_HDR || memcmp(buf, BLOOM_MAGIC, 4) != 0)
        return NULL;
    k = buf[4];
    nlen = rd16(buf + 6);
    nbits = rd32(buf + 8);
    if (k == 0 || k > 16 || nbits == 0)
        return NULL;
    nbytes = ((size_t)nbits + 7) / 8;
    body = len - BLOOM_HDR - nlen;
    if (body < nbytes)
        return NULL;

    if ((b = calloc(1, sizeof(*b))) == NULL)
        return NULL;
    if ((b->bits = malloc(nbytes)) == NULL) {
        free(b);
        return NULL;
    }
    n = nlen < sizeof(b->name) - 1 ? nlen : sizeof(b->name) - 1;
    memcpy(b->name, buf + BLOOM_HDR, n);
    b->name[n] = '\0';
    memcpy(b->bits, buf + BLOOM_HDR + nlen, nbytes);
    b->k = k;
    b->nbits = nbits;
    return b;
}

static void bloom_positions(const bloom *b, const char *key, size_t n, uint32_t *pos)
{
    uint64_t h1 = fnv1a(key, n, 0), h2 = fnv1a(key, n, 0x9e3779b97f4a7c15ULL) | 1;
    for (unsigned i = 0; i < b->k; i++)
        pos[i] = (uint32_t)((h1 + i * h2) % b->nbits);
}

void bloom_add(bloom *b, const char *key, size_t n)
{
    uint32_t pos[16];
    bloom_positions(b, key, n, pos);
    for (unsigned i = 0; i < b->k; i++)
        b->bits[pos[i] >> 3] |= (uint8_t)(1u << (pos[i] & 7));
}

int bloom_test(const bloom *b, const char *key, size_t n)
{
    uint32_t pos[16];
    bloom_positions(b, key, n, pos);
    for (unsigned i = 0; i < b->k; i++)
        if (!(b->bits[pos[i] >> 3] & (1u << (pos[i] & 7))))
            return 0;
    return 1;
}

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    uint8_t *buf;
    long sz;

    if (fp == NULL)
        return NULL;
    if (fseek(fp, 0, SEEK_END) != 0 || (sz = ftell(fp)) < 0) {
        fclose(fp);
        return NULL;
    }
    rewind(fp);
    buf = malloc(sz > 0 ? (size_t)sz : 1);
    if (buf != NULL && fread(buf, 1, (size_t)sz, fp) != (size_t)sz) {
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    *len = (size_t)sz;
    return buf;
}

int main(int argc, char **argv)
{
    uint8_t *buf;
    size_t len;
    bloom *b;
    int i, hits = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s filter.blm key...\n", argv[0]);
        return 2;
    }
    if ((buf = slurp(argv[1], &len)) == NULL) {
        perror(argv[1]);
        return 1;
    }
    b = bloom_load(buf, len);
    free(buf);
    if (b == NULL) {
        fprintf(stderr, "%s: not a bloom filter\n", argv[1]);
        return 1;
    }
    for (i = 2; i < argc; i++) {
        int r = bloom_test(b, argv[i], strlen(argv[i]));
        printf("%s\t%s\t%s\n", b->name, argv[i], r ? "maybe" : "no");
        hits += r;
    }
    bloom_free(b);
    return hits > 0 ? 0 : 1;
}
