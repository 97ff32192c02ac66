#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define MAX_ENTS 32
#define MAX_W 256
#define MAX_H 256

typedef struct {
    char kind[16];
    int x, y;
    int hp;
    uint32_t flags;
} Entity;

static Entity ents[MAX_ENTS];
static int nents;
static char level_name[32];
static int level_w, level_h;

static const char *known_kinds[] = { "player", "enemy", "coin", "door", "spring" };

static int kind_ok(const char *k)
{
    for (size_t i = 0; i < sizeof known_kinds / sizeof known_kinds[0]; i++)
        if (strcmp(known_kinds[i], k) == 0)
            return 1;
    return 0;
}

static int add_entity(const char *kind, int x, int y, int hp)
{
    Entity *e;
    if (nents > MAX_ENTS)
        return -1;
    e = &ents[nents++];
    strcpy(e->kind, kind);
    e->x = x;
    e->y = y;
    e->hp = hp;
    e->flags = strcmp(kind, "player") == 0 ? 1u : 0u;
    return 0;
}

int level_parse_line(const char *line, int lineno)
{
    char kind[16];
    int x, y, hp = 1;

    if (line[0] == '#' || line[0] == '\n')
        return 0;
    if (strncmp(line, "name ", 5) == 0) {
        strncpy(level_name, line + 5, sizeof level_name - 1);
        level_name[strcspn(level_name, "\r\n")] = '\0';
        return 0;
    }
    if (sscanf(line, "size %d %d", &level_w, &level_h) == 2) {
        if (level_w <= 0 || level_h <= 0 || level_w > MAX_W || level_h > MAX_H) {
            fprintf(stderr, "line %d: invalid size\n", lineno);
            return -1;
        }
        return 0;
    }
    if (sscanf(line, "ent %15s %d %d %d", kind, &x, &y, &hp) >= 3) {
        if (!kind_ok(kind) || x < 0 || y < 0 || x >= level_w || y >= level_h) {
            fprintf(stderr, "line %d: invalid entity\n", lineno);
            return -1;
        }
        if (add_entity(kind, x, y, hp) != 0) {
            fprintf(stderr, "line %d: too many entities\n", lineno);
            return -1;
        }
        return 0;
    }
    fprintf(stderr, "line %d: unrecognised\n", lineno);
    return -1;
}

int level_load(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[160];
    int lineno = 0, errs = 0;

    if (!f)
        return -1;
    nents = 0;
    level_w = level_h = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (level_parse_line(line, lineno) != 0)
            errs++;
    }
    fclose(f);
    return errs;
}

int main(int argc, char **argv)
{
    char hud[80];
    int players = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s level.txt\n", argv[0]);
        return 1;
    }
    if (level_load(argv[1]) < 0) {
        perror(argv[1]);
        return 1;
    }
    for (int i = 0; i < nents; i++)
        if (ents[i].flags & 1u)
            players++;
    snprintf(hud, sizeof hud, "%s %dx%d ents=%d players=%d",
             level_name[0] ? level_name : "untitled", level_w, level_h, nents, players);
    puts(hud);
    return players == 1 ? 0 : 3;
}
