#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CANDIDATES 16
#define NAME_LEN 48

struct poll {
    char names[MAX_CANDIDATES][NAME_LEN];
    int ncandidates;
    unsigned votes[MAX_CANDIDATES];
    unsigned spoiled;
    unsigned total;
};

static int load_candidates(struct poll *p, const char *path)
{
    FILE *fp = fopen(path, "r");
    char line[128];

    if (fp == NULL)
        return -1;
    while (p->ncandidates < MAX_CANDIDATES && fgets(line, sizeof(line), fp) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0')
            continue;
        snprintf(p->names[p->ncandidates], NAME_LEN, "%s", line);
        p->ncandidates++;
    }
    fclose(fp);
    return p->ncandidates > 0 ? 0 : -1;
}

int record_ballot(struct poll *p, const char *ballot)
{
    int choice;
    char *end;

    choice = (int)strtol(ballot, &end, 10);
    if (end == ballot) {
        p->spoiled++;
        return -1;
    }
    if (choice < 0 || choice >= p->ncandidates) {
        p->spoiled++;
        return -1;
    }
    p->votes[choice]++;
    p->total++;
    return 0;
}

static int winner(const struct poll *p)
{
    int i, best = -1;
    unsigned most = 0;

    for (i = 0; i < p->ncandidates; i++) {
        if (p->votes[i] > most) {
            most = p->votes[i];
            best = i;
        }
    }
    return best;
}

static void print_results(const struct poll *p)
{
    int i, w;
    char bar[41];
    unsigned len;

    for (i = 0; i < p->ncandidates; i++) {
        len = p->total ? (unsigned)(40ull * p->votes[i] / p->total) : 0;
        memset(bar, '#', len);
        bar[len] = '\0';
        printf("%2d %-20s %6u %s\n", i, p->names[i], p->votes[i], bar);
    }
    printf("spoiled: %u\n", p->spoiled);
    w = winner(p);
    if (w >= 0)
        printf("winner: %s\n", p->names[w]);
}

int main(int argc, char **argv)
{
    struct poll p;
    char line[64];

    memset(&p, 0, sizeof(p));
    if (argc < 2) {
        fprintf(stderr, "usage: %s CANDIDATES < ballots\n", argv[0]);
        return 2;
    }
    if (load_candidates(&p, argv[1]) != 0) {
        fprintf(stderr, "%s: no candidates\n", argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), stdin) != NULL)
        record_ballot(&p, line);
    print_results(&p);
    return 0;
}
