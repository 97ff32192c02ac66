#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum esc_state { ST_TEXT, ST_ESC, ST_CSI, ST_OSC, ST_OSC_ESC };

struct outbuf {
    unsigned char *data;
    size_t len, cap;
};

struct filter {
    enum esc_state st;
    struct outbuf out;
    bool keep_tabs;
    size_t dropped;
};

static bool out_push(struct outbuf *o, unsigned char c)
{
    if (o->len == o->cap) {
        const size_t ncap = o->cap ? o->cap * 2 : 128;
        unsigned char *g = realloc(o->data, ncap);
        if (!g)
            return false;
        o->data = g;
        o->cap = ncap;
    }
    o->data[o->len++] = c;
    return true;
}

static void erase_last(struct outbuf *o)
{
    size_t i = o->len;
    if (i == 0)
        return;
    do {
        i--;
    } while (i > 0 && (o->data[i] & 0xC0) == 0x80);
    o->len = i;
}

static bool feed_text(struct filter *f, unsigned char c)
{
    switch (c) {
    case 0x1b:
        f->st = ST_ESC;
        return true;
    case '\b':
        erase_last(&f->out);
        return true;
    case '\r':
        f->out.len = 0;
        return true;
    case '\t':
        return f->keep_tabs ? out_push(&f->out, c) : out_push(&f->out, ' ');
    default:
        if (c < 0x20 || c == 0x7f) {
            f->dropped++;
            return true;
        }
        return out_push(&f->out, c);
    }
}

bool filter_feed(struct filter *f, const unsigned char *buf, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const unsigned char c = buf[i];
        switch (f->st) {
        case ST_TEXT:
            if (!feed_text(f, c))
                return false;
            break;
        case ST_ESC:
            f->st = c == '[' ? ST_CSI : c == ']' ? ST_OSC : ST_TEXT;
            break;
        case ST_CSI:
            if (c >= 0x40 && c <= 0x7e)
                f->st = ST_TEXT;
            break;
        case ST_OSC:
            if (c == 0x07)
                f->st = ST_TEXT;
            else if (c == 0x1b)
                f->st = ST_OSC_ESC;
            break;
        case ST_OSC_ESC:
            f->st = c == '\\' ? ST_TEXT : ST_OSC;
            break;
        }
    }
    return true;
}

int main(int argc, char **argv)
{
    struct filter f = { .st = ST_TEXT, .out = { .data = NULL }, .keep_tabs = false };
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-t") == 0)
            f.keep_tabs = true;
    char line[4096];
    int rc = 0;
    while (fgets(line, sizeof line, stdin)) {
        size_t n = strlen(line);
        const bool nl = n > 0 && line[n - 1] == '\n';
        if (nl)
            n--;
        if (!filter_feed(&f, (const unsigned char *)line, n)) {
            rc = 1;
            break;
        }
        if (nl) {
            fwrite(f.out.data ? f.out.data : (unsigned char *)"", 1, f.out.len, stdout);
            fputc('\n', stdout);
            f.out.len = 0;
        }
    }
    if (f.out.len)
        fwrite(f.out.data, 1, f.out.len, stdout);
    if (f.dropped)
        fprintf(stderr, "%zu control bytes dropped\n", f.dropped);
    free(f.out.data);
    return rc;
}
