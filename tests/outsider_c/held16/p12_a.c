#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_GAMES 64

typedef struct {
    char title[48];
    char system[8];
    char rom[160];
} Game;

typedef struct {
    const char *system;
    const char *emulator;
} Core;

static const Core cores[] = {
    { "nes", "fceux" },
    { "gb", "sameboy" },
    { "snes", "snes9x" },
    { "c8", "chip8" },
};

static Game games[MAX_GAMES];
static int ngames;

static const char *emulator_for(const char *sys)
{
    for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++)
        if (strcmp(cores[i].system, sys) == 0)
            return cores[i].emulator;
    return NULL;
}

int games_load(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[256];

    if (!f)
        return -1;
    ngames = 0;
    while (ngames < MAX_GAMES && fgets(line, sizeof line, f)) {
        char *t = strtok(line, "|");
        char *s = strtok(NULL, "|");
        char *r = strtok(NULL, "\r\n");
        Game *g;
        if (!t || !s || !r)
            continue;
        g = &games[ngames++];
        snprintf(g->title, sizeof g->title, "%s", t);
        snprintf(g->system, sizeof g->system, "%s", s);
        snprintf(g->rom, sizeof g->rom, "%s", r);
    }
    fclose(f);
    return ngames;
}

int launch(const Game *g)
{
    char cmd[320];
    const char *emu = emulator_for(g->system);

    if (!emu) {
        fprintf(stderr, "no core for %s\n", g->system);
        return -1;
    }
    snprintf(cmd, sizeof cmd, "%s \"%s\" >/dev/null 2>&1", emu, g->rom);
    return system(cmd);
}

static void remember(const char *title)
{
    FILE *f = fopen("lastplayed.txt", "w");
    if (!f)
        return;
    fprintf(f, "%s\n", title);
    fclose(f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s games.txt [title]\n", argv[0]);
        return 1;
    }
    if (games_load(argv[1]) < 0) {
        perror(argv[1]);
        return 1;
    }
    for (int i = 0; i < ngames; i++) {
        if (argc < 3) {
            printf("%-32s [%s]\n", games[i].title, games[i].system);
            continue;
        }
        if (strcmp(games[i].title, argv[2]) == 0) {
            int rc = launch(&games[i]);
            if (rc == 0)
                remember(games[i].title);
            printf("%s exited with %d\n", games[i].title, rc);
            return rc == 0 ? 0 : 2;
        }
    }
    if (argc >= 3) {
        fprintf(stderr, "no such game: %s\n", argv[2]);
        return 1;
    }
    return 0;
}
