#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct strbuf {
    char *buf;
    size_t len;
    size_t cap;
};

static int sb_reserve(struct strbuf *sb, size_t extra)
{
    size_t need = sb->len + extra + 1;
    size_t ncap;
    char *nb;

    if (need <= sb->cap)
        return 0;
    ncap = sb->cap ? sb->cap : 64;
    while (ncap < need)
        ncap *= 2;
    nb = realloc(sb->buf, ncap);
    if (!nb)
        return -1;
    sb->buf = nb;
    sb->cap = ncap;
    return 0;
}

static int sb_append(struct strbuf *sb, const char *s, size_t n)
{
    if (sb_reserve(sb, n) != 0)
        return -1;
    memcpy(sb->buf + sb->len, s, n);
    sb->len += n;
    sb->buf[sb->len] = '\0';
    return 0;
}

static int field_needs_quotes(const char *s, size_t n)
{
    size_t i;

    if (n > 0 && (s[0] == ' ' || s[n - 1] == ' '))
        return 1;
    for (i = 0; i < n; i++)
        if (s[i] == '"' || s[i] == ',' || s[i] == '\n' || s[i] == '\r')
            return 1;
    return 0;
}

char *csv_quote(const char *field, size_t len)
{
    size_t i, quotes = 0;
    char *out, *o;

    if (!field_needs_quotes(field, len)) {
        out = malloc(len + 1);
        if (!out)
            return NULL;
        memcpy(out, field, len);
        out[len] = '\0';
        return out;
    }
    out = malloc(len + quotes + 3);
    if (!out)
        return NULL;
    o = out;
    *o++ = '"';
    for (i = 0; i < len; i++) {
        if (field[i] == '"')
            *o++ = '"';
        *o++ = field[i];
    }
    *o++ = '"';
    *o = '\0';
    return out;
}

int csv_format_line(struct strbuf *sb, const char *line, char delim, int max_cols)
{
    const char *p = line;
    const char *end = line + strlen(line);
    int col = 0;

    sb->len = 0;
    while (p <= end && (max_cols <= 0 || col < max_cols)) {
        const char *d = memchr(p, delim, (size_t)(end - p));
        const char *fend = d ? d : end;
        char *q = csv_quote(p, (size_t)(fend - p));

        if (!q)
            return -1;
        if ((col > 0 && sb_append(sb, ",", 1) != 0) || sb_append(sb, q, strlen(q)) != 0) {
            free(q);
            return -1;
        }
        free(q);
        col++;
        if (!d)
            break;
        p = d + 1;
    }
    return sb_append(sb, "\r\n", 2);
}

int main(int argc, char **argv)
{
    struct strbuf sb = { NULL, 0, 0 };
    char *line = NULL;
    size_t lcap = 0;
    ssize_t n;
    char delim = '\t';
    int max_cols = 0;
    int i, rc = 0;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            max_cols = atoi(argv[++i]);
        else if (strcmp(argv[i], "-d") == 0 && i + 1 < argc && strlen(argv[i + 1]) == 1)
            delim = argv[++i][0];
        else {
            fprintf(stderr, "usage: %s [-n maxcols] [-d delim] < input\n", argv[0]);
            return 2;
        }
    }
    while ((n = getline(&line, &lcap, stdin)) > 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (csv_format_line(&sb, line, delim, max_cols) != 0) {
            rc = 1;
            break;
        }
        fwrite(sb.buf, 1, sb.len, stdout);
    }
    free(line);
    free(sb.buf);
    return rc;
}
