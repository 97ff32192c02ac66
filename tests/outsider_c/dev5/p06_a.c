#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>

typedef enum {
    HD_OK = 0,
    HD_ERR_IO,
    HD_ERR_ARGS
} hd_status;

typedef struct hd_opts {
    size_t width;
    size_t skip;
    size_t limit;
    int canonical;
    int squeeze;
} hd_opts;

typedef struct hd_ctx {
    FILE *out;
    hd_opts opts;
    size_t offset;
    unsigned char prev[32];
    size_t prev_len;
    int squeezing;
} hd_ctx;

static inline int hd_printable(unsigned char c)
{
    return c >= 0x20 && c < 0x7f;
}

static void hd_line(hd_ctx *h, const unsigned char *p, size_t n)
{
    char text[33];
    size_t i;

    if (h->opts.squeeze && n == h->prev_len && memcmp(p, h->prev, n) == 0) {
        if (!h->squeezing)
            fputs("*\n", h->out);
        h->squeezing = 1;
        return;
    }
    h->squeezing = 0;
    memcpy(h->prev, p, n);
    h->prev_len = n;
    fprintf(h->out, "%08zx ", h->offset);
    for (i = 0; i < h->opts.width; i++) {
        if (i < n)
            fprintf(h->out, " %02x", p[i]);
        else
            fputs("   ", h->out);
        text[i] = (char)(i < n && hd_printable(p[i]) ? p[i] : '.');
    }
    text[n] = '\0';
    if (h->opts.canonical)
        fprintf(h->out, "  |%s|", text);
    fputc('\n', h->out);
}

static hd_status hd_stream(hd_ctx *h, FILE *in, const char *name)
{
    unsigned char chunk[32];
    char banner[256];
    size_t want, got, total = 0;

    if (h->opts.skip && fseek(in, (long)h->opts.skip, SEEK_SET) != 0)
        return HD_ERR_IO;
    h->offset = h->opts.skip;
    snprintf(banner, sizeof(banner), "==> %s <==\n", name);
    fprintf(h->out, "%s", banner);
    for (;;) {
        want = h->opts.width;
        if (h->opts.limit && h->opts.limit - total < want)
            want = h->opts.limit - total;
        if (want == 0)
            break;
        got = fread(chunk, 1, want, in);
        if (got == 0)
            break;
        hd_line(h, chunk, got);
        h->offset += got;
        total += got;
    }
    fprintf(h->out, "%08zx\n", h->offset);
    return ferror(in) ? HD_ERR_IO : HD_OK;
}

int main(int argc, char **argv)
{
    hd_ctx h;
    int c, i, rc = 0;

    memset(&h, 0, sizeof(h));
    h.out = stdout;
    h.opts.width = 16;
    h.opts.squeeze = 1;
    while ((c = getopt(argc, argv, "Cvw:s:n:")) != -1) {
        switch (c) {
        case 'C': h.opts.canonical = 1; break;
        case 'v': h.opts.squeeze = 0; break;
        case 'w': h.opts.width = (size_t)atoi(optarg); break;
        case 's': h.opts.skip = (size_t)atol(optarg); break;
        case 'n': h.opts.limit = (size_t)atol(optarg); break;
        default:
            fprintf(stderr, "usage: %s [-Cv] [-w N] [-s OFF] [-n LEN] FILE...\n", argv[0]);
            return 2;
        }
    }
    if (h.opts.width == 0 || h.opts.width > sizeof(h.prev)) {
        fprintf(stderr, "width must be 1..%zu\n", sizeof(h.prev));
        return 2;
    }
    for (i = optind; i < argc; i++) {
        FILE *in = fopen(argv[i], "rb");
        if (!in) {
            perror(argv[i]);
            rc = 1;
            continue;
        }
        if (hd_stream(&h, in, argv[i]) != HD_OK)
            rc = 1;
        fclose(in);
    }
    return rc;
}
