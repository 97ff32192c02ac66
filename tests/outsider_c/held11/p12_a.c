#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct source {
    const char *name;
    const char *text;
    size_t len;
};

struct diag {
    const char *severity;
    unsigned line, col;
    const char *msg;
};

static const char *line_start(const struct source *src, unsigned line)
{
    const char *p = src->text, *end = src->text + src->len;
    while (--line > 0) {
        p = memchr(p, '\n', (size_t)(end - p));
        if (!p)
            return NULL;
        p++;
    }
    return p;
}

static size_t expand_tabs(const char *p, size_t n, char *out, size_t outsz)
{
    size_t i, k = 0;
    for (i = 0; i < n && k + 1 < outsz; i++) {
        switch (p[i]) {
        case '\t':
            do out[k++] = ' '; while (k % 8 && k + 1 < outsz);
            break;
        case '\r':
            break;
        default:
            out[k++] = p[i];
            break;
        }
    }
    out[k] = '\0';
    return k;
}

static size_t caret_column(const char *p, size_t n, unsigned col)
{
    size_t i, vcol = 0;
    for (i = 0; i + 1 < col && i < n; i++)
        vcol = p[i] == '\t' ? (vcol + 8) & ~(size_t)7 : vcol + 1;
    return vcol;
}

int diag_format(const struct source *src, const struct diag *d, char *buf, size_t bufsz)
{
    char text[160], marker[160];
    const char *start, *nl;
    size_t n, vcol;
    int w;
    w = snprintf(buf, bufsz, "%s:%u:%u: %s: %s\n", src->name, d->line, d->col, d->severity, d->msg);
    if (w < 0 || (size_t)w >= bufsz)
        return w;
    if (d->line == 0 || !(start = line_start(src, d->line)))
        return w;
    nl = strchr(start, '\n');
    n = nl ? (size_t)(nl - start) : strlen(start);
    expand_tabs(start, n, text, sizeof text);
    vcol = caret_column(start, n, d->col);
    if (vcol > sizeof marker - 2)
        vcol = sizeof marker - 2;
    memset(marker, ' ', vcol);
    marker[vcol] = '^';
    marker[vcol + 1] = '\0';
    return w + snprintf(buf + w, bufsz - (size_t)w, " %s\n %s\n", text, marker);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *data = NULL, *q;
    size_t cap = 0, n = 0, got;
    if (!f)
        return NULL;
    for (;;) {
        if (n == cap) {
            cap = cap ? cap * 2 : 4096;
            if (!(q = realloc(data, cap)))
                break;
            data = q;
        }
        if ((got = fread(data + n, 1, cap - n, f)) == 0)
            break;
        n += got;
    }
    fclose(f);
    *len = n;
    return data;
}

int main(int argc, char **argv)
{
    struct source src;
    struct diag d;
    char out[1024], *text;
    if (argc < 5) {
        fprintf(stderr, "usage: %s file line col message\n", argv[0]);
        return 2;
    }
    if (!(text = slurp(argv[1], &src.len))) {
        perror(argv[1]);
        return 1;
    }
    src.name = argv[1];
    src.text = text;
    d.severity = "error";
    d.line = (unsigned)atoi(argv[2]);
    d.col = (unsigned)atoi(argv[3]);
    d.msg = argv[4];
    if (diag_format(&src, &d, out, sizeof out) > 0)
        fputs(out, stderr);
    free(text);
    return 1;
}
