#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define CC_MAX_DIM 8192

typedef struct { float h, s, v; } cc_hsv;

static int cc__ytab[3][256], cc__utab[3][256], cc__vtab[3][256];

static void cc_init_tables(void)
{
   int i;
   for (i = 0; i < 256; ++i) {
      cc__ytab[0][i] = 66 * i;  cc__ytab[1][i] = 129 * i; cc__ytab[2][i] = 25 * i;
      cc__utab[0][i] = -38 * i; cc__utab[1][i] = -74 * i; cc__utab[2][i] = 112 * i;
      cc__vtab[0][i] = 112 * i; cc__vtab[1][i] = -94 * i; cc__vtab[2][i] = -18 * i;
   }
}

static void cc_rgb_to_yuv(const unsigned char *p, int *y, int *u, int *v)
{
   *y = ((cc__ytab[0][p[0]] + cc__ytab[1][p[1]] + cc__ytab[2][p[2]] + 128) >> 8) + 16;
   *u = ((cc__utab[0][p[0]] + cc__utab[1][p[1]] + cc__utab[2][p[2]] + 128) >> 8) + 128;
   *v = ((cc__vtab[0][p[0]] + cc__vtab[1][p[1]] + cc__vtab[2][p[2]] + 128) >> 8) + 128;
}

static void cc_rgb_to_hsv(const unsigned char *p, cc_hsv *o)
{
   float r = p[0] / 255.0f, g = p[1] / 255.0f, b = p[2] / 255.0f;
   float mx = r > g ? (r > b ? r : b) : (g > b ? g : b);
   float mn = r < g ? (r < b ? r : b) : (g < b ? g : b);
   float d = mx - mn;
   o->v = mx;
   o->s = mx > 0.0f ? d / mx : 0.0f;
   if (d <= 0.0f) o->h = 0.0f;
   else if (mx == r) o->h = 60.0f * ((g - b) / d);
   else if (mx == g) o->h = 60.0f * ((b - r) / d + 2.0f);
   else o->h = 60.0f * ((r - g) / d + 4.0f);
   if (o->h < 0.0f) o->h += 360.0f;
}

static unsigned char cc__to_byte(float x)
{
   if (x <= 0.0f) return 0;
   if (x >= 1.0f) return 255;
   return (unsigned char)(x * 255.0f + 0.5f);
}

static void cc_hsv_to_rgb(const cc_hsv *c, unsigned char *p)
{
   float r, g, b;
   if (c->s <= 0.0f) {
      r = g = b = c->v;
   } else {
      float hh = c->h / 60.0f;
      int i = (int)hh;
      float f = hh - i;
      float q = c->v * (1.0f - c->s * f);
      float t = c->v * (1.0f - c->s * (1.0f - f));
      float m = c->v * (1.0f - c->s);
      switch (i) {
         case 1: r = q; g = c->v; b = m; break;
         case 2: r = m; g = c->v; b = t; break;
         case 3: r = m; g = q; b = c->v; break;
         case 4: r = t; g = m; b = c->v; break;
         case 5: r = c->v; g = m; b = q; break;
         default: r = c->v; g = t; b = m; break;
      }
   }
   p[0] = cc__to_byte(r);
   p[1] = cc__to_byte(g);
   p[2] = cc__to_byte(b);
}

static void cc_adjust(unsigned char *rgb, int npix, float hue_shift, float sat_scale)
{
   int i;
   for (i = 0; i < npix; ++i) {
      cc_hsv c;
      cc_rgb_to_hsv(rgb + i * 3, &c);
      c.h = fmodf(c.h + hue_shift, 360.0f);
      if (c.h < 0.0f) c.h += 360.0f;
      c.s *= sat_scale;
      if (c.s > 1.0f) c.s = 1.0f;
      cc_hsv_to_rgb(&c, rgb + i * 3);
   }
}

static unsigned char *cc_read_ppm(const char *path, int *w, int *h)
{
   FILE *f = fopen(path, "rb");
   char hdr[64];
   int maxv;
   unsigned char *px;
   if (!f) return NULL;
   if (!fgets(hdr, sizeof(hdr), f) || strncmp(hdr, "P6", 2) != 0 ||
       fscanf(f, "%d %d %d", w, h, &maxv) != 3 || maxv != 255 ||
       *w <= 0 || *h <= 0 || *w > CC_MAX_DIM || *h > CC_MAX_DIM) {
      fclose(f);
      return NULL;
   }
   fgetc(f);
   px = (unsigned char *)malloc(*w * *h * 3);
   if (px && fread(px, 3, *w * *h, f) != (size_t)(*w * *h)) {
      free(px);
      px = NULL;
   }
   fclose(f);
   return px;
}

int main(int argc, char **argv)
{
   unsigned char *img;
   int w, h, i, y, u, v;
   long ysum[2] = {0, 0}, csum = 0;
   float shift, scale;

   if (argc != 4) {
      fprintf(stderr, "usage: %s image.ppm hue_degrees sat_scale\n", argv[0]);
      return 2;
   }
   shift = strtof(argv[2], NULL);
   scale = strtof(argv[3], NULL);
   if (!(fabsf(shift) < 1e6f) || !(scale >= 0.0f && scale < 100.0f)) return 2;
   cc_init_tables();
   if (!(img = cc_read_ppm(argv[1], &w, &h))) {
      fprintf(stderr, "cannot read %s\n", argv[1]);
      return 1;
   }
   for (i = 0; i < w * h; ++i) {
      cc_rgb_to_yuv(img + i * 3, &y, &u, &v);
      ysum[0] += y;
   }
   cc_adjust(img, w * h, shift, scale);
   for (i = 0; i < w * h; ++i) {
      cc_rgb_to_yuv(img + i * 3, &y, &u, &v);
      ysum[1] += y;
      csum += abs(u - 128) + abs(v - 128);
   }
   printf("%dx%d mean Y %.2f -> %.2f, mean chroma %.2f\n", w, h,
          (double)ysum[0] / (w * h), (double)ysum[1] / (w * h), (double)csum / (w * h));
   free(img);
   return 0;
}
