#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>

struct hbuf {
    char *data;
    size_t len;
    size_t cap;
};

static int hbuf_append(struct hbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t ncap = b->cap ? b->cap * 2 : 128;
        char *tmp;

       while (ncap < b->len + n + 1)
           ncap *= 2;
        tmp = realloc(b->data, ncap);
        if (tmp == NULL)
            return -1;
        b->data = tmp;
        b->cap = ncap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

void header_fold(FILE *out, const char *hdr, size_t width)
{
    const char *p = hdr;
    size_t col = 0;

    while (*p) {
        const char *w = p;
        size_t wlen;

        while (*w == ' ' || *w == '\t')
            w++;
        wlen = strcspn(w, " \t");
        if (col > 0 && col + (size_t)(w - p) + wlen > width) {
            fputs("\r\n", out);
            col = 0;
            fputc(' ', out);
            col++;
            p = w;
        }
        fwrite(p, 1, (size_t)(w - p) + wlen, out);
        col += (size_t)(w - p) + wlen;
        p = w + wlen;
    }
    fputs("\r\n", out);
}

static void emit(FILE *out, struct hbuf *b, size_t width)
{
    if (b->len == 0)
        return;
    header_fold(out, b->data, width);
    b->len = 0;
    b->data[0] = '\0';
}

int headers_refold(FILE *in, FILE *out, size_t width)
{
    struct hbuf cur = { NULL, 0, 0 };
    char line[1024];
    size_t n;

    while (fgets(line, sizeof(line), in)) {
        n = strcspn(line, "\r\n");
        line[n] = '\0';
        if (n == 0)
            break;
        if (line[0] == ' ' || line[0] == '\t') {
            const char *s = line;
            while (*s == ' ' || *s == '\t')
                s++;
            if (cur.len > 0 && hbuf_append(&cur, " ", 1) < 0)
                break;
            if (hbuf_append(&cur, s, strlen(s)) < 0)
                break;
            continue;
        }
        emit(out, &cur, width);
        if (hbuf_append(&cur, line, n) < 0)
            break;
    }
    emit(out, &cur, width);
    free(cur.data);
    return 0;
}

int main(int argc, char **argv)
{
    size_t width = 76;
    FILE *in = stdin;
    int opt;

    while ((opt = getopt(argc, argv, "w:")) != -1) {
        if (opt == 'w') {
            width = (size_t)atoi(optarg);
            if (width < 20 || width > 998)
                width = 76;
        } else {
            fprintf(stderr, "usage: %s [-w width] [file]\n", argv[0]);
            return 2;
        }
    }
    if (optind < argc) {
        in = fopen(argv[optind], "r");
        if (in == NULL) {
            perror(argv[optind]);
            return 1;
        }
    }
    headers_refold(in, stdout, width);
    if (in != stdin)
        fclose(in);
    return 0;
}
