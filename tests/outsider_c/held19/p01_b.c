#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TGA_MAX_DIM 16384

typedef struct {
   unsigned char *buf, *buf_end;
} tga__context;

typedef struct {
   int id_len, cmap_type, image_type;
   int cmap_first, cmap_len, cmap_bits;
   int width, height, bits, desc;
} tga__header;

static int tga__get8(tga__context *s)
{
   if (s->buf < s->buf_end) return *s->buf++;
   return 0;
}

static int tga__get16le(tga__context *s)
{
   int lo = tga__get8(s);
   return lo | (tga__get8(s) << 8);
}

static void tga__skip(tga__context *s, int n)
{
   if (n > s->buf_end - s->buf) s->buf = s->buf_end;
   else s->buf += n;
}

static int tga__read_header(tga__context *s, tga__header *h)
{
   h->id_len = tga__get8(s);
   h->cmap_type = tga__get8(s);
   h->image_type = tga__get8(s);
   h->cmap_first = tga__get16le(s);
   h->cmap_len = tga__get16le(s);
   h->cmap_bits = tga__get8(s);
   tga__get16le(s);
   tga__get16le(s);
   h->width = tga__get16le(s);
   h->height = tga__get16le(s);
   h->bits = tga__get8(s);
   h->desc = tga__get8(s);
   if (h->width <= 0 || h->height <= 0) return 0;
   if (h->width > TGA_MAX_DIM || h->height > TGA_MAX_DIM) return 0;
   if (h->bits != 8 && h->bits != 24 && h->bits != 32) return 0;
   switch (h->image_type) {
      case 2: case 3: case 10: case 11: return 1;
      default: return 0;
   }
}

static void tga__read_pixel(tga__context *s, unsigned char *px, int comp)
{
   int i;
   for (i = 0; i < comp; ++i)
      px[i] = (unsigned char)tga__get8(s);
   if (comp >= 3) {
      unsigned char t = px[0];
      px[0] = px[2];
      px[2] = t;
   }
}

static int tga__flip(unsigned char *img, int w, int h, int comp)
{
   int stride = w * comp, y;
   unsigned char *tmp = (unsigned char *)malloc(stride);
   if (!tmp) return 0;
   for (y = 0; y < h / 2; ++y) {
      unsigned char *a = img + y * stride;
      unsigned char *b = img + (h - 1 - y) * stride;
      memcpy(tmp, a, stride);
      memcpy(a, b, stride);
      memcpy(b, tmp, stride);
   }
   free(tmp);
   return 1;
}

unsigned char *tga_load(unsigned char *data, int len, int *x, int *y, int *comp)
{
   tga__context s;
   tga__header h;
   unsigned char *out, px[4];
   int n, total, i, j, rle;

   s.buf = data;
   s.buf_end = data + len;
   if (!tga__read_header(&s, &h)) return NULL;
   tga__skip(&s, h.id_len);
   if (h.cmap_type)
      tga__skip(&s, h.cmap_len * ((h.cmap_bits + 7) / 8));

   n = h.bits / 8;
   total = h.width * h.height;
   out = (unsigned char *)malloc(h.width * h.height * n);
   if (!out) return NULL;
   rle = h.image_type >= 9;

   i = 0;
   while (i < total) {
      if (rle) {
         int hdr = tga__get8(&s);
         int count = (hdr & 0x7f) + 1;
         if (count > total - i) count = total - i;
         if (hdr & 0x80) {
            tga__read_pixel(&s, px, n);
            for (j = 0; j < count; ++j, ++i)
               memcpy(out + i * n, px, n);
         } else {
            for (j = 0; j < count; ++j, ++i)
               tga__read_pixel(&s, out + i * n, n);
         }
      } else {
         tga__read_pixel(&s, out + i * n, n);
         ++i;
      }
   }

   if (!(h.desc & 0x20) && !tga__flip(out, h.width, h.height, n)) {
      free(out);
      return NULL;
   }
   *x = h.width;
   *y = h.height;
   *comp = n;
   return out;
}

static unsigned char *read_file(const char *path, int *len)
{
   FILE *f = fopen(path, "rb");
   unsigned char *data;
   long sz;
   if (!f) return NULL;
   fseek(f, 0, SEEK_END);
   sz = ftell(f);
   fseek(f, 0, SEEK_SET);
   if (sz <= 0 || sz > (1 << 26)) { fclose(f); return NULL; }
   data = (unsigned char *)malloc(sz);
   if (data && fread(data, 1, sz, f) != (size_t)sz) { free(data); data = NULL; }
   fclose(f);
   *len = (int)sz;
   return data;
}

int main(int argc, char **argv)
{
   unsigned char *data, *img;
   int len = 0, w, h, comp, k;
   unsigned long sum = 0;
   if (argc < 2) {
      fprintf(stderr, "usage: %s file.tga\n", argv[0]);
      return 2;
   }
   data = read_file(argv[1], &len);
   if (!data) { perror(argv[1]); return 1; }
   img = tga_load(data, len, &w, &h, &comp);
   free(data);
   if (!img) { fprintf(stderr, "%s: not a supported TGA\n", argv[1]); return 1; }
   for (k = 0; k < w * h * comp; ++k) sum += img[k];
   printf("%dx%d comp=%d sum=%lu\n", w, h, comp, sum);
   free(img);
   return 0;
}
