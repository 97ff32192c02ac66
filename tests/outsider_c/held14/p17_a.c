#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <openssl/sha.h>

typedef unsigned char u_char;

typedef struct {
    size_t      len;
    u_char     *data;
} str_t;

#define OK        0
#define ERROR    -1
#define DECLINED -5

#define MAX_PINS  64

typedef struct {
    char        host[256];
    str_t       hash;
} pin_t;

typedef struct {
    pin_t       pins[MAX_PINS];
    int         npins;
} pinset_t;

static int
b64_value(u_char ch)
{
    if (ch >= 'A' && ch <= 'Z') return ch - 'A';
    if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9') return ch - '0' + 52;
    if (ch == '+') return 62;
    if (ch == '/') return 63;
    return -1;
}

static int
decode_base64(str_t *dst, const u_char *src, size_t len)
{
    size_t    i;
    unsigned  acc = 0;
    int       bits = 0, v;

    while (len && src[len - 1] == '=') {
        len--;
    }
    dst->data = malloc(len * 3 / 4 + 1);
    if (dst->data == NULL) {
        return ERROR;
    }
    dst->len = 0;
    for (i = 0; i < len; i++) {
        v = b64_value(src[i]);
        if (v < 0) {
            free(dst->data);
            dst->data = NULL;
            return ERROR;
        }
        acc = (acc << 6) | (unsigned) v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            dst->data[dst->len++] = (u_char) (acc >> bits);
        }
    }
    return OK;
}

int
pin_load(pinset_t *ps, const char *path)
{
    FILE    *fp;
    char     line[512], host[256], pin[128];
    pin_t   *p;

    fp = fopen(path, "r");
    if (fp == NULL) {
        return ERROR;
    }
    while (fgets(line, sizeof(line), fp) != NULL && ps->npins < MAX_PINS) {
        if (sscanf(line, "%255s pin-sha256=\"%127[^\"]\"", host, pin) != 2) {
            continue;
        }
        p = &ps->pins[ps->npins];
        if (decode_base64(&p->hash, (u_char *) pin, strlen(pin)) != OK) {
            fprintf(stderr, "%s: invalid pin for %s\n", path, host);
            continue;
        }
        strcpy(p->host, host);
        ps->npins++;
    }
    fclose(fp);
    return ps->npins;
}

int
pin_check(pinset_t *ps, const char *host, const u_char *spki, size_t spki_len)
{
    u_char  md[SHA256_DIGEST_LENGTH];
    int     i, have_pins = 0;

    SHA256(spki, spki_len, md);

    for (i = 0; i < ps->npins; i++) {
        if (strcasecmp(ps->pins[i].host, host) != 0) {
            continue;
        }
        have_pins = 1;
        if (memcmp(md, ps->pins[i].hash.data, ps->pins[i].hash.len) == 0) {
            return OK;
        }
    }
    return have_pins ? DECLINED : OK;
}

void
pin_free(pinset_t *ps)
{
    int  i;

    for (i = 0; i < ps->npins; i++) {
        free(ps->pins[i].hash.data);
    }
    ps->npins = 0;
}

int
main(int argc, char **argv)
{
    pinset_t  *ps;
    u_char     spki[8192];
    size_t     n;
    int        rc;

    if (argc != 3) {
        fprintf(stderr, "usage: %s pinfile host < spki.der\n", argv[0]);
        return 2;
    }
    ps = calloc(1, sizeof(pinset_t));
    if (ps == NULL || pin_load(ps, argv[1]) < 0) {
        free(ps);
        return 2;
    }
    n = fread(spki, 1, sizeof(spki), stdin);
    rc = pin_check(ps, argv[2], spki, n);
    printf("%s: %s\n", argv[2], rc == OK ? "pin ok" : "PIN MISMATCH");
    pin_free(ps);
    free(ps);
    return rc == OK ? 0 : 1;
}
