#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define LINELEN 16384
#define MAXCOL 64
#define NAMELEN 32

static char line[LINELEN];
static char names[MAXCOL][NAMELEN];
static int ncols = 0;

static char *next_field(char **sp, char sep)
{
    char *s = *sp, *e;

    if (!s)
        return NULL;
    e = strchr(s, sep);
    if (e) {
        *e = '\0';
        *sp = e + 1;
    } else {
        *sp = NULL;
    }
    s[strcspn(s, "\r\n")] = '\0';
    return s;
}

static void read_header(char *s, char sep)
{
    char *f;

    while ((f = next_field(&s, sep)) != NULL && ncols < MAXCOL) {
        strncpy(names[ncols], f, NAMELEN - 1);
        names[ncols][NAMELEN - 1] = '\0';
        ncols++;
    }
}

static int parse_number(const char *s, double *v)
{
    char *end;

    if (!*s || strcmp(s, "NA") == 0)
        return 0;
    *v = strtod(s, &end);
    return *end == '\0' && end != s;
}

int main(int argc, char **argv)
{
    FILE *fp;
    double sum[MAXCOL], sumsq[MAXCOL], vmin[MAXCOL], vmax[MAXCOL], v, mean, sd;
    long cnt[MAXCOL], nrows = 0;
    char sep = ',', *s, *f, label[NAMELEN + 8];
    int col;

    if (argc < 2) {
        fprintf(stderr, "usage: %s table.csv [sep]\n", argv[0]);
        return 1;
    }
    if (argc > 2)
        sep = strcmp(argv[2], "tab") == 0 ? '\t' : argv[2][0];
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    if (!fgets(line, sizeof(line), fp)) {
        fprintf(stderr, "colstats: %s is empty\n", argv[1]);
        fclose(fp);
        return 1;
    }
    read_header(line, sep);
    memset(sum, 0, sizeof(sum));
    memset(sumsq, 0, sizeof(sumsq));
    memset(cnt, 0, sizeof(cnt));
    while (fgets(line, sizeof(line), fp)) {
        nrows++;
        s = line;
        for (col = 0; col < ncols && (f = next_field(&s, sep)) != NULL; col++) {
            if (!parse_number(f, &v))
                continue;
            if (cnt[col] == 0 || v < vmin[col])
                vmin[col] = v;
            if (cnt[col] == 0 || v > vmax[col])
                vmax[col] = v;
            sum[col] += v;
            sumsq[col] += v * v;
            cnt[col]++;
        }
    }
    fclose(fp);
    printf("%-24s %8s %12s %12s %12s %12s\n", "column", "n", "mean", "sd", "min", "max");
    for (col = 0; col < ncols; col++) {
        if (names[col][0])
            strcpy(label, names[col]);
        else
            sprintf(label, "col%d", col + 1);
        if (cnt[col] == 0) {
            printf("%-24s %8d %12s\n", label, 0, "NA");
            continue;
        }
        mean = sum[col] / cnt[col];
        sd = cnt[col] > 1 ? sqrt((sumsq[col] - cnt[col] * mean * mean) / (cnt[col] - 1)) : 0.0;
        printf("%-24s %8ld %12.4g %12.4g %12.4g %12.4g\n", label, cnt[col], mean, sd,
               vmin[col], vmax[col]);
    }
    printf("# %ld rows, %d columns\n", nrows, ncols);
    return 0;
}
