#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define SVGP_ITEM_SIZE 64
#define SVGP_MAX_ARGS 7

typedef struct {
   float cx, cy, sx, sy;
   float minx, miny, maxx, maxy;
   float length;
   int npts;
} svgp__state;

static int svgp__isspace(char c)
{
   return strchr(" \t\n\v\f\r", c) != 0 && c != 0;
}

static int svgp__isnumstart(char c)
{
   return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.';
}

static const char *svgp__number(const char *s, char *it, int size)
{
   const char *start = s;
   int i = 0, dot = 0, ex = 0;
   if (size < 2) return s;
   while (*s) {
      char c = *s;
      if (c >= '0' && c <= '9') {
      } else if ((c == '-' || c == '+') && (s == start || s[-1] == 'e' || s[-1] == 'E')) {
      } else if (c == '.' && !dot && !ex) {
         dot = 1;
      } else if ((c == 'e' || c == 'E') && !ex && s != start) {
         ex = 1;
      } else {
         break;
      }
      if (i < size - 1)
         it[i++] = c;
      s++;
   }
   it[i] = '\0';
   return s;
}

static const char *svgp__next_item(const char *s, char *it, int size)
{
   it[0] = '\0';
   while (*s && (svgp__isspace(*s) || *s == ',')) s++;
   if (!*s) return s;
   if (svgp__isnumstart(*s))
      return svgp__number(s, it, size);
   it[0] = *s++;
   it[1] = '\0';
   return s;
}

static int svgp__argc(char cmd)
{
   switch (cmd) {
      case 'M': case 'm': case 'L': case 'l': return 2;
      case 'H': case 'h': case 'V': case 'v': return 1;
      case 'Z': case 'z': return 0;
      default: return -1;
   }
}

static void svgp__add_point(svgp__state *st, float x, float y, int draw)
{
   if (st->npts == 0) {
      st->minx = st->maxx = x;
      st->miny = st->maxy = y;
   } else {
      float dx = x - st->cx, dy = y - st->cy;
      if (draw) st->length += sqrtf(dx * dx + dy * dy);
      if (x < st->minx) st->minx = x;
      if (y < st->miny) st->miny = y;
      if (x > st->maxx) st->maxx = x;
      if (y > st->maxy) st->maxy = y;
   }
   st->cx = x;
   st->cy = y;
   st->npts++;
}

static void svgp__exec(svgp__state *st, char cmd, const float *a)
{
   int rel = cmd >= 'a' && cmd <= 'z';
   float ox = rel ? st->cx : 0.0f, oy = rel ? st->cy : 0.0f;
   switch (cmd) {
      case 'M': case 'm':
         svgp__add_point(st, ox + a[0], oy + a[1], 0);
         st->sx = st->cx;
         st->sy = st->cy;
         break;
      case 'L': case 'l': svgp__add_point(st, ox + a[0], oy + a[1], 1); break;
      case 'H': case 'h': svgp__add_point(st, ox + a[0], st->cy, 1); break;
      case 'V': case 'v': svgp__add_point(st, st->cx, oy + a[0], 1); break;
      case 'Z': case 'z': svgp__add_point(st, st->sx, st->sy, 1); break;
   }
}

int svg_path_measure(const char *d, svgp__state *st)
{
   char item[SVGP_ITEM_SIZE];
   float args[SVGP_MAX_ARGS];
   int nargs = 0, need = 0;
   char cmd = 0;
   const char *s = d;

   memset(st, 0, sizeof(*st));
   for (;;) {
      s = svgp__next_item(s, item, sizeof(item));
      if (!item[0]) break;
      if (svgp__isnumstart(item[0])) {
         if (!cmd || need <= 0) return -1;
         args[nargs++] = (float)atof(item);
         if (nargs >= need) {
            svgp__exec(st, cmd, args);
            nargs = 0;
            if (cmd == 'M') cmd = 'L';
            else if (cmd == 'm') cmd = 'l';
         }
      } else {
         cmd = item[0];
         need = svgp__argc(cmd);
         nargs = 0;
         if (need < 0) return -1;
         if (need == 0) svgp__exec(st, cmd, args);
      }
   }
   return st->npts;
}

int main(int argc, char **argv)
{
   FILE *f;
   char *text;
   long n;
   svgp__state st;

   if (argc != 2) {
      fprintf(stderr, "usage: %s pathdata.txt\n", argv[0]);
      return 2;
   }
   if (!(f = fopen(argv[1], "r"))) return 1;
   fseek(f, 0, SEEK_END);
   n = ftell(f);
   fseek(f, 0, SEEK_SET);
   if (n < 0 || n > 1000000) { fclose(f); return 1; }
   text = (char *)malloc(n + 1);
   if (!text) { fclose(f); return 1; }
   n = (long)fread(text, 1, n, f);
   text[n] = '\0';
   fclose(f);
   if (svg_path_measure(text, &st) < 0) {
      fprintf(stderr, "malformed path data\n");
      free(text);
      return 1;
   }
   printf("points=%d bbox=[%.2f %.2f %.2f %.2f] length=%.3f\n",
          st.npts, st.minx, st.miny, st.maxx, st.maxy, st.length);
   free(text);
   return 0;
}
