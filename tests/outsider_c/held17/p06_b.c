#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINELEN 4096

struct feature {
    char seqid[64];
    char type[32];
    long start;
    long end;
    char strand;
    char id[64];
    struct feature *next;
};

static char line[LINELEN];

static void die(const char *msg, long n)
{
    fprintf(stderr, "gffsel: %s (line %ld)\n", msg, n);
    exit(1);
}

static void get_attr(const char *attrs, const char *key, char *out, size_t outsz)
{
    char pat[40];
    const char *p;
    size_t n;

    out[0] = '\0';
    snprintf(pat, sizeof(pat), "%s=", key);
    p = strstr(attrs, pat);
    if (!p)
        return;
    p += strlen(pat);
    n = strcspn(p, ";\t\r\n");
    if (n >= outsz)
        n = outsz - 1;
    memcpy(out, p, n);
    out[n] = '\0';
}

static struct feature *parse_feature(const char *s, long lineno)
{
    struct feature *f;
    char source[64], score[32], phase[8], attrs[2048];
    int n;

    f = calloc(1, sizeof(*f));
    if (!f)
        die("out of memory", lineno);
    attrs[0] = '\0';
    n = sscanf(s, "%63s %63s %31s %ld %ld %31s %c %7s %2047[^\n]", f->seqid, source,
               f->type, &f->start, &f->end, score, &f->strand, phase, attrs);
    if (n < 8 || f->end < f->start) {
        free(f);
        die("malformed feature", lineno);
    }
    get_attr(attrs, "ID", f->id, sizeof(f->id));
    if (!f->id[0])
        strcpy(f->id, ".");
    return f;
}

static struct feature *drop_short(struct feature *head, long minlen, int *ndropped)
{
    struct feature *f, *prev = NULL;

    *ndropped = 0;
    for (f = head; f; f = f->next) {
        if (f->end - f->start + 1 >= minlen) {
            prev = f;
            continue;
        }
        if (prev)
            prev->next = f->next;
        else
            head = f->next;
        free(f);
        (*ndropped)++;
    }
    return head;
}

static void write_bed(FILE *out, const struct feature *head, const char *type)
{
    for (; head; head = head->next)
        if (!type || strcmp(head->type, type) == 0)
            fprintf(out, "%s\t%ld\t%ld\t%s\t0\t%c\n", head->seqid, head->start - 1,
                    head->end, head->id, head->strand);
}

int main(int argc, char **argv)
{
    FILE *fp;
    struct feature *head = NULL, *tail = NULL, *f, *next;
    long lineno = 0, minlen;
    int ndropped;

    if (argc < 3) {
        fprintf(stderr, "usage: %s file.gff minlen [type]\n", argv[0]);
        return 1;
    }
    minlen = atol(argv[2]);
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        f = parse_feature(line, lineno);
        if (tail)
            tail->next = f;
        else
            head = f;
        tail = f;
    }
    fclose(fp);
    head = drop_short(head, minlen, &ndropped);
    fprintf(stderr, "gffsel: dropped %d features shorter than %ld\n", ndropped, minlen);
    write_bed(stdout, head, argc > 3 ? argv[3] : NULL);
    for (f = head; f; f = next) {
        next = f->next;
        free(f);
    }
    return 0;
}
