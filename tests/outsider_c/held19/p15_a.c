#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GRAD_MAX_STOPS 64
#define GRAD_LUT_SIZE 256
#define GRAD_MAX_DIM 4096

typedef struct {
   float pos;
   unsigned char rgba[4];
} grad_stop;

typedef struct {
   grad_stop *stops;
   int count;
   unsigned int lut[GRAD_LUT_SIZE];
} grad_t;

static int grad__cmp(const void *a, const void *b)
{
   float d = ((const grad_stop *)a)->pos - ((const grad_stop *)b)->pos;
   return (d > 0) - (d < 0);
}

static unsigned int grad__pack(const unsigned char *c)
{
   return ((unsigned int)c[0] << 24) | ((unsigned int)c[1] << 16) | ((unsigned int)c[2] << 8) | c[3];
}

int grad_parse(grad_t *g, FILE *f)
{
   char line[128];
   memset(g, 0, sizeof(*g));
   g->stops = (grad_stop *)malloc(GRAD_MAX_STOPS * sizeof(grad_stop));
   if (!g->stops) return 0;
   while (fgets(line, sizeof(line), f)) {
      unsigned int r, gg, b, a = 255;
      float pos;
      int n = sscanf(line, "%f #%2x%2x%2x%2x", &pos, &r, &gg, &b, &a);
      grad_stop *s;
      if (n < 4) continue;
      if (g->count == GRAD_MAX_STOPS || !(pos >= 0.0f && pos <= 1.0f)) return 0;
      s = &g->stops[g->count++];
      s->pos = pos;
      s->rgba[0] = (unsigned char)r;
      s->rgba[1] = (unsigned char)gg;
      s->rgba[2] = (unsigned char)b;
      s->rgba[3] = (unsigned char)a;
   }
   if (g->count < 1) return 0;
   qsort(g->stops, g->count, sizeof(grad_stop), grad__cmp);
   return 1;
}

static unsigned int grad_sample(const grad_t *g, float t)
{
   const grad_stop *a, *b;
   unsigned char c[4];
   float f;
   int i = 0, k;

   if (t >= g->stops[g->count - 1].pos) return grad__pack(g->stops[g->count - 1].rgba);
   while (i < g->count && g->stops[i].pos <= t) i++;
   a = &g->stops[i - 1];
   b = &g->stops[i];
   f = (t - a->pos) / (b->pos - a->pos);
   for (k = 0; k < 4; ++k)
      c[k] = (unsigned char)(a->rgba[k] + (b->rgba[k] - a->rgba[k]) * f + 0.5f);
   return grad__pack(c);
}

void grad_build_lut(grad_t *g)
{
   int k;
   for (k = 0; k < GRAD_LUT_SIZE; ++k)
      g->lut[k] = grad_sample(g, (float)k / (GRAD_LUT_SIZE - 1));
}

unsigned int *grad_render(const grad_t *g, int w, int h, int dx, int dy)
{
   unsigned int *out;
   long long len2 = (long long)dx * dx + (long long)dy * dy;
   int x, y;
   if (w <= 0 || h <= 0 || w > GRAD_MAX_DIM || h > GRAD_MAX_DIM || len2 == 0) return NULL;
   out = (unsigned int *)malloc((size_t)w * h * sizeof(unsigned int));
   if (!out) return NULL;
   for (y = 0; y < h; ++y) {
      for (x = 0; x < w; ++x) {
         long long d = (long long)x * dx + (long long)y * dy;
         long long i = d * (GRAD_LUT_SIZE - 1) / len2;
         if (i < 0) i = 0;
         if (i > GRAD_LUT_SIZE - 1) i = GRAD_LUT_SIZE - 1;
         out[y * w + x] = g->lut[i];
      }
   }
   return out;
}

int main(int argc, char **argv)
{
   grad_t g;
   FILE *f;
   unsigned int *img, hash = 0;
   int ok, i, w = 64, h = 32;

   if (argc != 2) {
      fprintf(stderr, "usage: %s stops.txt\n", argv[0]);
      return 2;
   }
   if (!(f = fopen(argv[1], "r"))) return 1;
   ok = grad_parse(&g, f);
   fclose(f);
   if (!ok) {
      fprintf(stderr, "invalid gradient\n");
      free(g.stops);
      return 1;
   }
   grad_build_lut(&g);
   img = grad_render(&g, w, h, w - 1, h - 1);
   if (!img) {
      free(g.stops);
      return 1;
   }
   for (i = 0; i < w * h; ++i) hash = hash * 31 + img[i];
   printf("%d stops, lut[0]=%08x lut[255]=%08x image hash %08x\n", g.count, g.lut[0], g.lut[255], hash);
   free(img);
   free(g.stops);
   return 0;
}
