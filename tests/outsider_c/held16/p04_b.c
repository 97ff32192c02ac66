#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define MAX_COLORS 256

typedef struct {
    uint8_t r, g, b, a;
} Color;

static int clamp255(int v)
{
    if (v < 0)
        return 0;
    if (v > 255)
        return 255;
    return v;
}

static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
}

int pal_read(FILE *f, Color *dst)
{
    char line[128];
    int count, i;

    if (!fgets(line, sizeof line, f))
        return -1;
    chomp(line);
    if (strcmp(line, "JASC-PAL") != 0)
        return -1;
    if (!fgets(line, sizeof line, f) || !fgets(line, sizeof line, f))
        return -1;
    count = atoi(line);
    if (count < 1)
        return -1;
    for (i = 0; i < count; i++) {
        int r, g, b;
        Color c;
        if (!fgets(line, sizeof line, f))
            break;
        if (sscanf(line, "%d %d %d", &r, &g, &b) != 3)
            break;
        c.r = (uint8_t)clamp255(r);
        c.g = (uint8_t)clamp255(g);
        c.b = (uint8_t)clamp255(b);
        c.a = (i == 0) ? 0 : 255;
        dst[i] = c;
    }
    return i;
}

static int write_gpl(const char *path, const char *name, const Color *pal, int n)
{
    FILE *o = fopen(path, "w");
    char entry[32];

    if (!o)
        return -1;
    fprintf(o, "GIMP Palette\nName: %s\nColumns: 16\n#\n", name);
    for (int i = 0; i < n; i++) {
        sprintf(entry, "Index %d", i);
        fprintf(o, "%3d %3d %3d\t%s\n", pal[i].r, pal[i].g, pal[i].b, entry);
    }
    fclose(o);
    return 0;
}

static int nearest(const Color *pal, int n, int r, int g, int b)
{
    int best = 0;
    long bestd = -1;
    for (int i = 0; i < n; i++) {
        long dr = pal[i].r - r, dg = pal[i].g - g, db = pal[i].b - b;
        long d = dr * dr + dg * dg + db * db;
        if (bestd < 0 || d < bestd) {
            bestd = d;
            best = i;
        }
    }
    return best;
}

int main(int argc, char **argv)
{
    Color pal[MAX_COLORS];
    char name[64];
    FILE *f;
    int n;

    if (argc < 2) {
        fprintf(stderr, "usage: %s file.pal [out.gpl]\n", argv[0]);
        return 1;
    }
    f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    n = pal_read(f, pal);
    fclose(f);
    if (n <= 0) {
        fprintf(stderr, "not a JASC palette\n");
        return 1;
    }
    snprintf(name, sizeof name, "%s", argv[1]);
    printf("%s: %d colors, white -> %d\n", name, n, nearest(pal, n, 255, 255, 255));
    if (argc > 2 && write_gpl(argv[2], name, pal, n) != 0)
        perror(argv[2]);
    return 0;
}
