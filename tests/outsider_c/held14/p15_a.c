#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

typedef unsigned char u_char;

#define OK      0
#define ERROR  -1

#define TOTP_DEFAULT_PERIOD  30
#define TOTP_DEFAULT_DIGITS  6

typedef struct {
    char        label[64];
    u_char     *key;
    size_t      key_len;
    int         digits;
    int         period;
} totp_account_t;

static const uint32_t  powers10[] = { 1, 10, 100, 1000, 10000, 100000, 1000000,
                                      10000000, 100000000 };

static int
base32_decode(u_char *dst, size_t *dlen, const char *src, size_t len)
{
    uint32_t  acc = 0;
    int       bits = 0, v;
    size_t    i, n = 0;
    char      ch;

    for (i = 0; i < len; i++) {
        ch = src[i];
        if (ch == '=' || ch == ' ') {
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
            return ERROR;
        }
        acc = (acc << 5) | (uint32_t) v;
        bits += 5;
        if (bits >= 8) {
            bits -= 8;
            dst[n++] = (u_char) (acc >> bits);
        }
    }
    *dlen = n;
    return OK;
}

static uint32_t
totp_code(totp_account_t *a, time_t now)
{
    u_char        msg[8], md[EVP_MAX_MD_SIZE];
    unsigned int  mdlen = 0, off;
    uint64_t      counter = (uint64_t) now / a->period;
    uint32_t      bin;
    int           i;

    for (i = 7; i >= 0; i--) {
        msg[i] = (u_char) (counter & 0xff);
        counter >>= 8;
    }
    HMAC(EVP_sha1(), a->key, (int) a->key_len, msg, sizeof(msg), md, &mdlen);

    off = md[mdlen - 1] & 0x0f;
    bin = ((uint32_t) (md[off] & 0x7f) << 24) | (md[off + 1] << 16)
          | (md[off + 2] << 8) | md[off + 3];
    return bin % powers10[a->digits];
}

static int
parse_account(char *line, totp_account_t *a)
{
    char    secret[128];
    size_t  len;
    int     n;

    a->digits = TOTP_DEFAULT_DIGITS;
    a->period = TOTP_DEFAULT_PERIOD;

    n = sscanf(line, "%63[^:]:%127[^:\n]:%d:%d", a->label, secret, &a->digits, &a->period);
    if (n < 2) {
        return ERROR;
    }

    len = strlen(secret);
    a->key = malloc(len * 5 / 8 + 1);
    if (a->key == NULL) {
        return ERROR;
    }
    if (base32_decode(a->key, &a->key_len, secret, len) != OK || a->key_len == 0) {
        free(a->key);
        a->key = NULL;
        return ERROR;
    }

    if (a->digits < 6 || a->digits > 8 || a->period <= 0) {
        free(a->key);
        a->key = NULL;
        return ERROR;
    }
    return OK;
}

int
main(int argc, char **argv)
{
    FILE            *fp;
    char             line[256];
    totp_account_t   a;
    time_t           now;
    int              lineno = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s accounts-file [unix-time]\n", argv[0]);
        return 2;
    }
    now = (argc > 2) ? (time_t) atoll(argv[2]) : time(NULL);

    fp = fopen(argv[1], "r");
    if (fp == NULL) {
        perror(argv[1]);
        return 1;
    }

    while (fgets(line, sizeof(line), fp) != NULL) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n') {
            continue;
        }
        memset(&a, 0, sizeof(a));
        if (parse_account(line, &a) != OK) {
            fprintf(stderr, "%s:%d: invalid account entry\n", argv[1], lineno);
            continue;
        }
        printf("%-24s %0*u  (%ds)\n", a.label, a.digits, totp_code(&a, now),
               a.period - (int) (now % a.period));
        free(a.key);
    }

    fclose(fp);
    return 0;
}
