#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DB_HEADER_SIZE 100

enum db_err { DB_OK = 0, DB_ERR_IO, DB_ERR_MAGIC, DB_ERR_PAGESIZE, DB_ERR_RANGE, DB_ERR_NOMEM };

struct db_header {
    uint32_t page_size;
    uint32_t page_count;
    uint8_t reserved;
    uint32_t schema_cookie;
    uint32_t text_encoding;
};

struct page_cache {
    uint8_t *data;
    uint32_t page_size;
    uint32_t loaded;
};

static uint16_t be16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static enum db_err parse_header(const uint8_t *raw, struct db_header *h)
{
    static const char magic[] = "SQLite format 3";
    if (memcmp(raw, magic, sizeof magic) != 0)
        return DB_ERR_MAGIC;
    uint32_t ps = be16(raw + 16);
    if (ps == 1)
        ps = 65536;
    if (ps < 512 || (ps & (ps - 1)) != 0)
        return DB_ERR_PAGESIZE;
    *h = (struct db_header){
        .page_size = ps,
        .page_count = be32(raw + 28),
        .reserved = raw[20],
        .schema_cookie = be32(raw + 40),
        .text_encoding = be32(raw + 56),
    };
    return DB_OK;
}

enum db_err cache_load(FILE *fp, const struct db_header *h, struct page_cache *c)
{
    *c = (struct page_cache){ .page_size = h->page_size };
    const uint32_t bytes = h->page_size * h->page_count;
    c->data = malloc(bytes ? bytes : 1);
    if (!c->data)
        return DB_ERR_NOMEM;
    uint8_t *page = malloc(h->page_size);
    if (!page) {
        free(c->data);
        c->data = NULL;
        return DB_ERR_NOMEM;
    }
    if (fseek(fp, 0, SEEK_SET) != 0)
        goto out;
    for (uint32_t i = 0; i < h->page_count; i++) {
        if (fread(page, 1, h->page_size, fp) != h->page_size)
            break;
        memcpy(c->data + (size_t)i * h->page_size, page, h->page_size);
        c->loaded++;
    }
out:
    free(page);
    return DB_OK;
}

static void describe_page(const struct page_cache *c, uint32_t pgno)
{
    const uint8_t *p = c->data + (size_t)(pgno - 1) * c->page_size;
    if (pgno == 1)
        p += DB_HEADER_SIZE;
    const char *kind;
    switch (p[0]) {
    case 2: kind = "interior-index"; break;
    case 5: kind = "interior-table"; break;
    case 10: kind = "leaf-index"; break;
    case 13: kind = "leaf-table"; break;
    default: kind = "other"; break;
    }
    char line[96];
    snprintf(line, sizeof line, "page %u %s cells=%u content=%u", (unsigned)pgno, kind,
             (unsigned)be16(p + 3), (unsigned)be16(p + 5));
    puts(line);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s db\n", argv[0]);
        return 2;
    }
    FILE *fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    uint8_t raw[DB_HEADER_SIZE];
    struct db_header h;
    struct page_cache cache = { .data = NULL };
    enum db_err e = DB_ERR_IO;
    if (fread(raw, 1, sizeof raw, fp) != sizeof raw)
        goto done;
    e = parse_header(raw, &h);
    if (e != DB_OK)
        goto done;
    e = cache_load(fp, &h, &cache);
    if (e != DB_OK)
        goto done;
    printf("page_size=%u pages=%u encoding=%u loaded=%u\n", (unsigned)h.page_size,
           (unsigned)h.page_count, (unsigned)h.text_encoding, (unsigned)cache.loaded);
    for (uint32_t pg = 1; pg <= cache.loaded; pg++)
        describe_page(&cache, pg);
done:
    free(cache.data);
    fclose(fp);
    if (e != DB_OK)
        fprintf(stderr, "error %d\n", (int)e);
    return e == DB_OK ? 0 : 1;
}
