#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct record {
    char id[64];
    char *seq;
    size_t len;
    size_t cap;
};

static int record_append(struct record *r, const char *s, size_t n)
{
    if (r->len + n + 1 > r->cap) {
        size_t nc = r->cap ? r->cap * 2 : 256;
        char *tmp;
        while (nc < r->len + n + 1)
            nc *= 2;
        tmp = realloc(r->seq, nc);
        if (!tmp)
            return -1;
        r->seq = tmp;
        r->cap = nc;
    }
    memcpy(r->seq + r->len, s, n);
    r->len += n;
    r->seq[r->len] = '\0';
    return 0;
}

static size_t rstrip(char *s)
{
    size_t len = strlen(s);
    while (isspace((unsigned char)s[len - 1]))
        s[--len] = '\0';
    return len;
}

static char complement(char b)
{
    switch (toupper((unsigned char)b)) {
    case 'A': return 'T';
    case 'T': return 'A';
    case 'G': return 'C';
    case 'C': return 'G';
    default: return 'N';
    }
}

static void report(const struct record *r, int revcomp)
{
    size_t i, gc = 0;

    for (i = 0; i < r->len; i++) {
        char b = (char)toupper((unsigned char)r->seq[i]);
        if (b == 'G' || b == 'C')
            gc++;
    }
    printf("%s\tlen=%zu\tgc=%.2f%%\n", r->id, r->len, r->len ? 100.0 * gc / r->len : 0.0);
    if (revcomp) {
        for (i = r->len; i > 0; i--)
            putchar(complement(r->seq[i - 1]));
        putchar('\n');
    }
}

int fasta_process(FILE *fp, int revcomp)
{
    char line[1024];
    struct record rec;
    int have = 0, count = 0;

    memset(&rec, 0, sizeof(rec));
    while (fgets(line, sizeof(line), fp)) {
        size_t n = rstrip(line);
        if (line[0] == '>') {
            if (have) {
                report(&rec, revcomp);
                count++;
            }
            strncpy(rec.id, line + 1, sizeof(rec.id) - 1);
            rec.id[sizeof(rec.id) - 1] = '\0';
            rec.len = 0;
            have = 1;
        } else if (have && n > 0) {
            if (record_append(&rec, line, n) != 0)
                break;
        }
    }
    if (have) {
        report(&rec, revcomp);
        count++;
    }
    free(rec.seq);
    return count;
}

int main(int argc, char **argv)
{
    int revcomp = 0, i, total = 0;

    for (i = 1; i < argc; i++) {
        FILE *fp;
        if (strcmp(argv[i], "-r") == 0) {
            revcomp = 1;
            continue;
        }
        fp = fopen(argv[i], "r");
        if (!fp) {
            perror(argv[i]);
            continue;
        }
        total += fasta_process(fp, revcomp);
        fclose(fp);
    }
    fprintf(stderr, "%d record(s)\n", total);
    return 0;
}
