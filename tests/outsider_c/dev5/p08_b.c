#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#define CSV_MAX_COLS 32

typedef enum {
    CSV_OK = 0,
    CSV_ERR_IO,
    CSV_ERR_NOMEM,
    CSV_ERR_PARSE,
    CSV_ERR_SHAPE
} csv_status;

typedef struct csv_column {
    char name[64];
    double *v;
    size_t len;
    size_t cap;
} csv_column;

typedef struct csv_table {
    csv_column cols[CSV_MAX_COLS];
    size_t ncols;
    size_t nrows;
} csv_table;

static inline char *csv_trim(char *s)
{
    char *e;
    while (*s == ' ' || *s == '\t')
        s++;
    e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
        *--e = '\0';
    return s;
}

static csv_status col_reserve(csv_column *c, size_t extra)
{
    size_t ncap;
    double *p;

    if (c->len + extra <= c->cap)
        return CSV_OK;
    ncap = c->cap ? c->cap * 2 : 64;
    while (ncap < c->len + extra)
        ncap *= 2;
    p = realloc(c->v, ncap * sizeof(*p));
    if (!p)
        return CSV_ERR_NOMEM;
    c->v = p;
    c->cap = ncap;
    return CSV_OK;
}

csv_table *csv_table_create(void)
{
    return calloc(1, sizeof(csv_table));
}

void csv_table_destroy(csv_table *t)
{
    size_t i;
    if (!t)
        return;
    for (i = 0; i < t->ncols; i++)
        free(t->cols[i].v);
    free(t);
}

static csv_status csv_header(csv_table *t, char *line)
{
    char *tok, *save = NULL;

    for (tok = strtok_r(line, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (t->ncols == CSV_MAX_COLS)
            return CSV_ERR_SHAPE;
        snprintf(t->cols[t->ncols].name, sizeof(t->cols[0].name), "%s", csv_trim(tok));
        t->ncols++;
    }
    return t->ncols ? CSV_OK : CSV_ERR_SHAPE;
}

static csv_status csv_row(csv_table *t, char *line)
{
    char *tok, *end, *save = NULL;
    size_t i = 0;
    double d;

    for (tok = strtok_r(line, ",", &save); tok; tok = strtok_r(NULL, ",", &save), i++) {
        if (i >= t->ncols)
            return CSV_ERR_SHAPE;
        tok = csv_trim(tok);
        errno = 0;
        d = strtod(tok, &end);
        if (end == tok || *end != '\0' || errno == ERANGE)
            return CSV_ERR_PARSE;
        if (col_reserve(&t->cols[i], 1) != CSV_OK)
            return CSV_ERR_NOMEM;
        t->cols[i].v[t->cols[i].len++] = d;
    }
    if (i != t->ncols)
        return CSV_ERR_SHAPE;
    t->nrows++;
    return CSV_OK;
}

csv_status csv_load(const char *path, csv_table **out, size_t *err_line)
{
    FILE *fp;
    char *line = NULL;
    size_t cap = 0, lineno = 0;
    csv_status st = CSV_ERR_IO;
    csv_table *t;

    fp = fopen(path, "r");
    if (!fp)
        return CSV_ERR_IO;
    t = csv_table_create();
    if (!t) {
        fclose(fp);
        return CSV_ERR_NOMEM;
    }
    while (getline(&line, &cap, fp) > 0) {
        lineno++;
        if (lineno == 1)
            st = csv_header(t, line);
        else if (line[0] == '#' || csv_trim(line)[0] == '\0')
            continue;
        else
            st = csv_row(t, line);
        if (st != CSV_OK)
            goto fail;
    }
    free(line);
    fclose(fp);
    *out = t;
    return lineno ? CSV_OK : CSV_ERR_SHAPE;
fail:
    *err_line = lineno;
    free(line);
    fclose(fp);
    return st;
}

int main(int argc, char **argv)
{
    csv_table *t = NULL;
    size_t i, j, err_line = 0;
    csv_status st;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.csv\n", argv[0]);
        return 2;
    }
    st = csv_load(argv[1], &t, &err_line);
    if (st != CSV_OK) {
        fprintf(stderr, "%s:%zu: error %d\n", argv[1], err_line, (int)st);
        csv_table_destroy(t);
        return 1;
    }
    for (i = 0; i < t->ncols; i++) {
        const csv_column *c = &t->cols[i];
        double sum = 0, lo = c->len ? c->v[0] : 0, hi = lo;
        for (j = 0; j < c->len; j++) {
            sum += c->v[j];
            if (c->v[j] < lo) lo = c->v[j];
            if (c->v[j] > hi) hi = c->v[j];
        }
        printf("%-16s n=%zu mean=%g min=%g max=%g\n", c->name, c->len,
               c->len ? sum / (double)c->len : 0.0, lo, hi);
    }
    csv_table_destroy(t);
    return 0;
}
