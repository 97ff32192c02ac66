#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define MAP_MAX_W 256
#define MAP_MAX_H 256
#define TF_SOLID  0x01
#define TF_WATER  0x02

typedef struct {
    uint8_t flags;
    char glyph;
} tiledef_t;

typedef struct {
    char title[32];
    uint16_t w, h;
    uint8_t ndefs;
    tiledef_t *defs;
    uint8_t *cells;
} level_t;

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}

static int take(const uint8_t **p, const uint8_t *end, void *dst, size_t n)
{
    if ((size_t)(end - *p) < n)
        return -1;
    memcpy(dst, *p, n);
    *p += n;
    return 0;
}

int level_load(level_t *lv, const uint8_t *buf, size_t len)
{
    const uint8_t *p = buf, *end = buf + len;
    uint8_t hdr[4 + 32 + 5];

    memset(lv, 0, sizeof(*lv));
    if (take(&p, end, hdr, sizeof(hdr)) != 0 || memcmp(hdr, "TMAP", 4) != 0)
        return -1;
    memcpy(lv->title, hdr + 4, sizeof(lv->title));
    lv->title[sizeof(lv->title) - 1] = '\0';
    lv->w = rd16(hdr + 36);
    lv->h = rd16(hdr + 38);
    lv->ndefs = hdr[40];
    if (lv->w == 0 || lv->h == 0 || lv->w > MAP_MAX_W || lv->h > MAP_MAX_H || lv->ndefs == 0)
        return -1;

    lv->defs = calloc(lv->ndefs, sizeof(tiledef_t));
    lv->cells = malloc((size_t)lv->w * lv->h);
    if (!lv->defs || !lv->cells)
        return -1;
    for (unsigned i = 0; i < lv->ndefs; i++) {
        uint8_t d[2];
        if (take(&p, end, d, 2) != 0)
            return -1;
        lv->defs[i].flags = d[0];
        lv->defs[i].glyph = (char)d[1];
    }
    if (take(&p, end, lv->cells, (size_t)lv->w * lv->h) != 0)
        return -1;
    for (size_t i = 0; i < (size_t)lv->w * lv->h; i++)
        if (lv->cells[i] >= lv->ndefs)
            return -1;
    return 0;
}

void level_free(level_t *lv)
{
    free(lv->defs);
    free(lv->cells);
    lv->defs = NULL;
    lv->cells = NULL;
}

static void level_render(const level_t *lv, FILE *out)
{
    char row[MAP_MAX_W + 1];
    unsigned solid = 0, water = 0;

    fprintf(out, "== %s (%ux%u) ==\n", lv->title, lv->w, lv->h);
    for (unsigned y = 0; y < lv->h; y++) {
        for (unsigned x = 0; x < lv->w; x++) {
            uint8_t idx = lv->cells[y * lv->w + x];
            tiledef_t d = lv->defs[idx];
            row[x] = d.glyph >= 32 && d.glyph < 127 ? d.glyph : '?';
            solid += (d.flags & TF_SOLID) != 0;
            water += (d.flags & TF_WATER) != 0;
        }
        row[lv->w] = '\0';
        fputs(row, out);
        fputc('\n', out);
    }
    fprintf(out, "solid=%u water=%u\n", solid, water);
}

int main(int argc, char **argv)
{
    static uint8_t buf[4 + 32 + 5 + 512 + MAP_MAX_W * MAP_MAX_H];
    if (argc != 2) {
        fprintf(stderr, "usage: %s level.tmap\n", argv[0]);
        return 1;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    size_t len = fread(buf, 1, sizeof(buf), f);
    fclose(f);

    level_t lv;
    if (level_load(&lv, buf, len) != 0) {
        fprintf(stderr, "%s: invalid level\n", argv[1]);
        level_free(&lv);
        return 1;
    }
    level_render(&lv, stdout);
    level_free(&lv);
    return 0;
}
