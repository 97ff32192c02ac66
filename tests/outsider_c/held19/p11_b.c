#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QUANT_BITS 5
#define QUANT_HIST_SIZE (1 << (3 * QUANT_BITS))
#define QUANT_MAX_COLORS 256
#define QUANT_MAX_DIM 8192

typedef struct {
   int count;
   int key;
} quant__bin;

static int quant__key(const unsigned char *p)
{
   return ((p[0] >> 3) << 10) | ((p[1] >> 3) << 5) | (p[2] >> 3);
}

static int quant__cmp(const void *a, const void *b)
{
   const quant__bin *x = (const quant__bin *)a, *y = (const quant__bin *)b;
   if (x->count != y->count) return y->count - x->count;
   return x->key - y->key;
}

static int quant__exact(const unsigned char *rgb, int npix, int ncolors, unsigned char *pal, unsigned char *idx)
{
   int i, j, n = 0;
   for (i = 0; i < npix; ++i) {
      const unsigned char *p = rgb + i * 3;
      for (j = 0; j < n; ++j)
         if (!memcmp(pal + j * 3, p, 3)) break;
      if (j == n) {
         if (n == ncolors) return 0;
         memcpy(pal + n * 3, p, 3);
         n++;
      }
      idx[i] = (unsigned char)j;
   }
   return n;
}

static int quant__nearest(const unsigned char *pal, int n, const unsigned char *p)
{
   int j, best = 0, bestd = 1 << 30;
   for (j = 0; j < n; ++j) {
      int dr = pal[j * 3] - p[0], dg = pal[j * 3 + 1] - p[1], db = pal[j * 3 + 2] - p[2];
      int d = dr * dr * 2 + dg * dg * 4 + db * db * 3;
      if (d < bestd) { bestd = d; best = j; }
   }
   return best;
}

int quant_image(const unsigned char *rgb, int npix, int ncolors, unsigned char *pal, unsigned char *idx)
{
   quant__bin *bins;
   short *cache;
   int i, k, used = 0;

   if (npix <= 0 || ncolors < 2 || ncolors > QUANT_MAX_COLORS) return -1;
   bins = (quant__bin *)calloc(QUANT_HIST_SIZE, sizeof(quant__bin));
   if (!bins) return -1;
   for (i = 0; i < QUANT_HIST_SIZE; ++i) bins[i].key = i;
   for (i = 0; i < npix; ++i) bins[quant__key(rgb + i * 3)].count++;
   for (i = 0; i < QUANT_HIST_SIZE; ++i) if (bins[i].count) used++;

   if (used <= ncolors) {
      k = quant__exact(rgb, npix, ncolors, pal, idx);
      if (k > 0)
         return k;
   }

   qsort(bins, QUANT_HIST_SIZE, sizeof(quant__bin), quant__cmp);
   k = used < ncolors ? used : ncolors;
   for (i = 0; i < k; ++i) {
      int key = bins[i].key;
      pal[i * 3 + 0] = (unsigned char)((((key >> 10) & 31) << 3) | 4);
      pal[i * 3 + 1] = (unsigned char)((((key >> 5) & 31) << 3) | 4);
      pal[i * 3 + 2] = (unsigned char)(((key & 31) << 3) | 4);
   }
   free(bins);

   cache = (short *)malloc(QUANT_HIST_SIZE * sizeof(short));
   if (!cache) return -1;
   memset(cache, 0xff, QUANT_HIST_SIZE * sizeof(short));
   for (i = 0; i < npix; ++i) {
      int key = quant__key(rgb + i * 3);
      if (cache[key] < 0) cache[key] = (short)quant__nearest(pal, k, rgb + i * 3);
      idx[i] = (unsigned char)cache[key];
   }
   free(cache);
   return k;
}

int main(int argc, char **argv)
{
   FILE *f;
   char magic[3];
   int w, h, maxv, ncolors, k, i;
   unsigned char *rgb, *idx, pal[QUANT_MAX_COLORS * 3];
   double err = 0.0;

   if (argc != 3) {
      fprintf(stderr, "usage: %s image.ppm colors\n", argv[0]);
      return 2;
   }
   ncolors = atoi(argv[2]);
   if (!(f = fopen(argv[1], "rb"))) return 1;
   if (fscanf(f, "%2s %d %d %d", magic, &w, &h, &maxv) != 4 || strcmp(magic, "P6") || maxv != 255 ||
       w <= 0 || h <= 0 || w > QUANT_MAX_DIM || h > QUANT_MAX_DIM) {
      fclose(f);
      return 1;
   }
   fgetc(f);
   rgb = (unsigned char *)malloc(w * h * 3);
   idx = (unsigned char *)malloc(w * h);
   if (!rgb || !idx || fread(rgb, 3, w * h, f) != (size_t)(w * h)) {
      fclose(f);
      free(rgb);
      free(idx);
      return 1;
   }
   fclose(f);
   k = quant_image(rgb, w * h, ncolors, pal, idx);
   if (k > 0) {
      for (i = 0; i < w * h; ++i) {
         int c;
         for (c = 0; c < 3; ++c) {
            int d = rgb[i * 3 + c] - pal[idx[i] * 3 + c];
            err += d * d;
         }
      }
      printf("%dx%d -> %d colors, mse %.3f\n", w, h, k, err / (w * h * 3.0));
   } else {
      fprintf(stderr, "quantisation failed\n");
   }
   free(rgb);
   free(idx);
   return k > 0 ? 0 : 1;
}
