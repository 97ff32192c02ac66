#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINELEN 65536
#define NAMELEN 64

static char line[LINELEN];
static char (*sample_names)[NAMELEN];
static long *nalt;
static long *nmissing;
static int nsamples = 0;
static long nrecords = 0;

static void die(const char *msg, long n)
{
    fprintf(stderr, "vcfgt: %s (line %ld)\n", msg, n);
    exit(1);
}

static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz);
    if (!p) {
        fprintf(stderr, "vcfgt: out of memory\n");
        exit(1);
    }
    return p;
}

static void read_samples(char *s)
{
    char *tok;
    int col = 0, n = 0;
    char *copy = strdup(s);

    if (!copy) {
        fprintf(stderr, "vcfgt: out of memory\n");
        exit(1);
    }
    for (tok = strtok(copy, "\t\r\n"); tok; tok = strtok(NULL, "\t\r\n"))
        col++;
    free(copy);
    nsamples = col > 9 ? col - 9 : 0;
    sample_names = xcalloc(nsamples, NAMELEN);
    nalt = xcalloc(nsamples, sizeof(long));
    nmissing = xcalloc(nsamples, sizeof(long));
    col = 0;
    for (tok = strtok(s, "\t\r\n"); tok; tok = strtok(NULL, "\t\r\n")) {
        if (col++ < 9)
            continue;
        snprintf(sample_names[n++], NAMELEN, "%s", tok);
    }
}

static int alt_alleles(const char *gt, int *missing)
{
    int count = 0;

    *missing = 0;
    for (; *gt && *gt != ':'; gt++) {
        if (*gt == '.')
            *missing = 1;
        else if (*gt >= '1' && *gt <= '9')
            count++;
    }
    return count;
}

static void process_record(char *s, long lineno)
{
    char *tok, *save = NULL;
    int col = 0, j, miss;

    for (tok = strtok_r(s, "\t\r\n", &save); tok; tok = strtok_r(NULL, "\t\r\n", &save)) {
        if (col == 8 && strncmp(tok, "GT", 2) != 0)
            die("first FORMAT key is not GT", lineno);
        if (col >= 9) {
            j = col - 9;
            nalt[j] += alt_alleles(tok, &miss);
            nmissing[j] += miss;
        }
        col++;
    }
    if (col < 8)
        die("too few columns", lineno);
    nrecords++;
}

static void report(FILE *out)
{
    int j;

    fprintf(out, "sample\talt_alleles\tmissing\tmissing_rate\n");
    for (j = 0; j < nsamples; j++)
        fprintf(out, "%s\t%ld\t%ld\t%.4f\n", sample_names[j], nalt[j], nmissing[j],
                nrecords ? (double)nmissing[j] / nrecords : 0.0);
}

int main(int argc, char **argv)
{
    FILE *fp;
    long lineno = 0;
    int have_header = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: %s file.vcf\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        if (strncmp(line, "##", 2) == 0)
            continue;
        if (line[0] == '#') {
            if (have_header)
                die("duplicate #CHROM line", lineno);
            read_samples(line);
            have_header = 1;
            continue;
        }
        if (!have_header)
            die("record before #CHROM line", lineno);
        process_record(line, lineno);
    }
    fclose(fp);
    report(stdout);
    free(sample_names);
    free(nalt);
    free(nmissing);
    return 0;
}
