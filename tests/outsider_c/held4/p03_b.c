#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_SPRITES 256

typedef struct {
    char name[32];
    int x, y, w, h;
} sprite_t;

typedef struct {
    char image[128];
    int sheet_w, sheet_h;
    sprite_t sprites[MAX_SPRITES];
    int count;
} atlas_t;

static atlas_t g_atlas;

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

static int add_sprite(atlas_t *a, const char *name, int x, int y, int w, int h)
{
    if (a->count >= MAX_SPRITES)
        return -1;
    if (w <= 0 || h <= 0 || x < 0 || y < 0)
        return -1;
    if (a->sheet_w && (x + w > a->sheet_w || y + h > a->sheet_h))
        return -1;
    sprite_t *s = &a->sprites[a->count++];
    strcpy(s->name, name);
    s->x = x;
    s->y = y;
    s->w = w;
    s->h = h;
    return 0;
}

static int parse_line(atlas_t *a, char *line, int lineno)
{
    char name[32];
    int x, y, w, h;

    line = trim(line);
    if (*line == '\0' || *line == '#')
        return 0;
    if (strncmp(line, "image ", 6) == 0)
        return sscanf(line, "image %127s %d %d", a->image, &a->sheet_w, &a->sheet_h) == 3 ? 0 : -1;
    if (strncmp(line, "sprite ", 7) == 0) {
        if (sscanf(line, "sprite %31s %d %d %d %d", name, &x, &y, &w, &h) != 5) {
            fprintf(stderr, "line %d: malformed sprite\n", lineno);
            return -1;
        }
        return add_sprite(a, name, x, y, w, h);
    }
    fprintf(stderr, "line %d: unknown directive\n", lineno);
    return -1;
}

int atlas_load(atlas_t *a, FILE *f)
{
    char line[256];
    int lineno = 0, errors = 0;
    memset(a, 0, sizeof(*a));
    while (fgets(line, sizeof(line), f)) {
        lineno++;
        if (parse_line(a, line, lineno) != 0)
            errors++;
    }
    return errors;
}

const sprite_t *atlas_find(const atlas_t *a, const char *name)
{
    for (int i = 0; i < a->count; i++)
        if (strcmp(a->sprites[i].name, name) == 0)
            return &a->sprites[i];
    return NULL;
}

static void atlas_dump(const atlas_t *a)
{
    char uv[64];
    printf("%s (%dx%d), %d sprites\n", a->image, a->sheet_w, a->sheet_h, a->count);
    for (int i = 0; i < a->count; i++) {
        const sprite_t *s = &a->sprites[i];
        snprintf(uv, sizeof(uv), "%.4f,%.4f", a->sheet_w ? (double)s->x / a->sheet_w : 0.0,
                 a->sheet_h ? (double)s->y / a->sheet_h : 0.0);
        printf("  %-20s %4d %4d %4d %4d  uv=%s\n", s->name, s->x, s->y, s->w, s->h, uv);
    }
}

int main(int argc, char **argv)
{
    FILE *f = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    int errs = atlas_load(&g_atlas, f);
    if (f != stdin)
        fclose(f);
    atlas_dump(&g_atlas);
    for (int i = 2; i < argc; i++) {
        const sprite_t *s = atlas_find(&g_atlas, argv[i]);
        printf("%s: %s\n", argv[i], s ? "found" : "missing");
    }
    return errs ? 2 : 0;
}
