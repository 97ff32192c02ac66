#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BDF_LINE_MAX 256
#define BDF_MAX_GLYPH_DIM 64
#define BDF_CANVAS_W 96
#define BDF_CANVAS_H 16

typedef struct {
   int encoding, advance;
   int w, h, xoff, yoff;
   int rows;
   unsigned char *bits;
} bdf_glyph;

typedef struct {
   bdf_glyph *glyphs;
   int count, cap;
   int ascent, default_char;
   const bdf_glyph *fallback;
} bdf_font;

static int bdf__hex(int c)
{
   if (c >= '0' && c <= '9') return c - '0';
   if (c >= 'a' && c <= 'f') return c - 'a' + 10;
   if (c >= 'A' && c <= 'F') return c - 'A' + 10;
   return -1;
}

static bdf_glyph *bdf__new_glyph(bdf_font *f)
{
   bdf_glyph *g;
   if (f->count == f->cap) {
      int ncap = f->cap ? f->cap * 2 : 4;
      bdf_glyph *ng = (bdf_glyph *)realloc(f->glyphs, ncap * sizeof(bdf_glyph));
      if (!ng) return NULL;
      f->glyphs = ng;
      f->cap = ncap;
   }
   g = &f->glyphs[f->count++];
   memset(g, 0, sizeof(*g));
   g->encoding = -1;
   return g;
}

static const bdf_glyph *bdf_find(const bdf_font *f, int code)
{
   int i;
   for (i = 0; i < f->count; ++i)
      if (f->glyphs[i].encoding == code) return &f->glyphs[i];
   return NULL;
}

void bdf_free(bdf_font *f)
{
   int i;
   for (i = 0; i < f->count; ++i) free(f->glyphs[i].bits);
   free(f->glyphs);
   memset(f, 0, sizeof(*f));
}

int bdf_load(bdf_font *f, FILE *in)
{
   char line[BDF_LINE_MAX];
   bdf_glyph *g = NULL;
   int in_bitmap = 0, rowbytes = 0;

   memset(f, 0, sizeof(*f));
   f->default_char = -1;
   while (fgets(line, sizeof(line), in)) {
      if (in_bitmap && g) {
         int i, hi, lo;
         if (!strncmp(line, "ENDCHAR", 7)) {
            in_bitmap = 0;
            if (g->encoding == f->default_char) f->fallback = g;
            g = NULL;
            continue;
         }
         if (g->rows >= g->h) continue;
         for (i = 0; i < rowbytes; ++i) {
            if ((hi = bdf__hex(line[i * 2])) < 0 || (lo = bdf__hex(line[i * 2 + 1])) < 0) break;
            g->bits[g->rows * rowbytes + i] = (unsigned char)(hi << 4 | lo);
         }
         g->rows++;
      } else if (!strncmp(line, "STARTCHAR", 9)) {
         if (!(g = bdf__new_glyph(f))) return 0;
      } else if (g && sscanf(line, "ENCODING %d", &g->encoding) == 1) {
      } else if (g && sscanf(line, "DWIDTH %d", &g->advance) == 1) {
         if (g->advance < 0 || g->advance > BDF_MAX_GLYPH_DIM) return 0;
      } else if (g && !strncmp(line, "BBX", 3)) {
         if (sscanf(line + 3, "%d %d %d %d", &g->w, &g->h, &g->xoff, &g->yoff) != 4 ||
             g->w <= 0 || g->h <= 0 || g->w > BDF_MAX_GLYPH_DIM || g->h > BDF_MAX_GLYPH_DIM ||
             g->xoff < -BDF_MAX_GLYPH_DIM || g->xoff > BDF_MAX_GLYPH_DIM ||
             g->yoff < -BDF_MAX_GLYPH_DIM || g->yoff > BDF_MAX_GLYPH_DIM)
            return 0;
      } else if (g && !strncmp(line, "BITMAP", 6)) {
         if (g->w <= 0 || g->bits) return 0;
         rowbytes = (g->w + 7) / 8;
         g->bits = (unsigned char *)calloc(g->h, rowbytes);
         if (!g->bits) return 0;
         in_bitmap = 1;
      } else if (sscanf(line, "FONT_ASCENT %d", &f->ascent) == 1) {
         if (f->ascent < 0 || f->ascent > BDF_MAX_GLYPH_DIM) return 0;
      } else if (sscanf(line, "DEFAULT_CHAR %d", &f->default_char) == 1) {
      }
   }
   return f->count > 0;
}

int bdf_render(const bdf_font *f, const char *text, unsigned char *out, int w, int h, int stride)
{
   int pen = 0, r, c;
   for (; *text; ++text) {
      const bdf_glyph *g = bdf_find(f, (unsigned char)*text);
      if (!g) g = f->fallback;
      if (!g) continue;
      for (r = 0; r < g->h && g->bits; ++r) {
         int py = f->ascent - g->yoff - g->h + r;
         if (py < 0 || py >= h) continue;
         for (c = 0; c < g->w; ++c) {
            int px = pen + g->xoff + c;
            if (px < 0 || px >= w) continue;
            if (g->bits[r * ((g->w + 7) / 8) + c / 8] & (0x80 >> (c & 7)))
               out[py * stride + px] = 255;
         }
      }
      pen += g->advance;
   }
   return pen;
}

int main(int argc, char **argv)
{
   static unsigned char canvas[BDF_CANVAS_H * BDF_CANVAS_W];
   bdf_font font;
   FILE *in;
   int x, y, width, ok;

   if (argc != 3) {
      fprintf(stderr, "usage: %s font.bdf text\n", argv[0]);
      return 2;
   }
   if (!(in = fopen(argv[1], "r"))) return 1;
   ok = bdf_load(&font, in);
   fclose(in);
   if (!ok) {
      fprintf(stderr, "%s: cannot parse font\n", argv[1]);
      bdf_free(&font);
      return 1;
   }
   width = bdf_render(&font, argv[2], canvas, BDF_CANVAS_W, BDF_CANVAS_H, BDF_CANVAS_W);
   if (width > BDF_CANVAS_W) width = BDF_CANVAS_W;
   for (y = 0; y < BDF_CANVAS_H; ++y) {
      for (x = 0; x < width; ++x) putchar(canvas[y * BDF_CANVAS_W + x] ? '#' : '.');
      putchar('\n');
   }
   bdf_free(&font);
   return 0;
}
