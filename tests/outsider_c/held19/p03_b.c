#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define TTF_TAG(a, b, c, d) (((uint32_t)(a) << 24) | ((b) << 16) | ((c) << 8) | (d))

typedef struct {
   const uint8_t *data;
   int len;
   uint32_t cmap, loca, glyf, head, maxp;
   uint32_t cmap_len, loca_len, glyf_len, head_len, maxp_len;
   uint32_t index_map;
   int num_glyphs, loca_format;
} ttf_font;

static uint16_t ttf__u16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static int16_t ttf__i16(const uint8_t *p) { return (int16_t)(p[0] << 8 | p[1]); }
static uint32_t ttf__u32(const uint8_t *p)
{
   return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static uint32_t ttf__find_table(const uint8_t *data, int len, uint32_t tag, uint32_t *size)
{
   int i, n;
   if (len < 12) return 0;
   n = ttf__u16(data + 4);
   if (12 + n * 16 > len) return 0;
   for (i = 0; i < n; ++i) {
      const uint8_t *rec = data + 12 + i * 16;
      if (ttf__u32(rec) == tag) {
         uint32_t off = ttf__u32(rec + 8), sz = ttf__u32(rec + 12);
         if (off > (uint32_t)len || sz > (uint32_t)len - off) return 0;
         *size = sz;
         return off;
      }
   }
   return 0;
}

static int ttf_init(ttf_font *f, const uint8_t *data, int len)
{
   uint32_t i, n;
   memset(f, 0, sizeof(*f));
   f->data = data;
   f->len = len;
   f->cmap = ttf__find_table(data, len, TTF_TAG('c','m','a','p'), &f->cmap_len);
   f->loca = ttf__find_table(data, len, TTF_TAG('l','o','c','a'), &f->loca_len);
   f->glyf = ttf__find_table(data, len, TTF_TAG('g','l','y','f'), &f->glyf_len);
   f->head = ttf__find_table(data, len, TTF_TAG('h','e','a','d'), &f->head_len);
   f->maxp = ttf__find_table(data, len, TTF_TAG('m','a','x','p'), &f->maxp_len);
   if (!f->cmap || !f->loca || !f->glyf || !f->head || !f->maxp) return 0;
   if (f->head_len < 54 || f->maxp_len < 6 || f->cmap_len < 4) return 0;
   f->loca_format = ttf__i16(data + f->head + 50);
   f->num_glyphs = ttf__u16(data + f->maxp + 4);
   if ((uint32_t)(f->num_glyphs + 1) * (f->loca_format ? 4u : 2u) > f->loca_len) return 0;
   n = ttf__u16(data + f->cmap + 2);
   if (4 + n * 8 > f->cmap_len) return 0;
   for (i = 0; i < n; ++i) {
      const uint8_t *rec = data + f->cmap + 4 + i * 8;
      uint16_t pid = ttf__u16(rec), eid = ttf__u16(rec + 2);
      uint32_t off = ttf__u32(rec + 4);
      if ((pid == 3 && (eid == 1 || eid == 10)) || pid == 0) {
         if (off < f->cmap_len && f->cmap_len - off >= 14)
            f->index_map = f->cmap + off;
      }
   }
   if (!f->index_map || ttf__u16(data + f->index_map) != 4) return 0;
   return 1;
}

static int ttf_find_glyph(const ttf_font *f, int cp)
{
   const uint8_t *m = f->data + f->index_map;
   uint32_t sublen = ttf__u16(m + 2), segx2 = ttf__u16(m + 6), i;
   const uint8_t *ends, *starts, *deltas, *ranges;
   if (sublen > f->cmap_len - (f->index_map - f->cmap) || 16 + segx2 * 4 > sublen) return 0;
   ends = m + 14;
   starts = ends + segx2 + 2;
   deltas = starts + segx2;
   ranges = deltas + segx2;
   for (i = 0; i < segx2; i += 2) {
      int end = ttf__u16(ends + i), start = ttf__u16(starts + i);
      if (cp > end) continue;
      if (cp < start) return 0;
      if (ttf__u16(ranges + i) == 0)
         return (cp + ttf__i16(deltas + i)) & 0xFFFF;
      {
         uint32_t at = (uint32_t)(ranges + i - m) + ttf__u16(ranges + i) + (cp - start) * 2;
         int g;
         if (at + 2 > sublen) return 0;
         g = ttf__u16(m + at);
         return g ? (g + ttf__i16(deltas + i)) & 0xFFFF : 0;
      }
   }
   return 0;
}

static int ttf_glyph_box(const ttf_font *f, int gi, int box[4])
{
   const uint8_t *loca = f->data + f->loca, *p;
   uint32_t g0, g1;
   box[0] = box[1] = box[2] = box[3] = 0;
   if (gi < 0 || gi >= f->num_glyphs) return -1;
   if (f->loca_format == 0) {
      g0 = ttf__u16(loca + gi * 2) * 2u;
      g1 = ttf__u16(loca + gi * 2 + 2) * 2u;
   } else {
      g0 = ttf__u32(loca + gi * 4);
      g1 = ttf__u32(loca + gi * 4 + 4);
   }
   if (g0 == g1) return 0;
   if (g1 < g0 || g1 > f->glyf_len || g1 - g0 < 10) return -1;
   p = f->data + f->glyf + g0;
   box[0] = ttf__i16(p + 2);
   box[1] = ttf__i16(p + 4);
   box[2] = ttf__i16(p + 6);
   box[3] = ttf__i16(p + 8);
   return ttf__i16(p);
}

int main(int argc, char **argv)
{
   FILE *fp;
   uint8_t *buf;
   long sz;
   ttf_font font;
   const char *s;
   int box[4];

   if (argc < 3) {
      fprintf(stderr, "usage: %s font.ttf text\n", argv[0]);
      return 2;
   }
   fp = fopen(argv[1], "rb");
   if (!fp) return 1;
   fseek(fp, 0, SEEK_END);
   sz = ftell(fp);
   rewind(fp);
   if (sz <= 0 || sz > 0x1000000 || !(buf = (uint8_t *)malloc(sz))) { fclose(fp); return 1; }
   if (fread(buf, 1, sz, fp) != (size_t)sz) { fclose(fp); free(buf); return 1; }
   fclose(fp);
   if (!ttf_init(&font, buf, (int)sz)) {
      fprintf(stderr, "unsupported font\n");
      free(buf);
      return 1;
   }
   for (s = argv[2]; *s; ++s) {
      int gi = ttf_find_glyph(&font, (unsigned char)*s);
      int nc = ttf_glyph_box(&font, gi, box);
      printf("'%c' glyph %d contours %d box %d %d %d %d\n", *s, gi, nc, box[0], box[1], box[2], box[3]);
   }
   free(buf);
   return 0;
}
