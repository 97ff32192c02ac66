#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define EOCD_SIG   0x06054b50u
#define CDIR_SIG   0x02014b50u
#define EOCD_SIZE  22
#define CDIR_SIZE  46

typedef struct {
    char *name;
    uint32_t crc;
    uint32_t csize;
    uint32_t usize;
    uint16_t method;
    uint32_t local_off;
} zentry_t;

static uint16_t le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t le32(const uint8_t *p) { return (uint32_t)le16(p) | (uint32_t)le16(p + 2) << 16; }

static long find_eocd(const uint8_t *buf, size_t len)
{
    if (len < EOCD_SIZE)
        return -1;
    size_t stop = len > EOCD_SIZE + 0xFFFF ? len - EOCD_SIZE - 0xFFFF : 0;
    for (size_t i = len - EOCD_SIZE + 1; i-- > stop;)
        if (le32(buf + i) == EOCD_SIG)
            return (long)i;
    return -1;
}

int zip_read_cdir(const uint8_t *buf, size_t len, zentry_t **out, int *count)
{
    long eocd = find_eocd(buf, len);
    if (eocd < 0)
        return -1;
    uint16_t total = le16(buf + eocd + 10);
    uint32_t cd_size = le32(buf + eocd + 12);
    uint32_t cd_off = le32(buf + eocd + 16);
    if (cd_off > (size_t)eocd || cd_size > (size_t)eocd - cd_off)
        return -1;

    zentry_t *ents = calloc(total ? total : 1, sizeof(zentry_t));
    if (!ents)
        return -1;
    const uint8_t *p = buf + cd_off;
    const uint8_t *end = p + cd_size;
    int n = 0;
    while (n < total && end - p >= CDIR_SIZE && le32(p) == CDIR_SIG) {
        zentry_t *e = &ents[n];
        uint16_t nlen = le16(p + 28);
        uint16_t xlen = le16(p + 30);
        uint16_t clen = le16(p + 32);
        e->method = le16(p + 10);
        e->crc = le32(p + 16);
        e->csize = le32(p + 20);
        e->usize = le32(p + 24);
        e->local_off = le32(p + 42);
        if ((size_t)(end - p) - CDIR_SIZE < nlen)
            break;
        e->name = malloc((size_t)nlen + 1);
        if (!e->name)
            break;
        memcpy(e->name, p + CDIR_SIZE, nlen);
        e->name[nlen] = '\0';
        n++;
        size_t rec = (size_t)CDIR_SIZE + nlen + xlen + clen;
        if (rec > (size_t)(end - p))
            break;
        p += rec;
    }
    *out = ents;
    *count = n;
    return 0;
}

static const char *method_name(uint16_t m)
{
    switch (m) {
    case 0: return "stored";
    case 8: return "deflate";
    case 12: return "bzip2";
    case 14: return "lzma";
    default: return "?";
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s archive.zip\n", argv[0]);
        return 1;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    long sz = ftell(f);
    rewind(f);
    if (sz <= 0 || sz > (64L << 20)) {
        fclose(f);
        return 1;
    }
    uint8_t *buf = malloc((size_t)sz);
    if (!buf || fread(buf, 1, (size_t)sz, f) != (size_t)sz) {
        fclose(f);
        free(buf);
        return 1;
    }
    fclose(f);

    zentry_t *ents = NULL;
    int n = 0;
    if (zip_read_cdir(buf, (size_t)sz, &ents, &n) != 0) {
        fprintf(stderr, "%s: no central directory\n", argv[1]);
        free(buf);
        return 1;
    }
    char sizes[32];
    for (int i = 0; i < n; i++) {
        sprintf(sizes, "%u/%u", ents[i].csize, ents[i].usize);
        printf("%08x %-8s %-20s %s\n", ents[i].crc, method_name(ents[i].method), sizes, ents[i].name);
        free(ents[i].name);
    }
    free(ents);
    free(buf);
    return 0;
}
