#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINELEN 8192
#define MAXFLD 32
#define FLAGBITS 16

static const char *flag_names[] = {
    "paired", "proper_pair", "unmapped", "mate_unmapped",
    "reverse", "mate_reverse", "read1", "read2",
    "secondary", "qcfail", "duplicate", "supplementary"
};
#define NFLAGS ((int)(sizeof(flag_names) / sizeof(flag_names[0])))

static char line[LINELEN];
static char *fld[MAXFLD];
static long flag_counts[FLAGBITS];
static long nrec, nhdr, mapq_sum, nmapped;

static void die(const char *msg, long n)
{
    fprintf(stderr, "samflags: %s (line %ld)\n", msg, n);
    exit(1);
}

static int split_tabs(char *s)
{
    int n = 0;
    char *p;

    s[strcspn(s, "\r\n")] = '\0';
    fld[n++] = s;
    for (p = s; *p && n < MAXFLD; p++) {
        if (*p == '\t') {
            *p = '\0';
            fld[n++] = p + 1;
        }
    }
    return n;
}

static void describe_flags(int flag, char *out, size_t outsz)
{
    int bit;

    out[0] = '\0';
    for (bit = 0; bit < NFLAGS; bit++) {
        if (!(flag & (1 << bit)))
            continue;
        if (out[0] && strlen(out) + 1 < outsz)
            strcat(out, ",");
        if (strlen(out) + strlen(flag_names[bit]) < outsz)
            strcat(out, flag_names[bit]);
    }
    if (!out[0])
        strcpy(out, "none");
}

static void count_flag_bits(int flag)
{
    int bit;

    for (bit = 0; bit < FLAGBITS; bit++)
        if (flag & (1 << bit))
            flag_counts[bit]++;
}

static void report(FILE *out)
{
    int bit;

    fprintf(out, "records\t%ld\nheader_lines\t%ld\n", nrec, nhdr);
    if (nmapped > 0)
        fprintf(out, "mean_mapq\t%.2f\n", (double)mapq_sum / nmapped);
    for (bit = 0; bit < NFLAGS; bit++)
        fprintf(out, "0x%04x\t%-14s\t%ld\n", 1 << bit, flag_names[bit], flag_counts[bit]);
}

int main(int argc, char **argv)
{
    FILE *fp;
    char desc[256];
    int verbose = 0, nf, flag;
    long lineno = 0;

    if (argc > 1 && strcmp(argv[1], "-v") == 0) {
        verbose = 1;
        argv++;
        argc--;
    }
    fp = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        if (line[0] == '@') {
            nhdr++;
            continue;
        }
        nf = split_tabs(line);
        if (nf < 11)
            die("too few fields", lineno);
        flag = atoi(fld[1]);
        if (flag < 0 || flag > 0xffff)
            die("invalid FLAG value", lineno);
        nrec++;
        count_flag_bits(flag);
        if (!(flag & 4)) {
            nmapped++;
            mapq_sum += atoi(fld[4]);
        }
        if (verbose) {
            describe_flags(flag, desc, sizeof(desc));
            printf("%s\t%d\t%s\n", fld[0], flag, desc);
        }
    }
    if (fp != stdin)
        fclose(fp);
    report(stdout);
    return 0;
}
