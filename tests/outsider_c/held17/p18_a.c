#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINELEN 8192
#define NAMELEN 128

struct fai_entry {
    char name[NAMELEN];
    long length;
    long offset;
    int linebases;
    int linewidth;
};

struct fai {
    struct fai_entry *ent;
    int n, cap;
};

static char line[LINELEN];

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "mkfai: %s %s\n", msg, arg ? arg : "");
    exit(1);
}

static struct fai_entry *new_entry(struct fai *fx, const char *hdr, long offset)
{
    struct fai_entry *e;

    if (fx->n == fx->cap) {
        int ncap = fx->cap ? fx->cap * 2 : 4;
        struct fai_entry *p = realloc(fx->ent, ncap * sizeof(*p));
        if (!p)
            die("out of memory", NULL);
        fx->ent = p;
        fx->cap = ncap;
    }
    e = &fx->ent[fx->n++];
    memset(e, 0, sizeof(*e));
    if (sscanf(hdr, ">%127s", e->name) != 1)
        die("empty sequence name at offset", NULL);
    e->offset = offset;
    return e;
}

static void finish_entry(struct fai_entry *e, int last_bases)
{
    if (e->linebases == 0)
        e->linebases = last_bases;
}

static void add_line(struct fai_entry *e, int bases, int width, int *short_seen)
{
    if (e->linebases == 0) {
        e->linebases = bases;
        e->linewidth = width;
    } else if (*short_seen || bases > e->linebases) {
        die("inconsistent line lengths in", e->name);
    } else if (bases < e->linebases) {
        *short_seen = 1;
    }
    e->length += bases;
}

static void write_fai(FILE *out, const struct fai *fx)
{
    int i;

    for (i = 0; i < fx->n; i++)
        fprintf(out, "%s\t%ld\t%ld\t%d\t%d\n", fx->ent[i].name, fx->ent[i].length,
                fx->ent[i].offset, fx->ent[i].linebases, fx->ent[i].linewidth);
}

int main(int argc, char **argv)
{
    FILE *fp, *out;
    struct fai fx = { NULL, 0, 0 };
    struct fai_entry *cur = NULL, *e;
    char outname[1024];
    long pos = 0;
    int len, bases, short_seen = 0, last = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: %s ref.fa\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "rb");
    if (!fp)
        die("cannot open", argv[1]);
    while (fgets(line, sizeof(line), fp)) {
        len = (int)strlen(line);
        pos += len;
        if (line[0] == '>') {
            e = new_entry(&fx, line, pos);
            if (cur)
                finish_entry(cur, last);
            cur = e;
            short_seen = 0;
            continue;
        }
        if (!cur)
            die("sequence before first header in", argv[1]);
        bases = (int)strcspn(line, "\r\n");
        last = bases;
        add_line(cur, bases, len, &short_seen);
    }
    fclose(fp);
    if (cur)
        finish_entry(cur, last);
    if (snprintf(outname, sizeof(outname), "%s.fai", argv[1]) >= (int)sizeof(outname))
        die("path too long:", argv[1]);
    out = fopen(outname, "w");
    if (!out)
        die("cannot create", outname);
    write_fai(out, &fx);
    fclose(out);
    free(fx.ent);
    return 0;
}
