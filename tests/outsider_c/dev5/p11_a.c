#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>

typedef enum {
    WRAP_OK = 0,
    WRAP_ERR_NOMEM,
    WRAP_ERR_WIDTH
} wrap_status;

typedef struct wrap_buf {
    char *data;
    size_t len;
    size_t cap;
} wrap_buf;

static wrap_status wb_reserve(wrap_buf *b, size_t extra)
{
    size_t ncap;
    char *p;

    if (b->len + extra + 1 <= b->cap)
        return WRAP_OK;
    ncap = b->cap ? b->cap : 256;
    while (ncap < b->len + extra + 1)
        ncap *= 2;
    p = realloc(b->data, ncap);
    if (!p)
        return WRAP_ERR_NOMEM;
    b->data = p;
    b->cap = ncap;
    return WRAP_OK;
}

static inline wrap_status wb_append(wrap_buf *b, const char *s, size_t n)
{
    if (wb_reserve(b, n) != WRAP_OK)
        return WRAP_ERR_NOMEM;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return WRAP_OK;
}

static wrap_status flush_line(wrap_buf *out, const char *prefix, size_t plen,
                              const char *line, size_t n)
{
    if (wb_append(out, prefix, plen) != WRAP_OK ||
        wb_append(out, line, n) != WRAP_OK ||
        wb_append(out, "\n", 1) != WRAP_OK)
        return WRAP_ERR_NOMEM;
    return WRAP_OK;
}

wrap_status wrap_text(const char *text, size_t len, size_t width,
                      const char *prefix, wrap_buf *out)
{
    size_t plen = strlen(prefix);
    size_t avail, used = 0, i = 0, wlen;
    wrap_status st = WRAP_OK;
    char *line;

    if (width == 0 || plen >= width)
        return WRAP_ERR_WIDTH;
    avail = width - plen;
    line = malloc(avail + 1);
    if (!line)
        return WRAP_ERR_NOMEM;
    while (i < len && st == WRAP_OK) {
        while (i < len && isspace((unsigned char)text[i]))
            i++;
        wlen = 0;
        while (i + wlen < len && !isspace((unsigned char)text[i + wlen]))
            wlen++;
        if (wlen == 0)
            break;
        if (used > 0 && used + 1 + wlen > avail) {
            st = flush_line(out, prefix, plen, line, used);
            used = 0;
        }
        while (wlen > avail && st == WRAP_OK) {
            st = flush_line(out, prefix, plen, text + i, avail);
            i += avail;
            wlen -= avail;
        }
        if (used > 0)
            line[used++] = ' ';
        memcpy(line + used, text + i, wlen);
        used += wlen;
        i += wlen;
    }
    if (used > 0 && st == WRAP_OK)
        st = flush_line(out, prefix, plen, line, used);
    free(line);
    return st;
}

int main(int argc, char **argv)
{
    wrap_buf in = { NULL, 0, 0 }, out = { NULL, 0, 0 };
    const char *prefix = "";
    size_t width = 72;
    char chunk[4096];
    size_t got;
    int c, rc = 1;

    while ((c = getopt(argc, argv, "w:p:")) != -1) {
        if (c == 'w')
            width = (size_t)atoi(optarg);
        else if (c == 'p')
            prefix = optarg;
        else {
            fprintf(stderr, "usage: %s [-w WIDTH] [-p PREFIX] < text\n", argv[0]);
            return 2;
        }
    }
    while ((got = fread(chunk, 1, sizeof(chunk), stdin)) > 0)
        if (wb_append(&in, chunk, got) != WRAP_OK)
            goto done;
    if (in.len == 0) {
        rc = 0;
        goto done;
    }
    if (wrap_text(in.data, in.len, width, prefix, &out) != WRAP_OK) {
        fprintf(stderr, "cannot wrap to width %zu\n", width);
        goto done;
    }
    fputs(out.data ? out.data : "", stdout);
    rc = 0;
done:
    free(in.data);
    free(out.data);
    return rc;
}
