#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define CLIP_MAX_PTS 256
#define CLIP_LINE_MAX 4096

typedef struct { float x, y; } clip_pt;
typedef struct { float x0, y0, x1, y1; } clip_rect;
typedef struct { clip_pt *pts; int count, cap; } clip_poly;

static int clip__push(clip_poly *p, clip_pt v)
{
   if (p->count == p->cap) {
      int ncap = p->cap ? p->cap * 2 : 16;
      clip_pt *np = (clip_pt *)realloc(p->pts, ncap * sizeof(clip_pt));
      if (!np) return 0;
      p->pts = np;
      p->cap = ncap;
   }
   p->pts[p->count++] = v;
   return 1;
}

static int clip__inside(clip_pt p, int edge, const clip_rect *r)
{
   switch (edge) {
      case 0: return p.x >= r->x0;
      case 1: return p.x <= r->x1;
      case 2: return p.y >= r->y0;
      default: return p.y <= r->y1;
   }
}

static clip_pt clip__intersect(clip_pt a, clip_pt b, int edge, const clip_rect *r)
{
   clip_pt o;
   float t;
   if (edge < 2) {
      float x = edge == 0 ? r->x0 : r->x1;
      t = (x - a.x) / (b.x - a.x);
      o.x = x;
      o.y = a.y + t * (b.y - a.y);
   } else {
      float y = edge == 2 ? r->y0 : r->y1;
      t = (y - a.y) / (b.y - a.y);
      o.x = a.x + t * (b.x - a.x);
      o.y = y;
   }
   return o;
}

void clip_free(clip_poly *p)
{
   if (p) {
      free(p->pts);
      free(p);
   }
}

clip_poly *clip_polygon(const clip_pt *pts, int n, const clip_rect *r)
{
   clip_poly *in = (clip_poly *)calloc(1, sizeof(clip_poly));
   clip_poly *out = (clip_poly *)calloc(1, sizeof(clip_poly));
   int edge, i, ok = 1;
   if (!in || !out) goto fail;
   for (i = 0; i < n && ok; ++i) ok = clip__push(in, pts[i]);
   for (edge = 0; edge < 4 && ok && in->count > 0; ++edge) {
      clip_poly *t;
      out->count = 0;
      for (i = 0; i < in->count && ok; ++i) {
         clip_pt a = in->pts[(i + in->count - 1) % in->count], b = in->pts[i];
         int ia = clip__inside(a, edge, r), ib = clip__inside(b, edge, r);
         if (ia != ib) ok = clip__push(out, clip__intersect(a, b, edge, r));
         if (ib && ok) ok = clip__push(out, b);
      }
      t = in; in = out; out = t;
   }
   if (!ok || in->count < 3) goto fail;
   clip_free(out);
   return in;
fail:
   clip_free(in);
   clip_free(out);
   return NULL;
}

static float clip_area(const clip_poly *p)
{
   float a = 0.0f;
   int i;
   for (i = 0; i < p->count; ++i) {
      clip_pt u = p->pts[i], v = p->pts[(i + 1) % p->count];
      a += u.x * v.y - v.x * u.y;
   }
   return fabsf(a) * 0.5f;
}

static int parse_points(char *line, clip_pt *pts, int max)
{
   int n = 0;
   char *s = line, *e;
   for (;;) {
      float x, y;
      x = strtof(s, &e);
      if (e == s) break;
      s = e;
      y = strtof(s, &e);
      if (e == s || n >= max) return -1;
      s = e;
      pts[n].x = x;
      pts[n].y = y;
      n++;
   }
   return n;
}

int main(int argc, char **argv)
{
   FILE *f;
   char line[CLIP_LINE_MAX];
   clip_pt pts[CLIP_MAX_PTS];
   clip_rect r;
   int n, idx = 0;

   if (argc != 2 || !(f = fopen(argv[1], "r"))) {
      fprintf(stderr, "usage: %s polygons.txt\n", argv[0]);
      return 2;
   }
   if (!fgets(line, sizeof(line), f) ||
       sscanf(line, "rect %f %f %f %f", &r.x0, &r.y0, &r.x1, &r.y1) != 4) {
      fprintf(stderr, "missing clip rect\n");
      fclose(f);
      return 1;
   }
   while (fgets(line, sizeof(line), f)) {
      clip_poly *res;
      n = parse_points(line, pts, CLIP_MAX_PTS);
      if (n < 3) continue;
      res = clip_polygon(pts, n, &r);
      if (!res) {
         printf("polygon %d: %d vertices, outside clip rect\n", idx++, n);
         continue;
      }
      printf("polygon %d: %d -> %d vertices, area %.2f\n", idx++, n, res->count, clip_area(res));
      clip_free(res);
   }
   fclose(f);
   return 0;
}
