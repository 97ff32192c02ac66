#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const regnames[] = { "rbx", "r12", "r13", "r14", "r15", "rsi", "rdi", "r8" };
#define NPHYS ((int)(sizeof regnames / sizeof regnames[0]))

struct interval {
    int start, end;
    int phys;
    int slot;
    int used;
};

struct regalloc {
    struct interval *iv;
    int nvregs;
    int nphys;
    int nslots;
    int active[NPHYS];
};

static int read_header(struct regalloc *ra, FILE *in)
{
    char line[128];
    int n, k;
    if (!fgets(line, sizeof line, in) || sscanf(line, "vregs %d regs %d", &n, &k) != 2)
        return -1;
    if (n <= 0 || n > 100000 || k <= 0 || k > NPHYS)
        return -1;
    ra->nvregs = n;
    ra->nphys = k;
    ra->iv = calloc((size_t)n, sizeof *ra->iv);
    return ra->iv ? 0 : -1;
}

static int read_intervals(struct regalloc *ra, FILE *in)
{
    char line[128];
    int v, s, e, lineno = 1;
    while (fgets(line, sizeof line, in)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "v%d %d %d", &v, &s, &e) != 3 || s > e) {
            fprintf(stderr, "line %d: expected 'vN start end'\n", lineno);
            return -1;
        }
        if (v < 0 || v >= ra->nvregs) {
            fprintf(stderr, "line %d: v%d out of range\n", lineno, v);
            return -1;
        }
        ra->iv[v].start = s;
        ra->iv[v].end = e;
        ra->iv[v].used = 1;
    }
    return 0;
}

static int by_start(const void *a, const void *b, void *ctx)
{
    const struct interval *iv = ctx;
    int x = *(const int *)a, y = *(const int *)b;
    if (iv[x].start != iv[y].start)
        return iv[x].start < iv[y].start ? -1 : 1;
    return x - y;
}

int linear_scan(struct regalloc *ra)
{
    int *order, n = 0, i, r, v, far;
    if (!(order = malloc(sizeof *order * (size_t)ra->nvregs)))
        return -1;
    for (i = 0; i < ra->nvregs; i++)
        if (ra->iv[i].used)
            order[n++] = i;
    qsort_r(order, (size_t)n, sizeof *order, by_start, ra->iv);
    for (r = 0; r < NPHYS; r++)
        ra->active[r] = -1;
    for (i = 0; i < n; i++) {
        struct interval *cur = &ra->iv[order[i]];
        cur->phys = -1;
        cur->slot = -1;
        for (r = 0; r < ra->nphys; r++)
            if ((v = ra->active[r]) >= 0 && ra->iv[v].end < cur->start)
                ra->active[r] = -1;
        for (r = 0; r < ra->nphys && ra->active[r] >= 0; r++)
            ;
        if (r < ra->nphys) {
            ra->active[r] = order[i];
            cur->phys = r;
            continue;
        }
        for (far = 0, r = 1; r < ra->nphys; r++)
            if (ra->iv[ra->active[r]].end > ra->iv[ra->active[far]].end)
                far = r;
        v = ra->active[far];
        if (ra->iv[v].end > cur->end) {
            cur->phys = far;
            ra->iv[v].phys = -1;
            ra->iv[v].slot = ra->nslots++;
            ra->active[far] = order[i];
        } else {
            cur->slot = ra->nslots++;
        }
    }
    free(order);
    return 0;
}

int main(int argc, char **argv)
{
    struct regalloc ra;
    char name[16], text[64];
    FILE *in = stdin;
    int i;
    memset(&ra, 0, sizeof ra);
    if (argc > 1 && !(in = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    if (read_header(&ra, in) < 0 || read_intervals(&ra, in) < 0 || linear_scan(&ra) < 0) {
        fprintf(stderr, "register allocation failed\n");
        if (in != stdin)
            fclose(in);
        free(ra.iv);
        return 1;
    }
    for (i = 0; i < ra.nvregs; i++) {
        if (!ra.iv[i].used)
            continue;
        snprintf(name, sizeof name, "v%d", i);
        if (ra.iv[i].phys >= 0)
            sprintf(text, "%-8s %s", name, regnames[ra.iv[i].phys]);
        else
            sprintf(text, "%-8s [sp+%d]", name, ra.iv[i].slot * 8);
        puts(text);
    }
    printf("%d spill slot(s)\n", ra.nslots);
    if (in != stdin)
        fclose(in);
    free(ra.iv);
    return 0;
}
