#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct glyph {
    char name[32];
    int encoding;
    int width;
    int height;
    int xoff;
    int yoff;
    int stride;
    unsigned char *bits;
};

static int hex_nibble(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int decode_row(const char *hex, unsigned char *out, int stride)
{
    int i;
    for (i = 0; i < stride; i++) {
        int hi = hex_nibble((unsigned char)hex[2 * i]);
        int lo = hi < 0 ? -1 : hex_nibble((unsigned char)hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (unsigned char)(hi << 4 | lo);
    }
    return 0;
}

static void glyph_render(const struct glyph *g)
{
    int r, c;
    printf("%s (U+%04X) %dx%d\n", g->name, (unsigned)g->encoding, g->width, g->height);
    for (r = 0; r < g->height; r++) {
        for (c = 0; c < g->width; c++)
            putchar(g->bits[r * g->stride + c / 8] & (0x80 >> (c % 8)) ? '#' : '.');
        putchar('\n');
    }
}

int bdf_read_glyph(FILE *fp, struct glyph *g)
{
    char line[256];
    int row = 0, in_bitmap = 0;

    memset(g, 0, sizeof(*g));
    while (fgets(line, sizeof(line), fp)) {
        if (sscanf(line, "STARTCHAR %31s", g->name) == 1)
            continue;
        if (sscanf(line, "ENCODING %d", &g->encoding) == 1)
            continue;
        if (sscanf(line, "BBX %d %d %d %d", &g->width, &g->height, &g->xoff, &g->yoff) == 4) {
            if (g->bits || g->width <= 0 || g->width > 64 || g->height <= 0 || g->height > 64)
                return -1;
            g->stride = (g->width + 7) / 8;
            continue;
        }
        if (strncmp(line, "BITMAP", 6) == 0) {
            if (!g->stride || g->bits)
                return -1;
            g->bits = calloc((size_t)g->height, (size_t)g->stride);
            if (!g->bits)
                return -1;
            in_bitmap = 1;
            continue;
        }
        if (strncmp(line, "ENDCHAR", 7) == 0)
            return in_bitmap ? 0 : -1;
        if (in_bitmap) {
            if (row >= g->height)
                continue;
            if (strlen(line) < (size_t)g->stride * 2 ||
                decode_row(line, g->bits + row * g->stride, g->stride) != 0)
                return -1;
            row++;
        }
    }
    return -1;
}

int main(int argc, char **argv)
{
    FILE *fp;
    char line[256];
    int shown = 0, wanted = -1;

    if (argc < 2) {
        fprintf(stderr, "usage: %s font.bdf [codepoint]\n", argv[0]);
        return 2;
    }
    if (argc > 2)
        wanted = (int)strtol(argv[2], NULL, 0);
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        if (strncmp(line, "CHARS ", 6) != 0)
            continue;
        for (;;) {
            struct glyph g;
            if (bdf_read_glyph(fp, &g) != 0) {
                free(g.bits);
                break;
            }
            if (wanted < 0 || g.encoding == wanted) {
                glyph_render(&g);
                shown++;
            }
            free(g.bits);
        }
        break;
    }
    fclose(fp);
    printf("%d glyph(s)\n", shown);
    return shown ? 0 : 1;
}
