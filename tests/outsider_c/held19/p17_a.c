#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ATLAS_NAME_MAX 48
#define ATLAS_MAX_REGIONS 4096
#define ATLAS_MAX_DIM 16384

typedef struct {
   char name[ATLAS_NAME_MAX];
   int x, y, w, h;
   float u0, v0, u1, v1;
} atlas_region;

typedef struct {
   int width, height;
   atlas_region **items;
   int count, cap;
} atlas_t;

static int atlas__cmp(const void *a, const void *b)
{
   const atlas_region *p = *(const atlas_region *const *)a;
   const atlas_region *q = *(const atlas_region *const *)b;
   return strcmp(p->name, q->name);
}

static int atlas__add(atlas_t *a, const char *name, int x, int y, int w, int h)
{
   atlas_region *r;
   if (strlen(name) >= ATLAS_NAME_MAX || a->count >= ATLAS_MAX_REGIONS) return -1;
   if (a->count == a->cap) {
      int ncap = a->cap ? a->cap * 2 : 16;
      atlas_region **ni = (atlas_region **)realloc(a->items, ncap * sizeof(*ni));
      if (!ni) return -1;
      a->items = ni;
      a->cap = ncap;
   }
   r = (atlas_region *)malloc(sizeof(*r));
   if (!r) return -1;
   a->items[a->count++] = r;
   strcpy(r->name, name);
   r->x = x;
   r->y = y;
   r->w = w;
   r->h = h;
   if (w <= 0 || h <= 0 || x < 0 || y < 0 || x > a->width - w || y > a->height - h) {
      free(r);
      return -1;
   }
   r->u0 = (float)x / a->width;
   r->v0 = (float)y / a->height;
   r->u1 = (float)(x + w) / a->width;
   r->v1 = (float)(y + h) / a->height;
   return 0;
}

void atlas_destroy(atlas_t *a)
{
   int i;
   for (i = 0; i < a->count; ++i)
      free(a->items[i]);
   free(a->items);
   memset(a, 0, sizeof(*a));
}

int atlas_load(atlas_t *a, FILE *f)
{
   char line[256], name[ATLAS_NAME_MAX];
   int x, y, w, h, lineno = 0;
   memset(a, 0, sizeof(*a));
   while (fgets(line, sizeof(line), f)) {
      lineno++;
      if (line[0] == '#' || line[0] == '\n') continue;
      if (sscanf(line, "size %d %d", &a->width, &a->height) == 2) {
         if (a->width <= 0 || a->height <= 0 || a->width > ATLAS_MAX_DIM || a->height > ATLAS_MAX_DIM)
            return -lineno;
         continue;
      }
      if (sscanf(line, "%47s %d %d %d %d", name, &x, &y, &w, &h) != 5 || a->width == 0)
         return -lineno;
      if (atlas__add(a, name, x, y, w, h) != 0)
         return -lineno;
   }
   qsort(a->items, a->count, sizeof(*a->items), atlas__cmp);
   return a->count;
}

const atlas_region *atlas_find(const atlas_t *a, const char *name)
{
   atlas_region key, *kp = &key, **hit;
   if (!a->count || strlen(name) >= ATLAS_NAME_MAX) return NULL;
   strcpy(key.name, name);
   hit = (atlas_region **)bsearch(&kp, a->items, a->count, sizeof(*a->items), atlas__cmp);
   return hit ? *hit : NULL;
}

int main(int argc, char **argv)
{
   atlas_t atlas;
   FILE *f;
   int n, i;

   if (argc < 2) {
      fprintf(stderr, "usage: %s atlas.txt [region...]\n", argv[0]);
      return 2;
   }
   if (!(f = fopen(argv[1], "r"))) {
      perror(argv[1]);
      return 1;
   }
   n = atlas_load(&atlas, f);
   fclose(f);
   if (n < 0) {
      fprintf(stderr, "%s:%d: invalid region entry\n", argv[1], -n);
      atlas_destroy(&atlas);
      return 1;
   }
   printf("%d regions in %dx%d atlas\n", n, atlas.width, atlas.height);
   for (i = 2; i < argc; ++i) {
      const atlas_region *r = atlas_find(&atlas, argv[i]);
      if (r)
         printf("%s: px (%d,%d %dx%d) uv (%.4f,%.4f)-(%.4f,%.4f)\n", r->name, r->x, r->y, r->w, r->h,
                r->u0, r->v0, r->u1, r->v1);
      else
         printf("%s: not found\n", argv[i]);
   }
   atlas_destroy(&atlas);
   return 0;
}
