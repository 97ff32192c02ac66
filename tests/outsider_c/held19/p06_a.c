#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define RAST_MAX_PTS 512
#define RAST_MAX_DIM 4096
#define RAST_MAX_COORD 100000.0f

typedef struct {
   unsigned char *pixels;
   int w, h, stride;
} rast_canvas;

static int rast__cmp(const void *a, const void *b)
{
   float d = *(const float *)a - *(const float *)b;
   return (d > 0) - (d < 0);
}

static void rast__span(unsigned char *row, unsigned int len, unsigned char v)
{
   unsigned int i;
   for (i = 0; i < len; ++i)
      row[i] = v;
}

static int rast_init(rast_canvas *c, int w, int h)
{
   if (w <= 0 || h <= 0 || w > RAST_MAX_DIM || h > RAST_MAX_DIM) return 0;
   c->w = w;
   c->h = h;
   c->stride = (w + 3) & ~3;
   c->pixels = (unsigned char *)calloc(c->stride * h, 1);
   return c->pixels != NULL;
}

int rast_fill(rast_canvas *c, const float *pts, int n, unsigned char v)
{
   float xs[RAST_MAX_PTS];
   int y, i, j, filled = 0;
   if (n < 3 || n > RAST_MAX_PTS) return -1;
   for (y = 0; y < c->h; ++y) {
      float sy = y + 0.5f;
      int nx = 0;
      for (i = 0, j = n - 1; i < n; j = i++) {
         float ax = pts[j * 2], ay = pts[j * 2 + 1];
         float bx = pts[i * 2], by = pts[i * 2 + 1];
         if ((ay <= sy && by > sy) || (by <= sy && ay > sy))
            xs[nx++] = ax + (sy - ay) * (bx - ax) / (by - ay);
      }
      qsort(xs, nx, sizeof(float), rast__cmp);
      for (i = 0; i + 1 < nx; i += 2) {
         int x0 = (int)ceilf(xs[i] - 0.5f);
         int x1 = (int)ceilf(xs[i + 1] - 0.5f);
         if (x0 < 0) x0 = 0;
         if (x1 > c->w) x1 = c->w;
         rast__span(c->pixels + y * c->stride + x0, (unsigned int)(x1 - x0), v);
         filled += x1 - x0;
      }
   }
   return filled;
}

static int read_polygon(char *line, float *pts, int max)
{
   int n = 0;
   char *s = line, *e;
   while (n < max * 2) {
      float f = strtof(s, &e);
      if (e == s) break;
      if (!(fabsf(f) <= RAST_MAX_COORD)) return -1;
      pts[n++] = f;
      s = e;
   }
   return (n & 1) ? -1 : n / 2;
}

int main(int argc, char **argv)
{
   FILE *f;
   char line[8192];
   float pts[RAST_MAX_PTS * 2];
   rast_canvas c;
   int w, h, n, k;
   long total = 0;
   unsigned char shade = 64;
   unsigned long sum = 0;

   if (argc != 2 || !(f = fopen(argv[1], "r"))) {
      fprintf(stderr, "usage: %s shapes.txt\n", argv[0]);
      return 2;
   }
   if (!fgets(line, sizeof(line), f) || sscanf(line, "canvas %d %d", &w, &h) != 2 || !rast_init(&c, w, h)) {
      fprintf(stderr, "invalid canvas line\n");
      fclose(f);
      return 1;
   }
   while (fgets(line, sizeof(line), f)) {
      int r;
      n = read_polygon(line, pts, RAST_MAX_PTS);
      if (n < 3) continue;
      r = rast_fill(&c, pts, n, shade);
      if (r > 0) total += r;
      shade = (unsigned char)(shade + 48);
   }
   fclose(f);
   for (k = 0; k < c.stride * c.h; ++k) sum += c.pixels[k];
   printf("canvas %dx%d filled=%ld sum=%lu\n", c.w, c.h, total, sum);
   free(c.pixels);
   return 0;
}
