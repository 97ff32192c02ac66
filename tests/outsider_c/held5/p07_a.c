#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IDX_HDR 8
#define FANOUT_SIZE (256 * 4)
#define SHA_LEN 20
#define TRAILER 40

enum idx_err { IDX_OK = 0, IDX_ERR_IO, IDX_ERR_MAGIC, IDX_ERR_SIZE, IDX_ERR_RANGE };

struct pack_index {
    uint8_t *map;
    size_t size;
    uint32_t nr;
    const uint8_t *sha;
    const uint8_t *off32;
    const uint8_t *off64;
    size_t n_off64;
};

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t be64(const uint8_t *p)
{
    return (uint64_t)be32(p) << 32 | be32(p + 4);
}

static enum idx_err read_all(const char *path, struct pack_index *ix)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return IDX_ERR_IO;
    enum idx_err e = IDX_ERR_IO;
    if (fseek(fp, 0, SEEK_END) != 0)
        goto out;
    const long sz = ftell(fp);
    if (sz < 0 || fseek(fp, 0, SEEK_SET) != 0)
        goto out;
    ix->map = malloc((size_t)sz + 1);
    if (!ix->map)
        goto out;
    if (fread(ix->map, 1, (size_t)sz, fp) != (size_t)sz) {
        free(ix->map);
        ix->map = NULL;
        goto out;
    }
    ix->size = (size_t)sz;
    e = IDX_OK;
out:
    fclose(fp);
    return e;
}

enum idx_err index_open(const char *path, struct pack_index *ix)
{
    *ix = (struct pack_index){ .map = NULL };
    enum idx_err e = read_all(path, ix);
    if (e != IDX_OK)
        return e;
    e = IDX_ERR_MAGIC;
    if (ix->size < IDX_HDR + FANOUT_SIZE + TRAILER)
        goto fail;
    if (memcmp(ix->map, "\377tOc", 4) != 0 || be32(ix->map + 4) != 2)
        goto fail;
    ix->nr = be32(ix->map + IDX_HDR + 255 * 4);
    const size_t min = IDX_HDR + FANOUT_SIZE + (size_t)ix->nr * (SHA_LEN + 4 + 4) + TRAILER;
    e = IDX_ERR_SIZE;
    if (ix->nr > (1u << 28) || ix->size < min)
        goto fail;
    ix->sha = ix->map + IDX_HDR + FANOUT_SIZE;
    ix->off32 = ix->sha + (size_t)ix->nr * (SHA_LEN + 4);
    ix->off64 = ix->off32 + (size_t)ix->nr * 4;
    ix->n_off64 = (ix->size - min) / 8;
    return IDX_OK;
fail:
    free(ix->map);
    ix->map = NULL;
    return e;
}

enum idx_err index_offset(const struct pack_index *ix, uint32_t pos, uint64_t *out)
{
    if (pos >= ix->nr)
        return IDX_ERR_RANGE;
    const uint32_t v = be32(ix->off32 + (size_t)pos * 4);
    if (!(v & 0x80000000u)) {
        *out = v;
        return IDX_OK;
    }
    const uint32_t big = v & 0x7fffffffu;
    if (big >= ix->n_off64)
        return IDX_ERR_RANGE;
    *out = be64(ix->off64 + (size_t)big * 8);
    return IDX_OK;
}

static void sha_hex(const uint8_t *sha, char *buf, size_t sz)
{
    for (size_t i = 0; i < SHA_LEN && 2 * i + 2 < sz; i++)
        snprintf(buf + 2 * i, sz - 2 * i, "%02x", sha[i]);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s pack.idx\n", argv[0]);
        return 2;
    }
    struct pack_index ix;
    enum idx_err e = index_open(argv[1], &ix);
    if (e != IDX_OK) {
        fprintf(stderr, "%s: error %d\n", argv[1], (int)e);
        return 1;
    }
    printf("%u objects, %zu large offsets\n", (unsigned)ix.nr, ix.n_off64);
    for (uint32_t i = 0; i < ix.nr; i++) {
        char hex[2 * SHA_LEN + 1] = "";
        uint64_t off = 0;
        sha_hex(ix.sha + (size_t)i * SHA_LEN, hex, sizeof hex);
        e = index_offset(&ix, i, &off);
        if (e != IDX_OK) {
            fprintf(stderr, "invalid offset entry %u\n", (unsigned)i);
            break;
        }
        printf("%s %llu\n", hex, (unsigned long long)off);
    }
    free(ix.map);
    return e == IDX_OK ? 0 : 1;
}
