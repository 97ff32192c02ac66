#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PACK_MAX_SPRITES 256
#define PACK_NAME_MAX 64
#define PACK_MAX_WIDTH 8192
#define PACK_CMD_MAX 16384

typedef struct {
   char name[PACK_NAME_MAX];
   int w, h, x, y;
} pack_sprite;

typedef struct {
   char name[PACK_NAME_MAX];
   int width, height, count;
   pack_sprite sprites[PACK_MAX_SPRITES];
} pack_atlas;

static int pack__by_height(const void *a, const void *b)
{
   const pack_sprite *p = (const pack_sprite *)a, *q = (const pack_sprite *)b;
   if (p->h != q->h) return q->h - p->h;
   return q->w - p->w;
}

static int pack_read(pack_atlas *at, FILE *f)
{
   char line[256];
   memset(at, 0, sizeof(*at));
   while (fgets(line, sizeof(line), f)) {
      pack_sprite *s;
      char nm[PACK_NAME_MAX];
      int wd;
      if (sscanf(line, "atlas %63s %d", nm, &wd) == 2) {
         if (wd <= 0 || wd > PACK_MAX_WIDTH) return 0;
         strcpy(at->name, nm);
         at->width = wd;
         continue;
      }
      if (at->count >= PACK_MAX_SPRITES) return 0;
      s = &at->sprites[at->count];
      if (sscanf(line, "sprite %63s %d %d", s->name, &s->w, &s->h) != 3) continue;
      if (s->w <= 0 || s->h <= 0 || s->h > PACK_MAX_WIDTH) return 0;
      at->count++;
   }
   return at->width > 0 && at->count > 0;
}

static int pack_layout(pack_atlas *at)
{
   int i, x = 0, y = 0, shelf = 0, hh = 1;
   qsort(at->sprites, at->count, sizeof(pack_sprite), pack__by_height);
   for (i = 0; i < at->count; ++i) {
      pack_sprite *s = &at->sprites[i];
      if (s->w > at->width) return 0;
      if (x + s->w > at->width) {
         y += shelf;
         x = 0;
         shelf = 0;
      }
      s->x = x;
      s->y = y;
      x += s->w;
      if (s->h > shelf) shelf = s->h;
   }
   while (hh < y + shelf) hh <<= 1;
   at->height = hh;
   return 1;
}

static int pack_compose(const pack_atlas *at)
{
   char cmd[PACK_CMD_MAX], part[PACK_NAME_MAX + 64];
   size_t used;
   int i;
   snprintf(cmd, sizeof(cmd), "convert -size %dx%d xc:none", at->width, at->height);
   used = strlen(cmd);
   for (i = 0; i < at->count; ++i) {
      const pack_sprite *s = &at->sprites[i];
      int n = snprintf(part, sizeof(part), " %s.png -geometry +%d+%d -composite", s->name, s->x, s->y);
      if (n < 0 || (size_t)n >= sizeof(part) || used + n >= sizeof(cmd)) return -1;
      strcat(cmd + used, part);
      used += n;
   }
   if (used + strlen(at->name) + 6 >= sizeof(cmd)) return -1;
   strcat(cmd, " ");
   strcat(cmd, at->name);
   strcat(cmd, ".png");
   return system(cmd);
}

int main(int argc, char **argv)
{
   static pack_atlas at;
   FILE *f;
   int i, ok, rc;

   if (argc != 2) {
      fprintf(stderr, "usage: %s sprites.txt\n", argv[0]);
      return 2;
   }
   if (!(f = fopen(argv[1], "r"))) {
      perror(argv[1]);
      return 1;
   }
   ok = pack_read(&at, f);
   fclose(f);
   if (!ok || !pack_layout(&at)) {
      fprintf(stderr, "%s: invalid sprite list\n", argv[1]);
      return 1;
   }
   for (i = 0; i < at.count; ++i)
      printf("%-24s %4d %4d %4d %4d\n", at.sprites[i].name, at.sprites[i].x, at.sprites[i].y,
             at.sprites[i].w, at.sprites[i].h);
   printf("atlas %s %dx%d\n", at.name, at.width, at.height);
   rc = pack_compose(&at);
   if (rc != 0) fprintf(stderr, "compose step failed (%d)\n", rc);
   return rc != 0;
}
