#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAXLINE 4096
#define MAXSEQ 1024
#define NAMELEN 64

struct seqrec {
    char name[NAMELEN];
    long length;
    long gc;
    long ambig;
};

static struct seqrec records[MAXSEQ];
static int nrecords = 0;
static char line[MAXLINE];

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "fastastat: %s %s\n", msg, arg ? arg : "");
    exit(1);
}

static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
}

static struct seqrec *new_record(const char *hdr)
{
    char id[NAMELEN];
    struct seqrec *r;

    if (nrecords >= MAXSEQ)
        die("too many sequences, limit is", "1024");
    if (sscanf(hdr, ">%s", id) != 1)
        die("empty header line", NULL);
    r = &records[nrecords++];
    strcpy(r->name, id);
    r->length = 0;
    r->gc = 0;
    r->ambig = 0;
    return r;
}

static void count_bases(struct seqrec *r, const char *s)
{
    for (; *s; s++) {
        int c = toupper((unsigned char)*s);
        if (isspace(c))
            continue;
        r->length++;
        if (c == 'G' || c == 'C' || c == 'S')
            r->gc++;
        else if (c != 'A' && c != 'T' && c != 'U' && c != 'W')
            r->ambig++;
    }
}

static void print_table(FILE *out)
{
    int i;
    long total = 0;
    char pct[16];

    fprintf(out, "%-20s %10s %8s %8s\n", "name", "length", "gc%", "ambig");
    for (i = 0; i < nrecords; i++) {
        struct seqrec *r = &records[i];
        if (r->length > 0)
            sprintf(pct, "%.2f", 100.0 * r->gc / r->length);
        else
            strcpy(pct, "NA");
        fprintf(out, "%-20s %10ld %8s %8ld\n", r->name, r->length, pct, r->ambig);
        total += r->length;
    }
    fprintf(out, "# %d sequences, %ld bases\n", nrecords, total);
}

int main(int argc, char **argv)
{
    FILE *fp;
    struct seqrec *cur = NULL;

    if (argc < 2) {
        fprintf(stderr, "usage: %s file.fa\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "r");
    if (!fp)
        die("cannot open", argv[1]);
    while (fgets(line, sizeof(line), fp)) {
        chomp(line);
        if (line[0] == '>') {
            cur = new_record(line);
        } else if (line[0] == ';' || line[0] == '\0') {
            continue;
        } else {
            if (!cur)
                die("sequence data before first header in", argv[1]);
            count_bases(cur, line);
        }
    }
    fclose(fp);
    print_table(stdout);
    return 0;
}
