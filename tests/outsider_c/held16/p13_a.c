#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define FB_W 128
#define FB_H 16
#define MAX_GLYPH_H 16

typedef struct {
    char magic[4];
    uint8_t first;
    uint8_t count;
    uint8_t w;
    uint8_t h;
} FontHeader;

typedef struct {
    uint8_t rows[MAX_GLYPH_H];
    uint8_t advance;
} Glyph;

typedef struct {
    int first, count, w, h;
    Glyph *glyphs;
} Font;

static uint8_t fb[FB_W * FB_H];

int font_load(const char *path, Font *fnt)
{
    FontHeader hdr;
    FILE *f = fopen(path, "rb");

    if (!f)
        return -1;
    if (fread(&hdr, sizeof hdr, 1, f) != 1 || memcmp(hdr.magic, "FNT1", 4) != 0 ||
        hdr.count == 0 || hdr.w == 0 || hdr.w > 8 || hdr.h == 0 || hdr.h > MAX_GLYPH_H) {
        fclose(f);
        return -1;
    }
    fnt->first = hdr.first;
    fnt->count = hdr.count;
    fnt->w = hdr.w;
    fnt->h = hdr.h;
    fnt->glyphs = calloc(hdr.count, sizeof(Glyph));
    if (!fnt->glyphs) {
        fclose(f);
        return -1;
    }
    for (int i = 0; i < fnt->count; i++) {
        if (fread(fnt->glyphs[i].rows, 1, hdr.h, f) != hdr.h)
            break;
        fnt->glyphs[i].advance = (uint8_t)(hdr.w + 1);
    }
    fclose(f);
    return 0;
}

static const Glyph *glyph_for(const Font *fnt, unsigned char c)
{
    int idx = c - fnt->first;
    if (idx < 0 || idx >= fnt->count) {
        idx = '?' - fnt->first;
        if (idx < 0 || idx >= fnt->count)
            idx = 0;
    }
    return &fnt->glyphs[idx];
}

int draw_text(const Font *fnt, int x, int y, const char *text)
{
    for (const char *s = text; *s; s++) {
        const Glyph *g = glyph_for(fnt, (unsigned char)*s);
        for (int r = 0; r < fnt->h; r++) {
            uint8_t bits = g->rows[r];
            for (int c = 0; c < fnt->w; c++) {
                int px = x + c, py = y + r;
                if (px < 0 || py < 0 || px >= FB_W || py >= FB_H)
                    continue;
                if (bits & (0x80 >> c))
                    fb[py * FB_W + px] = 1;
            }
        }
        x += g->advance;
    }
    return x;
}

static void fb_dump(int width)
{
    char row[FB_W + 1];
    if (width > FB_W)
        width = FB_W;
    for (int y = 0; y < FB_H; y++) {
        for (int x = 0; x < width; x++)
            row[x] = fb[y * FB_W + x] ? '#' : '.';
        row[width] = '\0';
        puts(row);
    }
}

int main(int argc, char **argv)
{
    Font fnt;
    char msg[64];
    int end;

    if (argc < 3) {
        fprintf(stderr, "usage: %s font.fnt text\n", argv[0]);
        return 1;
    }
    if (font_load(argv[1], &fnt) != 0) {
        fprintf(stderr, "unsupported font %s\n", argv[1]);
        return 1;
    }
    strncpy(msg, argv[2], sizeof msg - 1);
    msg[sizeof msg - 1] = '\0';
    end = draw_text(&fnt, 0, 0, msg);
    fb_dump(end);
    free(fnt.glyphs);
    return 0;
}
