#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define GLYPH_W     8
#define GLYPH_H     8
#define FONT_GLYPHS 256
#define CACHE_SLOTS 4

typedef struct {
    int codepoint;
    unsigned last_use;
    uint8_t *pixels;
} cache_slot_t;

typedef struct {
    cache_slot_t slots[CACHE_SLOTS];
    unsigned clock;
    unsigned hits, misses;
} glyph_cache_t;

static uint8_t g_font[FONT_GLYPHS * GLYPH_H];

static uint8_t *render_glyph(int cp)
{
    uint8_t *px = malloc(GLYPH_W * GLYPH_H);
    if (!px)
        return NULL;
    const uint8_t *rows = &g_font[(cp & 0xFF) * GLYPH_H];
    for (int y = 0; y < GLYPH_H; y++)
        for (int x = 0; x < GLYPH_W; x++)
            px[y * GLYPH_W + x] = (rows[y] >> (7 - x)) & 1 ? 255 : 0;
    return px;
}

void cache_init(glyph_cache_t *gc)
{
    memset(gc, 0, sizeof(*gc));
    for (int i = 0; i < CACHE_SLOTS; i++)
        gc->slots[i].codepoint = -1;
}

const uint8_t *cache_get(glyph_cache_t *gc, int cp)
{
    cache_slot_t *victim = &gc->slots[0];
    gc->clock++;
    for (int i = 0; i < CACHE_SLOTS; i++) {
        cache_slot_t *s = &gc->slots[i];
        if (s->codepoint == cp) {
            s->last_use = gc->clock;
            gc->hits++;
            return s->pixels;
        }
        if (s->last_use < victim->last_use)
            victim = s;
    }
    gc->misses++;
    free(victim->pixels);
    victim->pixels = render_glyph(cp);
    victim->codepoint = victim->pixels ? cp : -1;
    victim->last_use = gc->clock;
    return victim->pixels;
}

void cache_destroy(glyph_cache_t *gc)
{
    for (int i = 0; i < CACHE_SLOTS; i++) {
        free(gc->slots[i].pixels);
        gc->slots[i].pixels = NULL;
    }
}

static void draw_text(glyph_cache_t *gc, const char *text)
{
    size_t n = strlen(text);
    char line[GLYPH_W * 80 + 1];
    if (n > 80)
        n = 80;
    for (int y = 0; y < GLYPH_H; y++) {
        char *o = line;
        for (size_t i = 0; i < n; i++) {
            const uint8_t *g = cache_get(gc, (unsigned char)text[i]);
            for (int x = 0; x < GLYPH_W; x++)
                *o++ = g && g[y * GLYPH_W + x] ? '#' : '.';
        }
        *o = '\0';
        puts(line);
    }
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s font.bin text...\n", argv[0]);
        return 1;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    size_t got = fread(g_font, 1, sizeof(g_font), f);
    fclose(f);
    if (got != sizeof(g_font))
        fprintf(stderr, "short font file (%zu bytes)\n", got);

    glyph_cache_t gc;
    cache_init(&gc);
    for (int i = 2; i < argc; i++)
        draw_text(&gc, argv[i]);
    printf("cache: %u hits, %u misses\n", gc.hits, gc.misses);
    cache_destroy(&gc);
    return 0;
}
