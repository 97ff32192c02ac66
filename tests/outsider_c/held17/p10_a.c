#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define LINELEN 512

struct tri {
    float v[3][3];
};

static char line[LINELEN];
static long lineno = 0;

static int next_line(FILE *fp, char *kw, size_t kwsz)
{
    char fmt[16];

    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        snprintf(fmt, sizeof(fmt), "%%%zus", kwsz - 1);
        if (sscanf(line, fmt, kw) == 1)
            return 1;
    }
    return 0;
}

static double tri_area(const struct tri *t)
{
    double u[3], w[3], c[3];
    int k;

    for (k = 0; k < 3; k++) {
        u[k] = t->v[1][k] - t->v[0][k];
        w[k] = t->v[2][k] - t->v[0][k];
    }
    c[0] = u[1] * w[2] - u[2] * w[1];
    c[1] = u[2] * w[0] - u[0] * w[2];
    c[2] = u[0] * w[1] - u[1] * w[0];
    return 0.5 * sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
}

static int read_facet(FILE *fp, struct tri *t)
{
    char kw[32];
    int k;

    if (!next_line(fp, kw, sizeof(kw)) || strcmp(kw, "outer") != 0)
        return -1;
    for (k = 0; k < 3; k++) {
        if (!next_line(fp, kw, sizeof(kw)) || strcmp(kw, "vertex") != 0)
            return -1;
        if (sscanf(line, " vertex %f %f %f", &t->v[k][0], &t->v[k][1], &t->v[k][2]) != 3)
            return -1;
    }
    if (!next_line(fp, kw, sizeof(kw)) || strcmp(kw, "endloop") != 0)
        return -1;
    if (!next_line(fp, kw, sizeof(kw)) || strcmp(kw, "endfacet") != 0)
        return -1;
    return 0;
}

static int read_solid(FILE *fp, const char *name)
{
    char kw[32];
    struct tri *tris;
    int n = 0, cap = 128, i;
    double area = 0.0;
    char *label = strdup(name[0] ? name : "unnamed");

    tris = malloc(cap * sizeof(*tris));
    if (!tris || !label) {
        fprintf(stderr, "stlarea: out of memory\n");
        exit(1);
    }
    while (next_line(fp, kw, sizeof(kw)) && strcmp(kw, "facet") == 0) {
        if (n == cap) {
            struct tri *nt = realloc(tris, 2 * cap * sizeof(*tris));
            if (!nt) {
                fprintf(stderr, "stlarea: out of memory\n");
                exit(1);
            }
            tris = nt;
            cap *= 2;
        }
        if (read_facet(fp, &tris[n]) < 0) {
            fprintf(stderr, "stlarea: malformed facet near line %ld\n", lineno);
            free(tris);
            free(label);
            return -1;
        }
        n++;
    }
    if (n == 0) {
        fprintf(stderr, "stlarea: solid %s has no facets\n", label);
        return 0;
    }
    for (i = 0; i < n; i++)
        area += tri_area(&tris[i]);
    printf("%s\t%d\t%.6f\n", label, n, area);
    free(tris);
    free(label);
    return n;
}

int main(int argc, char **argv)
{
    FILE *fp;
    char kw[32], name[128];
    int nsolids = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: %s model.stl\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    while (next_line(fp, kw, sizeof(kw))) {
        if (strcmp(kw, "solid") != 0)
            continue;
        name[0] = '\0';
        sscanf(line, " solid %127s", name);
        if (read_solid(fp, name) < 0) {
            fclose(fp);
            return 1;
        }
        nsolids++;
    }
    fclose(fp);
    printf("# %d solids\n", nsolids);
    return 0;
}
