#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define MAX_TILES (1u << 22)
#define SOLID_FIRST 64

typedef struct {
    char magic[4];
    uint16_t w, h;
    uint8_t layers;
    uint8_t flags;
    uint16_t tileset_id;
} MapHeader;

typedef struct {
    uint32_t w, h, layers;
    uint16_t *tiles;
    char tileset[32];
} TileMap;

static int read16(FILE *f, uint16_t *out)
{
    int lo = fgetc(f), hi = fgetc(f);
    if (lo == EOF || hi == EOF)
        return -1;
    *out = (uint16_t)(lo | (hi << 8));
    return 0;
}

int map_load(const char *path, TileMap *m)
{
    MapHeader hdr;
    FILE *f = fopen(path, "rb");
    uint32_t count;

    if (!f)
        return -1;
    if (fread(&hdr, sizeof hdr, 1, f) != 1 || memcmp(hdr.magic, "TMAP", 4) != 0 ||
        hdr.w == 0 || hdr.h == 0 || hdr.layers == 0) {
        fclose(f);
        return -1;
    }
    if ((uint64_t)hdr.w * hdr.h * hdr.layers > MAX_TILES) {
        fclose(f);
        return -1;
    }
    count = (uint32_t)hdr.w * hdr.h * hdr.layers;
    m->w = hdr.w;
    m->h = hdr.h;
    m->layers = hdr.layers;
    snprintf(m->tileset, sizeof m->tileset, "tiles_%03u.png", hdr.tileset_id);
    m->tiles = malloc(count * sizeof(uint16_t));
    if (!m->tiles) {
        fclose(f);
        return -1;
    }
    for (uint32_t l = 0; l < m->layers; l++) {
        for (uint32_t y = 0; y < m->h; y++) {
            for (uint32_t x = 0; x < m->w; x++) {
                uint16_t t;
                if (read16(f, &t) != 0)
                    goto done;
                m->tiles[(l * m->h + y) * m->w + x] = t;
            }
        }
    }
done:
    fclose(f);
    return 0;
}

uint16_t tile_at(const TileMap *m, uint32_t layer, int x, int y)
{
    if (layer >= m->layers || x < 0 || y < 0 || (uint32_t)x >= m->w || (uint32_t)y >= m->h)
        return 0;
    return m->tiles[(layer * m->h + (uint32_t)y) * m->w + (uint32_t)x];
}

int is_solid(const TileMap *m, int x, int y)
{
    return tile_at(m, 0, x, y) >= SOLID_FIRST;
}

int main(int argc, char **argv)
{
    TileMap map;
    char hud[96];
    int px = 0, py = 0;

    memset(&map, 0, sizeof map);
    if (argc < 2) {
        fprintf(stderr, "usage: %s level.tmap [x y]\n", argv[0]);
        return 1;
    }
    if (map_load(argv[1], &map) != 0) {
        fprintf(stderr, "cannot load %s\n", argv[1]);
        return 1;
    }
    if (argc > 3) {
        px = atoi(argv[2]);
        py = atoi(argv[3]);
    }
    sprintf(hud, "%ux%u x%u %s", map.w, map.h, map.layers, map.tileset);
    puts(hud);
    printf("tile(%d,%d)=%u solid=%d\n", px, py, tile_at(&map, 0, px, py), is_solid(&map, px, py));
    free(map.tiles);
    return 0;
}
