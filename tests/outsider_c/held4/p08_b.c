#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SCORES 10
#define NAME_MAX_LEN 24

typedef struct {
    char name[NAME_MAX_LEN];
    unsigned score;
    unsigned level;
} hs_entry_t;

typedef struct {
    hs_entry_t e[MAX_SCORES];
    int n;
} hiscore_t;

static int cmp_entry(const void *a, const void *b)
{
    const hs_entry_t *x = a, *y = b;
    if (x->score != y->score)
        return x->score < y->score ? 1 : -1;
    return strcmp(x->name, y->name);
}

int hs_load(hiscore_t *hs, const char *path)
{
    char line[128];
    FILE *f = fopen(path, "r");
    hs->n = 0;
    if (!f)
        return -1;
    while (hs->n < MAX_SCORES && fgets(line, sizeof(line), f)) {
        hs_entry_t *e = &hs->e[hs->n];
        if (line[0] == '#')
            continue;
        if (sscanf(line, "%23s %u %u", e->name, &e->score, &e->level) == 3)
            hs->n++;
    }
    fclose(f);
    qsort(hs->e, hs->n, sizeof(hs_entry_t), cmp_entry);
    return 0;
}

int hs_insert(hiscore_t *hs, const char *name, unsigned score, unsigned level)
{
    if (hs->n == MAX_SCORES && score <= hs->e[MAX_SCORES - 1].score)
        return -1;
    int slot = hs->n < MAX_SCORES ? hs->n++ : MAX_SCORES - 1;
    snprintf(hs->e[slot].name, NAME_MAX_LEN, "%s", name);
    hs->e[slot].score = score;
    hs->e[slot].level = level;
    qsort(hs->e, hs->n, sizeof(hs_entry_t), cmp_entry);
    return 0;
}

int hs_save(const hiscore_t *hs, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "# name score level\n");
    for (int i = 0; i < hs->n; i++)
        fprintf(f, "%s %u %u\n", hs->e[i].name, hs->e[i].score, hs->e[i].level);
    return fclose(f);
}

static void hs_show(const hiscore_t *hs)
{
    char line[80];
    puts("=== HIGH SCORES ===");
    for (int i = 0; i < hs->n; i++) {
        snprintf(line, sizeof(line), "%2d. %-24s %9u  L%u\n", i + 1, hs->e[i].name,
                 hs->e[i].score, hs->e[i].level);
        printf(line);
    }
}

int main(int argc, char **argv)
{
    hiscore_t hs;
    if (argc < 2) {
        fprintf(stderr, "usage: %s scores.txt [name score level]\n", argv[0]);
        return 1;
    }
    if (hs_load(&hs, argv[1]) != 0)
        fprintf(stderr, "no score file yet\n");
    if (argc == 5) {
        unsigned score = (unsigned)strtoul(argv[3], NULL, 10);
        unsigned level = (unsigned)atoi(argv[4]);
        if (hs_insert(&hs, argv[2], score, level) == 0 && hs_save(&hs, argv[1]) != 0)
            perror(argv[1]);
    }
    hs_show(&hs);
    return 0;
}
