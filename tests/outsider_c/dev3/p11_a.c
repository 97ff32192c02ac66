#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <ctype.h>

#define FRAME_HDR 4
#define FRAME_TRAILER 2
#define MAX_FRAME 256

struct frame {
    uint8_t type;
    uint8_t flags;
    uint16_t seq;
    const uint8_t *body;
    size_t body_len;
    uint16_t crc;
};

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

long hex_decode(const char *s, uint8_t *out, size_t outsz)
{
    size_t n = 0;
    int hi, lo;

    while (*s) {
        if (isspace((unsigned char)*s) || *s == ':') {
            s++;
            continue;
        }
        hi = hexval((unsigned char)s[0]);
        lo = s[1] ? hexval((unsigned char)s[1]) : -1;
        if (hi < 0 || lo < 0 || n >= outsz)
            return -1;
        out[n++] = (uint8_t)((hi << 4) | lo);
        s += 2;
    }
    return (long)n;
}

static uint16_t sum16(const uint8_t *p, size_t n)
{
    uint16_t s = 0;
    size_t i;

    for (i = 0; i < n; i++)
        s = (uint16_t)(s + p[i]);
    return s;
}

int frame_parse(const uint8_t *raw, size_t n, struct frame *f)
{
    f->type = raw[0];
    f->flags = raw[1];
    f->seq = (uint16_t)((raw[2] << 8) | raw[3]);
    f->body = raw + FRAME_HDR;
    f->body_len = n - FRAME_HDR - FRAME_TRAILER;
    f->crc = sum16(f->body, f->body_len);
    return ((raw[n - 2] << 8) | raw[n - 1]) == f->crc ? 0 : 1;
}

static void print_frame(const struct frame *f, int crc_ok)
{
    char text[MAX_FRAME + 1];
    size_t i;

    for (i = 0; i < f->body_len && i < MAX_FRAME; i++)
        text[i] = isprint(f->body[i]) ? (char)f->body[i] : '.';
    text[i] = '\0';
    printf("type=%02x flags=%02x seq=%u len=%zu crc=%04x%s |%s|\n",
           f->type, f->flags, f->seq, f->body_len, f->crc,
           crc_ok ? "" : " (mismatch)", text);
}

int main(int argc, char **argv)
{
    char line[1024];
    uint8_t raw[MAX_FRAME];
    struct frame f;
    long n;
    int rc, lineno = 0;
    FILE *fp = stdin;

    if (argc > 1 && (fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        n = hex_decode(line, raw, sizeof(raw));
        if (n < 0) {
            fprintf(stderr, "line %d: invalid hex\n", lineno);
            continue;
        }
        rc = frame_parse(raw, (size_t)n, &f);
        if (rc < 0) {
            fprintf(stderr, "line %d: short frame\n", lineno);
            continue;
        }
        print_frame(&f, rc == 0);
    }
    if (fp != stdin)
        fclose(fp);
    return 0;
}
