#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>

typedef unsigned char u_char;

#define OK        0
#define ERROR    -1
#define DECLINED -5

#define SERIAL_MAX_LEN  20

typedef struct {
    u_char      bytes[SERIAL_MAX_LEN];
    size_t      len;
} serial_t;

typedef struct {
    serial_t   *elts;
    size_t      nelts;
    size_t      nalloc;
} serial_list_t;

static int
hex_digit(int ch)
{
    if (ch >= '0' && ch <= '9') {
        return ch - '0';
    }
    ch = tolower(ch);
    return (ch >= 'a' && ch <= 'f') ? ch - 'a' + 10 : -1;
}

static int
serial_parse(serial_t *s, const char *hex)
{
    size_t  len = strcspn(hex, " \t\r\n"), i;
    int     hi, lo;

    while (len > 2 && hex[0] == '0' && hex[1] == '0') {
        hex += 2;
        len -= 2;
    }
    if (len == 0 || len % 2 != 0 || len / 2 > SERIAL_MAX_LEN) {
        return ERROR;
    }
    for (i = 0; i < len / 2; i++) {
        hi = hex_digit((u_char) hex[i * 2]);
        lo = hex_digit((u_char) hex[i * 2 + 1]);
        if (hi < 0 || lo < 0) {
            return ERROR;
        }
        s->bytes[i] = (u_char) (hi << 4 | lo);
    }
    s->len = len / 2;
    return OK;
}

static int
serial_cmp(const void *a, const void *b)
{
    const serial_t  *x = a, *y = b;

    if (x->len != y->len) {
        return x->len < y->len ? -1 : 1;
    }
    return memcmp(x->bytes, y->bytes, x->len);
}

static int
serial_list_load(serial_list_t *sl, const char *path)
{
    FILE      *fp;
    char       line[128];
    serial_t  *ne;

    fp = fopen(path, "r");
    if (fp == NULL) {
        return ERROR;
    }
    while (fgets(line, sizeof(line), fp) != NULL) {
        if (sl->nelts == sl->nalloc) {
            ne = realloc(sl->elts, (sl->nalloc ? sl->nalloc * 2 : 64) * sizeof(serial_t));
            if (ne == NULL) {
                fclose(fp);
                return ERROR;
            }
            sl->elts = ne;
            sl->nalloc = sl->nalloc ? sl->nalloc * 2 : 64;
        }
        if (line[0] != '#' && serial_parse(&sl->elts[sl->nelts], line) == OK) {
            sl->nelts++;
        }
    }
    fclose(fp);
    qsort(sl->elts, sl->nelts, sizeof(serial_t), serial_cmp);
    return OK;
}

int
crl_fetch(const char *url, char *path, size_t size)
{
    char  cmd[1024];
    int   fd;

    snprintf(path, size, "/tmp/crl.XXXXXX");
    fd = mkstemp(path);
    if (fd == -1) {
        return ERROR;
    }
    close(fd);

    snprintf(cmd, sizeof(cmd), "curl -sf --max-time 10 -o '%s' '%s'", path, url);
    if (system(cmd) != 0) {
        unlink(path);
        return ERROR;
    }
    return OK;
}

int
main(int argc, char **argv)
{
    serial_list_t  sl = { NULL, 0, 0 };
    serial_t       s;
    char           path[64];
    int            rc;

    if (argc != 3) {
        fprintf(stderr, "usage: %s crl-list-url serial-hex\n", argv[0]);
        return 2;
    }
    if (serial_parse(&s, argv[2]) != OK) {
        fprintf(stderr, "invalid serial \"%s\"\n", argv[2]);
        return 2;
    }
    if (crl_fetch(argv[1], path, sizeof(path)) != OK) {
        fprintf(stderr, "cannot fetch %s\n", argv[1]);
        return 2;
    }
    rc = serial_list_load(&sl, path);
    unlink(path);
    if (rc != OK) {
        return 2;
    }

    rc = bsearch(&s, sl.elts, sl.nelts, sizeof(serial_t), serial_cmp) ? DECLINED : OK;
    printf("serial %s: %s (%zu revoked entries)\n", argv[2], rc == OK ? "not revoked" : "REVOKED", sl.nelts);
    free(sl.elts);
    return rc == OK ? 0 : 1;
}
