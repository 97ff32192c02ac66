#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINELEN 1024
#define MAXREAD 256
#define MAXQ 64

static char hdr[LINELEN];
static char seqline[LINELEN];
static char plusline[LINELEN];
static char qualline[LINELEN];
static char seqbuf[MAXREAD];
static char qualbuf[MAXREAD];
static long qhist[MAXQ];
static long nreads, nskipped, nbases_in, nbases_out;

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "fqtrim: %s %s\n", msg, arg ? arg : "");
    exit(1);
}

static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
}

static int read_record(FILE *fp)
{
    if (!fgets(hdr, sizeof(hdr), fp))
        return 0;
    if (!fgets(seqline, sizeof(seqline), fp) ||
        !fgets(plusline, sizeof(plusline), fp) ||
        !fgets(qualline, sizeof(qualline), fp))
        die("truncated record after", hdr);
    chomp(hdr);
    chomp(seqline);
    chomp(plusline);
    chomp(qualline);
    if (hdr[0] != '@' || plusline[0] != '+')
        die("malformed record", hdr);
    return 1;
}

static int store_field(char *dst, const char *src)
{
    size_t len = strlen(src);

    if (len > MAXREAD)
        return -1;
    memcpy(dst, src, len);
    dst[len] = '\0';
    return (int)len;
}

static int load_read(void)
{
    int n = store_field(seqbuf, seqline);
    int m = store_field(qualbuf, qualline);

    if (n < 0 || m < 0)
        return -1;
    if (n != m)
        die("sequence and quality lengths differ at", hdr);
    return n;
}

static int trim_length(int len, int minq, int offset)
{
    int i, q;

    for (i = 0; i < len; i++) {
        q = qualbuf[i] - offset;
        if (q < 0 || q >= MAXQ)
            die("quality value out of range in", hdr);
        qhist[q]++;
    }
    while (len > 0 && qualbuf[len - 1] - offset < minq)
        len--;
    return len;
}

static void print_summary(FILE *out)
{
    int q;

    fprintf(out, "reads\t%ld\nskipped\t%ld\nbases_in\t%ld\nbases_out\t%ld\n",
            nreads, nskipped, nbases_in, nbases_out);
    for (q = 0; q < MAXQ; q++)
        if (qhist[q])
            fprintf(out, "Q%d\t%ld\n", q, qhist[q]);
}

int main(int argc, char **argv)
{
    FILE *fp;
    int minq, len, keep;

    if (argc < 3) {
        fprintf(stderr, "usage: %s reads.fq minq\n", argv[0]);
        return 1;
    }
    minq = atoi(argv[2]);
    fp = fopen(argv[1], "r");
    if (!fp)
        die("cannot open", argv[1]);
    while (read_record(fp)) {
        nreads++;
        len = load_read();
        if (len < 0) {
            nskipped++;
            continue;
        }
        nbases_in += len;
        keep = trim_length(len, minq, 33);
        if (keep == 0) {
            nskipped++;
            continue;
        }
        nbases_out += keep;
        printf("%s\n%.*s\n+\n%.*s\n", hdr, keep, seqbuf, keep, qualbuf);
    }
    fclose(fp);
    print_summary(stderr);
    return 0;
}
