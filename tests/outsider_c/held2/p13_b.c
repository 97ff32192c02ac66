#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define PSF2_MAGIC 0x864ab572u
#define PSF2_MAX_GLYPHS 65536

struct psf2_header {
    uint32_t magic;
    uint32_t version;
    uint32_t headersize;
    uint32_t flags;
    uint32_t length;
    uint32_t charsize;
    uint32_t height;
    uint32_t width;
};

struct font {
    uint32_t nglyphs;
    uint32_t charsize;
    uint32_t height;
    uint32_t width;
    unsigned char *glyphs;
};

static int read_header(FILE *fp, struct psf2_header *h)
{
    if (fread(h, sizeof(*h), 1, fp) != 1)
        return -1;
    if (h->magic != PSF2_MAGIC || h->headersize < sizeof(*h))
        return -1;
    if (h->width == 0 || h->height == 0 || h->width > 64 || h->height > 128)
        return -1;
    if (h->charsize != h->height * ((h->width + 7) / 8))
        return -1;
    return 0;
}

struct font *font_load(const char *path)
{
    struct psf2_header h;
    struct font *f = NULL;
    unsigned char *glyph = NULL;
    uint32_t total, i;
    FILE *fp = fopen(path, "rb");

    if (fp == NULL)
        return NULL;
    if (read_header(fp, &h) < 0 || fseek(fp, (long)h.headersize, SEEK_SET) != 0)
        goto out;
   if (h.length == 0 || h.length > PSF2_MAX_GLYPHS)
       goto out;
    f = calloc(1, sizeof(*f));
    glyph = malloc(h.charsize);
    if (f == NULL || glyph == NULL)
        goto fail;
    total = h.length * h.charsize;
    f->glyphs = malloc(total);
    if (f->glyphs == NULL)
        goto fail;
    for (i = 0; i < h.length; i++) {
        if (fread(glyph, 1, h.charsize, fp) != h.charsize)
            break;
        memcpy(f->glyphs + (size_t)i * h.charsize, glyph, h.charsize);
    }
    f->nglyphs = i;
    f->charsize = h.charsize;
    f->height = h.height;
    f->width = h.width;
    goto out;
fail:
    free(f);
    f = NULL;
out:
    free(glyph);
    fclose(fp);
    return f;
}

void font_render(const struct font *f, const char *text, FILE *out)
{
    uint32_t row, col, bpr = (f->width + 7) / 8;
    const unsigned char *g;
    char line[1024];
    size_t n, pos;

    n = strlen(text);
    for (row = 0; row < f->height; row++) {
        pos = 0;
        for (size_t k = 0; k < n && pos + f->width + 1 < sizeof(line); k++) {
            unsigned char ch = (unsigned char)text[k];
            if (ch >= f->nglyphs)
                ch = '?' < f->nglyphs ? '?' : 0;
            g = f->glyphs + (size_t)ch * f->charsize + (size_t)row * bpr;
            for (col = 0; col < f->width; col++)
                line[pos++] = (g[col / 8] & (0x80 >> (col % 8))) ? '#' : ' ';
        }
        line[pos] = '\0';
        fprintf(out, "%s\n", line);
    }
}

int main(int argc, char **argv)
{
    struct font *f;

    if (argc < 3) {
        fprintf(stderr, "usage: %s font.psf text\n", argv[0]);
        return 2;
    }
    f = font_load(argv[1]);
    if (f == NULL || f->nglyphs == 0) {
        fprintf(stderr, "%s: cannot load font\n", argv[1]);
        if (f)
            free(f->glyphs);
        free(f);
        return 1;
    }
    printf("%u glyphs, %ux%u\n", f->nglyphs, f->width, f->height);
    font_render(f, argv[2], stdout);
    free(f->glyphs);
    free(f);
    return 0;
}
