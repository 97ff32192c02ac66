#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ENDPOINTS 64

struct endpoint_stat {
    char path[128];
    unsigned long count;
    double total_ms;
    double worst_ms;
};

struct report {
    struct endpoint_stat eps[MAX_ENDPOINTS];
    int neps;
    unsigned long samples;
    unsigned long skipped;
};

static struct endpoint_stat *lookup(struct report *r, const char *path)
{
    int i;
    struct endpoint_stat *e;

    for (i = 0; i < r->neps; i++) {
        if (strcmp(r->eps[i].path, path) == 0)
            return &r->eps[i];
    }
    if (r->neps >= MAX_ENDPOINTS)
        return NULL;
    e = &r->eps[r->neps++];
    memset(e, 0, sizeof(*e));
    strncpy(e->path, path, sizeof(e->path) - 1);
    return e;
}

static int parse_sample(const char *line, char *path, size_t pathsz, double *ms)
{
    char fmt[32];

    snprintf(fmt, sizeof(fmt), "%%%zus %%lf", pathsz - 1);
    if (sscanf(line, fmt, path, ms) != 2)
        return -1;
    if (*ms < 0)
        return -1;
    return 0;
}

int summarize(FILE *in, struct report *r)
{
    char line[512], path[128];
    double ms;
    double lo, hi;
    int first = 1;
    struct endpoint_stat *e;

    memset(r, 0, sizeof(*r));
    while (fgets(line, sizeof(line), in) != NULL) {
        if (line[0] == '#' || parse_sample(line, path, sizeof(path), &ms) != 0) {
            r->skipped++;
            continue;
        }
        e = lookup(r, path);
        if (e == NULL) {
            r->skipped++;
            continue;
        }
        e->count++;
        e->total_ms += ms;
        if (ms > e->worst_ms)
            e->worst_ms = ms;
        if (first) {
            lo = hi = ms;
            first = 0;
        } else {
            if (ms < lo)
                lo = ms;
            if (ms > hi)
                hi = ms;
        }
        r->samples++;
    }
    printf("samples=%lu skipped=%lu range=%.1f..%.1f ms\n", r->samples, r->skipped, lo, hi);
    return 0;
}

static void print_endpoints(const struct report *r)
{
    int i;
    char label[40];

    for (i = 0; i < r->neps; i++) {
        const struct endpoint_stat *e = &r->eps[i];
        snprintf(label, sizeof(label), "%s", e->path);
        printf("%-40s %8lu %10.2f %10.2f\n", label, e->count,
               e->total_ms / (double)e->count, e->worst_ms);
    }
}

int main(int argc, char **argv)
{
    struct report *r;
    FILE *in = stdin;
    int rc;

    if (argc > 1) {
        in = fopen(argv[1], "r");
        if (in == NULL) {
            perror(argv[1]);
            return 1;
        }
    }
    r = malloc(sizeof(*r));
    if (r == NULL)
        return 1;
    rc = summarize(in, r);
    if (rc == 0)
        print_endpoints(r);
    if (in != stdin)
        fclose(in);
    free(r);
    return rc == 0 ? 0 : 1;
}
