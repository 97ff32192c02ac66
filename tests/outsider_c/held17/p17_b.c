#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define LINELEN 2048
#define CHROMLEN 24

struct interval {
    char *chrom;
    uint32_t start;
    uint32_t end;
};

struct idxrec {
    char chrom[CHROMLEN];
    uint32_t start;
    uint32_t end;
};

static struct interval *ivs;
static size_t nivs, capivs;
static char line[LINELEN];

static void die(const char *msg, long n)
{
    fprintf(stderr, "bedidx: %s (line %ld)\n", msg, n);
    exit(1);
}

static void add_interval(const char *chrom, unsigned long s, unsigned long e, long lineno)
{
    if (nivs == capivs) {
        size_t ncap = capivs ? capivs * 2 : 256;
        struct interval *n = realloc(ivs, ncap * sizeof(*ivs));
        if (!n)
            die("out of memory", lineno);
        ivs = n;
        capivs = ncap;
    }
    ivs[nivs].chrom = strdup(chrom);
    if (!ivs[nivs].chrom)
        die("out of memory", lineno);
    ivs[nivs].start = (uint32_t)s;
    ivs[nivs].end = (uint32_t)e;
    nivs++;
}

static int cmp_interval(const void *a, const void *b)
{
    const struct interval *x = a, *y = b;
    int c = strcmp(x->chrom, y->chrom);

    if (c)
        return c;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return (x->end > y->end) - (x->end < y->end);
}

static void write_index(FILE *out)
{
    struct idxrec rec;
    size_t i;

    for (i = 0; i < nivs; i++) {
        memset(&rec, 0, sizeof(rec));
        memcpy(rec.chrom, ivs[i].chrom, strlen(ivs[i].chrom) + 1);
        rec.start = ivs[i].start;
        rec.end = ivs[i].end;
        if (fwrite(&rec, sizeof(rec), 1, out) != 1)
            die("write failed", (long)i);
    }
}

int main(int argc, char **argv)
{
    FILE *in, *out;
    char chrom[256];
    unsigned long s, e;
    long lineno = 0;
    size_t i;

    if (argc != 3) {
        fprintf(stderr, "usage: %s in.bed out.idx\n", argv[0]);
        return 1;
    }
    in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), in)) {
        lineno++;
        if (line[0] == '#' || strncmp(line, "track", 5) == 0 || strncmp(line, "browser", 7) == 0)
            continue;
        if (sscanf(line, "%255s %lu %lu", chrom, &s, &e) != 3)
            die("expected chrom start end", lineno);
        if (e < s || e > UINT32_MAX)
            die("invalid interval coordinates", lineno);
        if (strlen(chrom) >= CHROMLEN)
            die("chromosome name too long", lineno);
        add_interval(chrom, s, e, lineno);
    }
    fclose(in);
    if (nivs > 1)
        qsort(ivs, nivs, sizeof(*ivs), cmp_interval);
    out = fopen(argv[2], "wb");
    if (!out) {
        perror(argv[2]);
        return 1;
    }
    write_index(out);
    fclose(out);
    fprintf(stderr, "bedidx: wrote %zu intervals\n", nivs);
    for (i = 0; i < nivs; i++)
        free(ivs[i].chrom);
    free(ivs);
    return 0;
}
