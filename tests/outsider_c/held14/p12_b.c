#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>

typedef unsigned char u_char;

typedef struct {
    size_t      len;
    u_char     *data;
} str_t;

#define OK      0
#define ERROR  -1

static const char  b32_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

static size_t
base32_encoded_length(size_t len)
{
    return (len * 8 + 4) / 5;
}

static size_t
base32_encode_raw(u_char *dst, const u_char *src, size_t len, int pad)
{
    u_char    *d = dst;
    uint64_t   acc;
    size_t     i, n, chars;

    while (len > 0) {
        n = len < 5 ? len : 5;
        acc = 0;
        for (i = 0; i < 5; i++) {
            acc = (acc << 8) | (i < n ? src[i] : 0);
        }
        chars = (n * 8 + 4) / 5;
        for (i = 0; i < 8; i++) {
            if (i < chars) {
                *d++ = b32_alphabet[(acc >> (35 - i * 5)) & 0x1f];
            } else if (pad) {
                *d++ = '=';
            }
        }
        src += n;
        len -= n;
    }
    return d - dst;
}

int
base32_encode(str_t *dst, const u_char *src, size_t len, int pad)
{
    dst->data = malloc(base32_encoded_length(len) + 1);
    if (dst->data == NULL) {
        return ERROR;
    }
    dst->len = base32_encode_raw(dst->data, src, len, pad);
    dst->data[dst->len] = '\0';
    return OK;
}

int
base32_decode(str_t *dst, const u_char *src, size_t len)
{
    uint64_t  acc = 0;
    int       bits = 0, v;
    size_t    i;
    u_char    ch;

    dst->data = malloc(len * 5 / 8 + 1);
    if (dst->data == NULL) {
        return ERROR;
    }
    dst->len = 0;

    for (i = 0; i < len; i++) {
        ch = src[i];
        if (ch == '=' || ch == '\n' || ch == '\r' || ch == ' ') {
            continue;
        }
        if (ch >= 'a' && ch <= 'z') {
            ch -= 0x20;
        }
        if (ch >= 'A' && ch <= 'Z') {
            v = ch - 'A';
        } else if (ch >= '2' && ch <= '7') {
            v = ch - '2' + 26;
        } else {
            free(dst->data);
            dst->data = NULL;
            return ERROR;
        }
        acc = (acc << 5) | (uint64_t) v;
        bits += 5;
        if (bits >= 8) {
            bits -= 8;
            dst->data[dst->len++] = (u_char) (acc >> bits);
        }
    }
    return OK;
}

int
main(int argc, char **argv)
{
    u_char   buf[4096];
    str_t    out;
    size_t   n;
    int      opt, decode = 0, pad = 1, rc;

    while ((opt = getopt(argc, argv, "dn")) != -1) {
        switch (opt) {
        case 'd':
            decode = 1;
            break;
        case 'n':
            pad = 0;
            break;
        default:
            fprintf(stderr, "usage: %s [-d] [-n] < input\n", argv[0]);
            return 2;
        }
    }

    n = fread(buf, 1, sizeof(buf), stdin);
    if (decode) {
        rc = base32_decode(&out, buf, n);
    } else {
        rc = base32_encode(&out, buf, n, pad);
    }
    if (rc != OK) {
        fprintf(stderr, "%s: invalid input\n", argv[0]);
        return 1;
    }

    fwrite(out.data, 1, out.len, stdout);
    if (!decode) {
        fputc('\n', stdout);
    }
    free(out.data);
    return 0;
}
