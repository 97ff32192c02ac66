#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NS_MAX_DIM 4096
#define NS_COMP 3

typedef struct {
   int w, h;
   unsigned char *px;
} ns_image;

typedef struct {
   int left, top, right, bottom;
} ns_insets;

static int ns__map(int d, int dsize, int ssize, int lo, int hi)
{
   int dmid, smid;
   if (d < lo) return d;
   if (d >= dsize - hi) return ssize - (dsize - d);
   dmid = dsize - lo - hi;
   smid = ssize - lo - hi;
   return lo + (int)((long long)(d - lo) * smid / dmid);
}

int ns_draw(const ns_image *src, const ns_insets *in, ns_image *dst)
{
   int x, y;
   if (in->left < 0 || in->right < 0 || in->top < 0 || in->bottom < 0) return -1;
   if (in->left >= src->w - in->right || in->top >= src->h - in->bottom) return -1;
   if (in->left > dst->w - in->right || in->top > dst->h - in->bottom) return -1;
   for (y = 0; y < dst->h; ++y) {
      int sy = ns__map(y, dst->h, src->h, in->top, in->bottom);
      unsigned char *row = dst->px + (size_t)y * dst->w * NS_COMP;
      for (x = 0; x < dst->w; ++x) {
         int sx = ns__map(x, dst->w, src->w, in->left, in->right);
         memcpy(row + x * NS_COMP, src->px + ((size_t)sy * src->w + sx) * NS_COMP, NS_COMP);
      }
   }
   return 0;
}

static int ns_load_ppm(const char *path, ns_image *img)
{
   FILE *f = fopen(path, "rb");
   int maxv;
   size_t n;
   img->px = NULL;
   if (!f) return 0;
   if (fscanf(f, "P6 %d %d %d", &img->w, &img->h, &maxv) != 3 || maxv != 255 ||
       img->w <= 0 || img->h <= 0 || img->w > NS_MAX_DIM || img->h > NS_MAX_DIM) {
      fclose(f);
      return 0;
   }
   fgetc(f);
   n = (size_t)img->w * img->h * NS_COMP;
   img->px = (unsigned char *)malloc(n);
   if (!img->px || fread(img->px, 1, n, f) != n) {
      free(img->px);
      img->px = NULL;
      fclose(f);
      return 0;
   }
   fclose(f);
   return 1;
}

int main(int argc, char **argv)
{
   ns_image src, dst;
   ns_insets in;
   char line[256], name[64];
   FILE *theme;
   int status = 0;

   if (argc != 3) {
      fprintf(stderr, "usage: %s skin.ppm theme.txt\n", argv[0]);
      return 2;
   }
   if (!ns_load_ppm(argv[1], &src)) {
      fprintf(stderr, "%s: unreadable skin\n", argv[1]);
      return 1;
   }
   if (!(theme = fopen(argv[2], "r"))) {
      free(src.px);
      return 1;
   }
   while (fgets(line, sizeof(line), theme)) {
      unsigned int hash = 5381;
      size_t i, n;
      if (sscanf(line, "%63s %d %d %d %d %d %d", name, &dst.w, &dst.h,
                 &in.left, &in.top, &in.right, &in.bottom) != 7)
         continue;
      if (dst.w <= 0 || dst.h <= 0 || dst.w > NS_MAX_DIM || dst.h > NS_MAX_DIM) {
         printf("%-16s size out of range\n", name);
         continue;
      }
      n = (size_t)dst.w * dst.h * NS_COMP;
      if (!(dst.px = (unsigned char *)malloc(n))) {
         status = 1;
         break;
      }
      if (ns_draw(&src, &in, &dst) == 0) {
         for (i = 0; i < n; ++i) hash = hash * 33 + dst.px[i];
         printf("%-16s %4dx%-4d %08x\n", name, dst.w, dst.h, hash);
      } else {
         printf("%-16s insets rejected\n", name);
         status = 1;
      }
      free(dst.px);
   }
   fclose(theme);
   free(src.px);
   return status;
}
