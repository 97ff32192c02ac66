#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <limits.h>

#define VG_W 64
#define VG_H 48
#define VG_MAX_COORD 4096
#define VG_QUAD_STEPS 8

enum { VG_END = 0, VG_MOVE = 1, VG_LINE = 2, VG_QUAD = 3, VG_CLOSE = 4, VG_COLOR = 5 };

typedef struct {
   unsigned char px[VG_W * VG_H];
} vg_canvas;

typedef struct {
   int cx, cy, sx, sy;
   unsigned char color;
   int segs;
   int minx, miny, maxx, maxy;
} vg_state;

static int vg__s16(const uint8_t *p)
{
   return (int16_t)(p[0] | (p[1] << 8)) >> 4;
}

static int vg__clamp(int v)
{
   if (v < -VG_MAX_COORD) return -VG_MAX_COORD;
   if (v > VG_MAX_COORD) return VG_MAX_COORD;
   return v;
}

static void vg__reset(vg_state *st)
{
   st->color = 255;
   st->segs = 0;
   st->minx = st->miny = INT_MAX;
   st->maxx = st->maxy = INT_MIN;
}

static void vg__line(vg_canvas *c, vg_state *st, int x0, int y0, int x1, int y1)
{
   int dx, dy, stx, sty, err;
   x0 = vg__clamp(x0); y0 = vg__clamp(y0);
   x1 = vg__clamp(x1); y1 = vg__clamp(y1);
   if (x0 < st->minx) st->minx = x0;
   if (y0 < st->miny) st->miny = y0;
   if (x0 > st->maxx) st->maxx = x0;
   if (y0 > st->maxy) st->maxy = y0;
   dx = abs(x1 - x0);
   dy = -abs(y1 - y0);
   stx = x0 < x1 ? 1 : -1;
   sty = y0 < y1 ? 1 : -1;
   err = dx + dy;
   for (;;) {
      int e2;
      if (x0 >= 0 && x0 < VG_W && y0 >= 0 && y0 < VG_H)
         c->px[y0 * VG_W + x0] = st->color;
      if (x0 == x1 && y0 == y1) break;
      e2 = 2 * err;
      if (e2 >= dy) { err += dy; x0 += stx; }
      if (e2 <= dx) { err += dx; y0 += sty; }
   }
   if (x1 < st->minx) st->minx = x1;
   if (y1 < st->miny) st->miny = y1;
   if (x1 > st->maxx) st->maxx = x1;
   if (y1 > st->maxy) st->maxy = y1;
   st->segs++;
}

int vg_run(vg_canvas *c, vg_state *st, const uint8_t *p, int len)
{
   const uint8_t *end = p + len;
   int i;
   vg__reset(st);
   while (p < end) {
      int op = *p++;
      static const int argn[6] = { 0, 4, 4, 8, 0, 1 };
      if (op > VG_COLOR || end - p < argn[op]) return -1;
      switch (op) {
         case VG_END:
            return st->segs;
         case VG_MOVE:
            st->cx = st->sx = vg__s16(p);
            st->cy = st->sy = vg__s16(p + 2);
            break;
         case VG_LINE:
            vg__line(c, st, st->cx, st->cy, vg__s16(p), vg__s16(p + 2));
            st->cx = vg__s16(p);
            st->cy = vg__s16(p + 2);
            break;
         case VG_QUAD: {
            int qx = vg__s16(p), qy = vg__s16(p + 2), ex = vg__s16(p + 4), ey = vg__s16(p + 6);
            int px = st->cx, py = st->cy, x0 = st->cx, y0 = st->cy;
            for (i = 1; i <= VG_QUAD_STEPS; ++i) {
               float t = (float)i / VG_QUAD_STEPS, u = 1.0f - t;
               int nx = (int)(u * u * x0 + 2 * u * t * qx + t * t * ex);
               int ny = (int)(u * u * y0 + 2 * u * t * qy + t * t * ey);
               vg__line(c, st, px, py, nx, ny);
               px = nx;
               py = ny;
            }
            st->cx = ex;
            st->cy = ey;
            break;
         }
         case VG_CLOSE:
            vg__line(c, st, st->cx, st->cy, st->sx, st->sy);
            st->cx = st->sx;
            st->cy = st->sy;
            break;
         case VG_COLOR:
            st->color = p[0];
            break;
      }
      p += argn[op];
   }
   return st->segs;
}

int main(int argc, char **argv)
{
   static vg_canvas canvas;
   static uint8_t buf[1 << 16];
   vg_state st;
   FILE *f;
   int len, n, i;
   unsigned int hash = 0;

   if (argc != 2 || !(f = fopen(argv[1], "rb"))) {
      fprintf(stderr, "usage: %s commands.bin\n", argv[0]);
      return 2;
   }
   len = (int)fread(buf, 1, sizeof(buf), f);
   fclose(f);
   n = vg_run(&canvas, &st, buf, len);
   if (n < 0) {
      fprintf(stderr, "corrupt command stream\n");
      return 1;
   }
   for (i = 0; i < VG_W * VG_H; ++i) hash = hash * 131 + canvas.px[i];
   if (n > 0)
      printf("%d segments bbox (%d,%d)-(%d,%d) hash %08x\n", n, st.minx, st.miny, st.maxx, st.maxy, hash);
   else
      printf("empty drawing\n");
   return 0;
}
