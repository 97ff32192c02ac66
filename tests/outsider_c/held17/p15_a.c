#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINELEN 4096
#define MAXK 12

static unsigned int *counts;
static size_t tabsize;
static int k;
static char line[LINELEN];

static int base_code(int c)
{
    switch (c) {
    case 'A': case 'a': return 0;
    case 'C': case 'c': return 1;
    case 'G': case 'g': return 2;
    case 'T': case 't': return 3;
    default: return -1;
    }
}

static long encode(const char *s, size_t len)
{
    long code = 0;
    size_t i;
    int b;

    for (i = 0; i < len; i++) {
        b = base_code((unsigned char)s[i]);
        if (b < 0)
            return -1;
        code = (code << 2) | b;
    }
    return code;
}

static void count_sequence(const char *s, size_t len)
{
    unsigned long code = 0, mask = tabsize - 1;
    int valid = 0, b;
    size_t i;

    for (i = 0; i < len; i++) {
        b = base_code((unsigned char)s[i]);
        if (b < 0) {
            valid = 0;
            code = 0;
            continue;
        }
        code = ((code << 2) | b) & mask;
        if (++valid >= k)
            counts[code]++;
    }
}

static void count_file(const char *path)
{
    FILE *fp = fopen(path, "r");
    size_t n;

    if (!fp) {
        perror(path);
        exit(1);
    }
    while (fgets(line, sizeof(line), fp)) {
        if (line[0] == '>')
            continue;
        n = strcspn(line, "\r\n");
        count_sequence(line, n);
    }
    fclose(fp);
}

static void answer_queries(FILE *in, FILE *out)
{
    char q[256];
    long code;

    while (fscanf(in, "%255s", q) == 1) {
        if (strlen(q) != (size_t)k) {
            fprintf(out, "%s\tNA\n", q);
            continue;
        }
        code = encode(q, strlen(q));
        if (code < 0) {
            fprintf(out, "%s\tNA\n", q);
            continue;
        }
        fprintf(out, "%s\t%u\n", q, counts[code]);
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s k seqs.fa < queries\n", argv[0]);
        return 1;
    }
    k = atoi(argv[1]);
    if (k < 1 || k > MAXK) {
        fprintf(stderr, "kmercount: k must be between 1 and %d\n", MAXK);
        return 1;
    }
    tabsize = (size_t)1 << (2 * k);
    counts = calloc(tabsize, sizeof(*counts));
    if (!counts) {
        fprintf(stderr, "kmercount: cannot allocate %zu counters\n", tabsize);
        return 1;
    }
    count_file(argv[2]);
    answer_queries(stdin, stdout);
    free(counts);
    return 0;
}
