#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct linemap {
    const char *text;
    size_t len;
    size_t *starts;
    size_t nlines, cap;
};

struct location {
    size_t line, col;
};

static int push_start(struct linemap *lm, size_t off)
{
    size_t *p;
    if (lm->nlines == lm->cap) {
        lm->cap = lm->cap ? lm->cap * 2 : 64;
        if (!(p = realloc(lm->starts, lm->cap * sizeof *p)))
            return -1;
        lm->starts = p;
    }
    lm->starts[lm->nlines++] = off;
    return 0;
}

int linemap_build(struct linemap *lm, const char *text, size_t len)
{
    size_t i;
    memset(lm, 0, sizeof *lm);
    lm->text = text;
    lm->len = len;
    if (push_start(lm, 0) < 0)
        return -1;
    for (i = 0; i < len; i++)
        if (text[i] == '\n' && push_start(lm, i + 1) < 0)
            return -1;
    return 0;
}

struct location linemap_locate(const struct linemap *lm, size_t off)
{
    struct location loc;
    size_t lo = 0, hi = lm->nlines, mid;
    if (off > lm->len)
        off = lm->len;
    while (hi - lo > 1) {
        mid = lo + (hi - lo) / 2;
        if (lm->starts[mid] <= off)
            lo = mid;
        else
            hi = mid;
    }
    loc.line = lo + 1;
    loc.col = off - lm->starts[lo] + 1;
    return loc;
}

size_t linemap_line_text(const struct linemap *lm, size_t line, char *buf, size_t bufsz)
{
    size_t start, end, n;
    if (line == 0 || line > lm->nlines || bufsz == 0)
        return 0;
    start = lm->starts[line - 1];
    end = line < lm->nlines ? lm->starts[line] : lm->len;
    n = end - start;
    if (lm->text[end - 1] == '\n')
        n--;
    if (n > 0 && lm->text[start + n - 1] == '\r')
        n--;
    if (n > bufsz - 1)
        n = bufsz - 1;
    memcpy(buf, lm->text + start, n);
    buf[n] = '\0';
    return n;
}

static char *read_all(FILE *f, size_t *len)
{
    char *buf = NULL, *q;
    size_t cap = 0, n = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        if (n == cap) {
            cap = cap ? cap * 2 : 256;
            if (!(q = realloc(buf, cap))) {
                free(buf);
                return NULL;
            }
            buf = q;
        }
        buf[n++] = (char)c;
    }
    *len = n;
    if ((q = realloc(buf, n ? n : 1)) != NULL)
        buf = q;
    return buf;
}

int main(int argc, char **argv)
{
    struct linemap lm;
    struct location loc;
    char text[128], *data;
    size_t len;
    int i;
    FILE *f;
    if (argc < 3 || !(f = fopen(argv[1], "rb"))) {
        fprintf(stderr, "usage: %s file offset...\n", argv[0]);
        return 2;
    }
    data = read_all(f, &len);
    fclose(f);
    if (!data || linemap_build(&lm, data, len) < 0)
        return 1;
    for (i = 2; i < argc; i++) {
        loc = linemap_locate(&lm, (size_t)strtoul(argv[i], NULL, 10));
        linemap_line_text(&lm, loc.line, text, sizeof text);
        printf("%s:%zu:%zu: %s\n", argv[1], loc.line, loc.col, text);
    }
    free(lm.starts);
    free(data);
    return 0;
}
