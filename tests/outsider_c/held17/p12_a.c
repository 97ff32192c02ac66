#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <math.h>

#define LINELEN 1024

struct mminfo {
    int rows, cols;
    long nnz;
    int symmetric;
    int pattern;
};

static char line[LINELEN];

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "mmstat: %s %s\n", msg, arg ? arg : "");
    exit(1);
}

static void lower(char *s)
{
    for (; *s; s++)
        *s = tolower((unsigned char)*s);
}

static void parse_banner(char *s, struct mminfo *mm)
{
    char object[32], format[32], field[32], sym[32];

    if (sscanf(s, "%%%%MatrixMarket %31s %31s %31s %31s", object, format, field, sym) != 4)
        die("invalid banner:", s);
    lower(object);
    lower(format);
    lower(field);
    lower(sym);
    if (strcmp(object, "matrix") != 0 || strcmp(format, "coordinate") != 0)
        die("only coordinate matrices are supported, got", format);
    if (strcmp(field, "pattern") == 0)
        mm->pattern = 1;
    else if (strcmp(field, "real") == 0 || strcmp(field, "integer") == 0)
        mm->pattern = 0;
    else
        die("unsupported field type", field);
    if (strcmp(sym, "general") == 0)
        mm->symmetric = 0;
    else if (strcmp(sym, "symmetric") == 0)
        mm->symmetric = 1;
    else
        die("unsupported symmetry", sym);
}

static void read_size(FILE *fp, struct mminfo *mm)
{
    while (fgets(line, sizeof(line), fp)) {
        if (line[0] == '%')
            continue;
        if (sscanf(line, "%d %d %ld", &mm->rows, &mm->cols, &mm->nnz) != 3)
            die("invalid size line:", line);
        if (mm->rows <= 0 || mm->cols <= 0 || mm->nnz < 0)
            die("invalid matrix dimensions", NULL);
        return;
    }
    die("missing size line", NULL);
}

int main(int argc, char **argv)
{
    FILE *fp;
    struct mminfo mm;
    double *rowsum, v, fro = 0.0, maxabs = 0.0;
    long k, ndiag = 0;
    int i, j, r;

    if (argc != 2) {
        fprintf(stderr, "usage: %s matrix.mtx\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "r");
    if (!fp)
        die("cannot open", argv[1]);
    if (!fgets(line, sizeof(line), fp))
        die("empty file", argv[1]);
    parse_banner(line, &mm);
    read_size(fp, &mm);
    rowsum = calloc(mm.rows > mm.cols ? mm.rows : mm.cols, sizeof(double));
    if (!rowsum)
        die("out of memory", NULL);
    for (k = 0; k < mm.nnz; k++) {
        v = 1.0;
        r = mm.pattern ? fscanf(fp, "%d %d", &i, &j) : fscanf(fp, "%d %d %lf", &i, &j, &v);
        if (r != (mm.pattern ? 2 : 3))
            die("truncated entry list", argv[1]);
        if (i < 1 || i > mm.rows || j < 1 || j > mm.cols)
            die("entry index out of range", argv[1]);
        rowsum[i - 1] += fabs(v);
        fro += v * v;
        if (fabs(v) > maxabs)
            maxabs = fabs(v);
        if (i == j)
            ndiag++;
        else if (mm.symmetric) {
            rowsum[j - 1] += fabs(v);
            fro += v * v;
        }
    }
    fclose(fp);
    printf("rows\t%d\ncols\t%d\nentries\t%ld\ndiagonal\t%ld\n", mm.rows, mm.cols, mm.nnz, ndiag);
    printf("frobenius\t%.6g\nmax_abs\t%.6g\n", sqrt(fro), maxabs);
    v = 0.0;
    for (i = 0; i < mm.rows; i++)
        if (rowsum[i] > v)
            v = rowsum[i];
    printf("inf_norm\t%.6g\n", v);
    free(rowsum);
    return 0;
}
