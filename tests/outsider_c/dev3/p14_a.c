#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <float.h>

#define MAX_COLS 16
#define MAX_ROWS 1024

struct table {
    char names[MAX_COLS][32];
    double cells[MAX_ROWS][MAX_COLS];
    size_t ncols;
    size_t nrows;
};

struct col_summary {
    double min;
    double max;
    double sum;
    size_t count;
};

static size_t split_csv(char *line, char **fields, size_t max)
{
    size_t n = 0;
    char *p = line;

    while (n < max) {
        fields[n++] = p;
        p = strchr(p, ',');
        if (!p)
            break;
        *p++ = '\0';
    }
    return n;
}

int table_load(struct table *t, FILE *fp)
{
    char line[1024];
    char *fields[MAX_COLS];
    size_t n, i;

    t->ncols = t->nrows = 0;
    if (!fgets(line, sizeof(line), fp))
        return -1;
    line[strcspn(line, "\r\n")] = '\0';
    t->ncols = split_csv(line, fields, MAX_COLS);
    for (i = 0; i < t->ncols; i++)
        snprintf(t->names[i], sizeof(t->names[i]), "%s", fields[i]);
    while (t->nrows < MAX_ROWS && fgets(line, sizeof(line), fp)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0')
            continue;
        n = split_csv(line, fields, MAX_COLS);
        for (i = 0; i < t->ncols; i++)
            t->cells[t->nrows][i] = i < n ? strtod(fields[i], NULL) : 0.0;
        t->nrows++;
    }
    return 0;
}

static void summarize(const struct table *t, size_t col, int skip_zero, struct col_summary *out)
{
    size_t r;
    double v;

    out->sum = 0.0;
    out->count = 0;
    for (r = 0; r < t->nrows; r++) {
        v = t->cells[r][col];
        if (skip_zero && v == 0.0)
            continue;
        if (v < out->min)
            out->min = v;
        if (v > out->max)
            out->max = v;
        out->sum += v;
        out->count++;
    }
}

static void print_summary(const char *name, const struct col_summary *s)
{
    char line[160];

    if (s->count == 0) {
        snprintf(line, sizeof(line), "%-16s (no data)", name);
    } else {
        snprintf(line, sizeof(line), "%-16s n=%-5zu min=%-10g max=%-10g mean=%g",
                 name, s->count, s->min, s->max, s->sum / (double)s->count);
    }
    puts(line);
}

int main(int argc, char **argv)
{
    static struct table t;
    struct col_summary s;
    int skip_zero = 0;
    size_t c;
    FILE *fp = stdin;

    if (argc > 2 && strcmp(argv[2], "-z") == 0)
        skip_zero = 1;
    if (argc > 1 && strcmp(argv[1], "-") != 0 && (fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    if (table_load(&t, fp) < 0) {
        fprintf(stderr, "empty input\n");
        return 1;
    }
    for (c = 0; c < t.ncols; c++) {
        summarize(&t, c, skip_zero, &s);
        print_summary(t.names[c], &s);
    }
    if (fp != stdin)
        fclose(fp);
    return 0;
}
