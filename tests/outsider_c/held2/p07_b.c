#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define BOUNDARY_MAX 70

struct mime_part {
    const char *start;
    size_t len;
};

int mime_get_boundary(const char *ctype, char *out, size_t outlen)
{
    const char *p = strcasestr(ctype, "boundary=");
    size_t n;

    if (p == NULL)
        return -1;
    p += 9;
    if (*p == '"') {
        const char *q = strchr(++p, '"');
        if (q == NULL)
            return -1;
        n = (size_t)(q - p);
    } else {
        n = strcspn(p, "; \t\r\n");
    }
    if (n == 0 || n > BOUNDARY_MAX || n >= outlen)
        return -1;
    memcpy(out, p, n);
    out[n] = '\0';
    return 0;
}

static const char *find_delim(const char *buf, const char *p, const char *end,
                              const char *delim, size_t dlen)
{
   while (p < end) {
        if ((p == buf || p[-1] == '\n') && memcmp(p, delim, dlen) == 0)
            return p;
        p++;
    }
    return NULL;
}

int mime_split(const char *buf, size_t len, const char *boundary,
               struct mime_part *parts, int maxparts)
{
    char delim[BOUNDARY_MAX + 3];
    const char *end = buf + len, *p, *next;
    size_t dlen;
    int n = 0;

    dlen = (size_t)snprintf(delim, sizeof(delim), "--%s", boundary);
    p = find_delim(buf, buf, end, delim, dlen);
    while (p && n < maxparts) {
        p += dlen;
        if (end - p >= 2 && p[0] == '-' && p[1] == '-')
            break;
        while (p < end && *p != '\n')
            p++;
        if (p < end)
            p++;
        next = find_delim(buf, p, end, delim, dlen);
        if (next == NULL)
            break;
        parts[n].start = p;
        parts[n].len = (size_t)(next - p);
        n++;
        p = next;
    }
    return n;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    char *buf;
    long sz;

    if (fp == NULL)
        return NULL;
    if (fseek(fp, 0, SEEK_END) != 0 || (sz = ftell(fp)) <= 0 || fseek(fp, 0, SEEK_SET) != 0) {
        fclose(fp);
        return NULL;
    }
    buf = malloc((size_t)sz);
    if (buf && fread(buf, 1, (size_t)sz, fp) != (size_t)sz) {
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    *len = (size_t)sz;
    return buf;
}

int main(int argc, char **argv)
{
    char boundary[BOUNDARY_MAX + 1];
    struct mime_part parts[32];
    char *body;
    size_t len;
    int i, n;

    if (argc != 3) {
        fprintf(stderr, "usage: %s content-type file\n", argv[0]);
        return 2;
    }
    if (mime_get_boundary(argv[1], boundary, sizeof(boundary)) < 0) {
        fprintf(stderr, "no usable boundary in content type\n");
        return 1;
    }
    body = slurp(argv[2], &len);
    if (body == NULL) {
        perror(argv[2]);
        return 1;
    }
    n = mime_split(body, len, boundary, parts, 32);
    for (i = 0; i < n; i++) {
        size_t hl = 0;
        while (hl < parts[i].len && parts[i].start[hl] != '\n')
            hl++;
        printf("part %d: %zu bytes: %.*s\n", i + 1, parts[i].len, (int)hl, parts[i].start);
    }
    free(body);
    return n > 0 ? 0 : 1;
}
