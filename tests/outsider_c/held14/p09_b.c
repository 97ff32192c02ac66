#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned char u_char;

#define OK      0
#define ERROR  -1

#define PEM_BEGIN  "-----BEGIN "
#define PEM_END    "-----END "

typedef struct {
    u_char     *data;
    size_t      len;
    size_t      size;
} mem_buf_t;

static const u_char  b64_basis[256] = {
    77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77,
    77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77,
    77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 62, 77, 77, 77, 63,
    52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 77, 77, 77, 77, 77, 77,
    77,  0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14,
    15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 77, 77, 77, 77, 77,
    77, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
    41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 77, 77, 77, 77, 77,
    77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77,
    77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77,
    77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77,
    77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77,
    77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77,
    77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77,
    77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77,
    77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77, 77
};

static int
mem_buf_write(mem_buf_t *b, const u_char *p, size_t n)
{
    u_char  *nd;

    if (b->len + n > b->size) {
        nd = realloc(b->data, (b->len + n) * 2);
        if (nd == NULL) {
            return ERROR;
        }
        b->data = nd;
        b->size = (b->len + n) * 2;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
    return OK;
}

static int
decode_base64(u_char *dst, size_t *dlen, const u_char *src, size_t slen)
{
    size_t   len;
    u_char  *d = dst;

    for (len = 0; len < slen; len++) {
        if (src[len] == '=') {
            break;
        }
        if (b64_basis[src[len]] == 77) {
            return ERROR;
        }
    }
    if (len % 4 == 1) {
        return ERROR;
    }

    while (len > 3) {
        *d++ = (u_char) (b64_basis[src[0]] << 2 | b64_basis[src[1]] >> 4);
        *d++ = (u_char) (b64_basis[src[1]] << 4 | b64_basis[src[2]] >> 2);
        *d++ = (u_char) (b64_basis[src[2]] << 6 | b64_basis[src[3]]);
        src += 4;
        len -= 4;
    }
    if (len > 1) {
        *d++ = (u_char) (b64_basis[src[0]] << 2 | b64_basis[src[1]] >> 4);
    }
    if (len > 2) {
        *d++ = (u_char) (b64_basis[src[1]] << 4 | b64_basis[src[2]] >> 2);
    }
    *dlen = d - dst;
    return OK;
}

int
pem_read_file(const char *path, const char *label, u_char **der, size_t *der_len)
{
    FILE       *fp;
    char        line[128], begin[96], end[96];
    mem_buf_t   body = { NULL, 0, 0 };
    int         state = 0, rc = ERROR;
    size_t      n;

    snprintf(begin, sizeof(begin), "%s%s-----", PEM_BEGIN, label);
    snprintf(end, sizeof(end), "%s%s-----", PEM_END, label);

    fp = fopen(path, "r");
    if (fp == NULL) {
        return ERROR;
    }

    while (fgets(line, sizeof(line), fp) != NULL) {
        n = strcspn(line, "\r\n");
        line[n] = '\0';

        if (state == 0) {
            if (strcmp(line, begin) == 0) {
                state = 1;
            }
            continue;
        }
        if (strcmp(line, end) == 0) {
            state = 2;
            break;
        }
        if (n == 0 || strchr(line, ':') != NULL) {
            continue;
        }
        if (mem_buf_write(&body, (u_char *) line, n) != OK) {
            goto done;
        }
    }

    if (state != 2 || body.len == 0) {
        goto done;
    }

    *der = malloc(body.len / 4 * 3);
    if (*der == NULL) {
        goto done;
    }
    if (decode_base64(*der, der_len, body.data, body.len) != OK) {
        free(*der);
        *der = NULL;
        goto done;
    }
    rc = OK;

done:
    free(body.data);
    fclose(fp);
    return rc;
}
