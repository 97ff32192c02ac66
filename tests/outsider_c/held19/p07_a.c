#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

#define PNM_MAX_DIM 16384

typedef struct {
   int w, h, comp;
   unsigned char *data;
} img_image;

static void pnm__skip_space(FILE *f)
{
   int c;
   for (;;) {
      c = fgetc(f);
      if (c == '#') {
         while (c != '\n' && c != EOF) c = fgetc(f);
      } else if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
         break;
      }
   }
   if (c != EOF) ungetc(c, f);
}

static int pnm__int(FILE *f, int *v)
{
   pnm__skip_space(f);
   return fscanf(f, "%d", v) == 1;
}

static int img_load_pnm(const char *path, img_image *img)
{
   FILE *f = fopen(path, "rb");
   char magic[3] = {0};
   int maxval, n;
   if (!f) return 0;
   if (fread(magic, 1, 2, f) != 2 || magic[0] != 'P' || (magic[1] != '5' && magic[1] != '6') ||
       !pnm__int(f, &img->w) || !pnm__int(f, &img->h) || !pnm__int(f, &maxval) || maxval != 255 ||
       img->w <= 0 || img->h <= 0 || img->w > PNM_MAX_DIM || img->h > PNM_MAX_DIM) {
      fclose(f);
      return 0;
   }
   fgetc(f);
   img->comp = magic[1] == '6' ? 3 : 1;
   n = img->w * img->h * img->comp;
   img->data = (unsigned char *)malloc(n);
   if (!img->data || (int)fread(img->data, 1, n, f) != n) {
      free(img->data);
      img->data = NULL;
      fclose(f);
      return 0;
   }
   fclose(f);
   return 1;
}

static int img__box_edge(int i, int src, int dst)
{
   return (int)((long long)i * src / dst);
}

unsigned char *img_resize_box(const unsigned char *src, int sw, int sh, int comp, int dw, int dh)
{
   unsigned char *out;
   int x, y, c, sx, sy;

   if (!src || sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0 || comp < 1 || comp > 4)
      return NULL;
   out = (unsigned char *)malloc(dw * dh * comp);
   if (!out) return NULL;

   for (y = 0; y < dh; ++y) {
      int y0 = img__box_edge(y, sh, dh), y1 = img__box_edge(y + 1, sh, dh);
      if (y1 <= y0) y1 = y0 + 1;
      for (x = 0; x < dw; ++x) {
         int x0 = img__box_edge(x, sw, dw), x1 = img__box_edge(x + 1, sw, dw);
         int area;
         if (x1 <= x0) x1 = x0 + 1;
         area = (x1 - x0) * (y1 - y0);
         for (c = 0; c < comp; ++c) {
            unsigned long sum = 0;
            for (sy = y0; sy < y1; ++sy)
               for (sx = x0; sx < x1; ++sx)
                  sum += src[(sy * sw + sx) * comp + c];
            out[(y * dw + x) * comp + c] = (unsigned char)((sum + area / 2) / area);
         }
      }
   }
   return out;
}

int main(int argc, char **argv)
{
   img_image img;
   unsigned char *out;
   int dw, dh, i;
   unsigned int crc = 0;

   if (argc != 4) {
      fprintf(stderr, "usage: %s in.pnm width height\n", argv[0]);
      return 2;
   }
   dw = atoi(argv[2]);
   dh = atoi(argv[3]);
   if (!img_load_pnm(argv[1], &img)) {
      fprintf(stderr, "%s: unreadable image\n", argv[1]);
      return 1;
   }
   out = img_resize_box(img.data, img.w, img.h, img.comp, dw, dh);
   if (!out) {
      fprintf(stderr, "cannot resize to %dx%d\n", dw, dh);
      free(img.data);
      return 1;
   }
   for (i = 0; i < dw * dh * img.comp; ++i)
      crc = (crc << 5) + crc + out[i];
   printf("%dx%d -> %dx%d (%d ch) hash %08x\n", img.w, img.h, dw, dh, img.comp, crc);
   free(out);
   free(img.data);
   return 0;
}
