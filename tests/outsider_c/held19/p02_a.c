#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PCX_HEADER_SIZE 128
#define PCX_MAX_DIM 8192

typedef struct {
   const unsigned char *buf, *buf_end;
} pcx__context;

typedef struct {
   int bits, planes, bytes_per_line;
   int xmin, ymin, xmax, ymax;
   int width, height;
   unsigned char egapal[48];
} pcx__header;

static int pcx__get8(pcx__context *s)
{
   if (s->buf < s->buf_end) return *s->buf++;
   return 0;
}

static int pcx__le16(const unsigned char *p)
{
   return p[0] | (p[1] << 8);
}

static int pcx__parse_header(const unsigned char *data, int len, pcx__header *h)
{
   if (len < PCX_HEADER_SIZE || data[0] != 0x0A || data[2] != 1) return 0;
   h->bits = data[3];
   h->xmin = pcx__le16(data + 4);
   h->ymin = pcx__le16(data + 6);
   h->xmax = pcx__le16(data + 8);
   h->ymax = pcx__le16(data + 10);
   memcpy(h->egapal, data + 16, sizeof(h->egapal));
   h->planes = data[65];
   h->bytes_per_line = pcx__le16(data + 66);
   if (h->xmax < h->xmin || h->ymax < h->ymin) return 0;
   h->width = h->xmax - h->xmin + 1;
   h->height = h->ymax - h->ymin + 1;
   if (h->width > PCX_MAX_DIM || h->height > PCX_MAX_DIM) return 0;
   if (h->bits != 8 || (h->planes != 1 && h->planes != 3)) return 0;
   if (h->bytes_per_line < h->width) return 0;
   return 1;
}

static void pcx__decode_line(pcx__context *s, unsigned char *line, int total)
{
   int x = 0;
   while (x < total) {
      int c = pcx__get8(s), n = 1;
      if ((c & 0xC0) == 0xC0) {
         n = c & 0x3F;
         c = pcx__get8(s);
      }
      while (n-- > 0 && x < total)
         line[x++] = (unsigned char)c;
   }
}

unsigned char *pcx_load(const unsigned char *data, int len, int *w, int *h)
{
   pcx__header hd;
   pcx__context s;
   unsigned char *out, *line;
   const unsigned char *pal = NULL;
   int x, y, p, bpl, total;

   if (!pcx__parse_header(data, len, &hd)) return NULL;
   if (hd.planes == 1) {
      if (len < PCX_HEADER_SIZE + 769 || data[len - 769] != 12) return NULL;
      pal = data + len - 768;
   }
   bpl = hd.bytes_per_line;
   total = bpl * hd.planes;
   line = (unsigned char *)malloc(total);
   out = (unsigned char *)malloc(hd.width * hd.height * 3);
   if (!line || !out) {
      free(line);
      free(out);
      return NULL;
   }
   s.buf = data + PCX_HEADER_SIZE;
   s.buf_end = pal ? data + len - 769 : data + len;

   for (y = 0; y < hd.height; ++y) {
      unsigned char *row = out + y * hd.width * 3;
      pcx__decode_line(&s, line, total);
      for (x = 0; x < hd.width; ++x) {
         for (p = 0; p < hd.planes; ++p) {
            int v = line[p * bpl + x];
            if (pal) {
               row[x * 3 + 0] = pal[v * 3 + 0];
               row[x * 3 + 1] = pal[v * 3 + 1];
               row[x * 3 + 2] = pal[v * 3 + 2];
            } else {
               row[x * 3 + p] = (unsigned char)v;
            }
         }
      }
   }
   free(line);
   *w = hd.width;
   *h = hd.height;
   return out;
}

static unsigned char *slurp(const char *path, int *len)
{
   FILE *f = fopen(path, "rb");
   unsigned char *buf = NULL;
   int cap = 0, n = 0, r;
   if (!f) return NULL;
   for (;;) {
      if (n == cap) {
         unsigned char *nb;
         cap = cap ? cap * 2 : 4096;
         if (cap > (1 << 26)) break;
         nb = (unsigned char *)realloc(buf, cap);
         if (!nb) break;
         buf = nb;
      }
      r = (int)fread(buf + n, 1, cap - n, f);
      if (r <= 0) break;
      n += r;
   }
   fclose(f);
   *len = n;
   return buf;
}

int main(int argc, char **argv)
{
   unsigned char *data, *img;
   int len = 0, w = 0, h = 0, i;
   unsigned int hash = 2166136261u;
   char desc[64];

   if (argc != 2) {
      fprintf(stderr, "usage: %s image.pcx\n", argv[0]);
      return 2;
   }
   data = slurp(argv[1], &len);
   if (!data) return 1;
   img = pcx_load(data, len, &w, &h);
   free(data);
   if (!img) {
      fprintf(stderr, "cannot decode %s\n", argv[1]);
      return 1;
   }
   for (i = 0; i < w * h * 3; ++i)
      hash = (hash ^ img[i]) * 16777619u;
   snprintf(desc, sizeof(desc), "%dx%d rgb", w, h);
   printf("%s %08x\n", desc, hash);
   free(img);
   return 0;
}
