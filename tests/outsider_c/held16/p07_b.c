#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdarg.h>
#include <string.h>

#define MAX_SCORES 10
#define NAME_LEN 16

typedef struct {
    char name[NAME_LEN];
    uint32_t score;
    uint32_t level;
} ScoreEntry;

static ScoreEntry table[MAX_SCORES];
static int nscores;

static void hud_text(int x, int y, const char *fmt, ...)
{
    char buf[128];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    printf("\x1b[%d;%dH%s", y + 1, x + 1, buf);
}

int scores_load(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[128];

    nscores = 0;
    if (!f)
        return -1;
    while (nscores < MAX_SCORES && fgets(line, sizeof line, f)) {
        ScoreEntry e;
        memset(&e, 0, sizeof e);
        if (sscanf(line, "%15s %u %u", e.name, &e.score, &e.level) == 3)
            table[nscores++] = e;
    }
    fclose(f);
    return nscores;
}

int scores_save(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    for (int i = 0; i < nscores; i++)
        fprintf(f, "%s %u %u\n", table[i].name, table[i].score, table[i].level);
    return fclose(f);
}

int scores_insert(const char *name, uint32_t score, uint32_t level)
{
    int pos = nscores;
    while (pos > 0 && table[pos - 1].score < score)
        pos--;
    if (pos >= MAX_SCORES)
        return -1;
    if (nscores < MAX_SCORES)
        nscores++;
    memmove(&table[pos + 1], &table[pos], (size_t)(nscores - 1 - pos) * sizeof table[0]);
    memset(&table[pos], 0, sizeof table[pos]);
    strncpy(table[pos].name, name, NAME_LEN - 1);
    table[pos].score = score;
    table[pos].level = level;
    return pos;
}

void scores_draw(int highlight)
{
    char num[16];
    hud_text(10, 2, "== HIGH SCORES ==");
    for (int i = 0; i < nscores; i++) {
        sprintf(num, "%2d.", i + 1);
        hud_text(8, 4 + i, num);
        hud_text(12, 4 + i, table[i].name);
        hud_text(30, 4 + i, "%08u L%u%s", table[i].score, table[i].level,
                 i == highlight ? " <" : "");
    }
    printf("\x1b[%d;1H\n", 6 + nscores);
}

int main(int argc, char **argv)
{
    int pos = -1;

    if (argc < 2) {
        fprintf(stderr, "usage: %s scores.txt [name score level]\n", argv[0]);
        return 1;
    }
    scores_load(argv[1]);
    if (argc > 4) {
        pos = scores_insert(argv[2], (uint32_t)strtoul(argv[3], NULL, 10),
                            (uint32_t)atoi(argv[4]));
        if (pos >= 0 && scores_save(argv[1]) != 0)
            perror(argv[1]);
    }
    scores_draw(pos);
    return 0;
}
