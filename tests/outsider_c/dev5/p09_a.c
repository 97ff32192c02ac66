#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

typedef enum {
    HIST_OK = 0,
    HIST_ERR_ARGS,
    HIST_ERR_NOMEM
} hist_status;

typedef struct histogram {
    double min;
    double max;
    double width;
    size_t nbins;
    size_t *counts;
    size_t above;
    size_t below;
    size_t total;
} histogram;

static inline size_t hist_max_count(const histogram *h)
{
    size_t i, m = 0;
    for (i = 0; i < h->nbins; i++)
        if (h->counts[i] > m)
            m = h->counts[i];
    return m;
}

hist_status hist_create(double min, double max, size_t nbins, histogram **out)
{
    histogram *h;

    if (!(max > min) || nbins == 0 || nbins > 4096)
        return HIST_ERR_ARGS;
    h = calloc(1, sizeof(*h));
    if (!h)
        return HIST_ERR_NOMEM;
    h->counts = calloc(nbins, sizeof(*h->counts));
    if (!h->counts) {
        free(h);
        return HIST_ERR_NOMEM;
    }
    h->min = min;
    h->max = max;
    h->nbins = nbins;
    h->width = (max - min) / (double)nbins;
    *out = h;
    return HIST_OK;
}

void hist_destroy(histogram *h)
{
    if (!h)
        return;
    free(h->counts);
    free(h);
}

void hist_add(histogram *h, double v)
{
    long idx;

    if (isnan(v))
        return;
    h->total++;
    if (v >= h->max) {
        h->above++;
        return;
    }
    idx = (long)((v - h->min) / h->width);
    if (idx >= (long)h->nbins)
        idx = (long)h->nbins - 1;
    h->counts[idx]++;
}

void hist_print(const histogram *h, FILE *out, size_t bar_width)
{
    char label[64];
    char bar[128];
    size_t i, n, top = hist_max_count(h);

    if (bar_width >= sizeof(bar))
        bar_width = sizeof(bar) - 1;
    for (i = 0; i < h->nbins; i++) {
        double lo = h->min + h->width * (double)i;
        snprintf(label, sizeof(label), "[%10.3f, %10.3f)", lo, lo + h->width);
        n = top ? h->counts[i] * bar_width / top : 0;
        memset(bar, '#', n);
        bar[n] = '\0';
        fprintf(out, "%s %8zu %s\n", label, h->counts[i], bar);
    }
    fprintf(out, "total %zu, below %zu, above %zu\n", h->total, h->below, h->above);
}

int main(int argc, char **argv)
{
    histogram *h = NULL;
    char line[128];
    char *end;
    double v;
    hist_status st;

    if (argc != 4) {
        fprintf(stderr, "usage: %s MIN MAX BINS < values\n", argv[0]);
        return 2;
    }
    st = hist_create(atof(argv[1]), atof(argv[2]), (size_t)atoi(argv[3]), &h);
    if (st != HIST_OK) {
        fprintf(stderr, "cannot create histogram (%d)\n", (int)st);
        return 1;
    }
    while (fgets(line, sizeof(line), stdin)) {
        v = strtod(line, &end);
        if (end == line)
            continue;
        hist_add(h, v);
    }
    hist_print(h, stdout, 60);
    hist_destroy(h);
    return 0;
}
