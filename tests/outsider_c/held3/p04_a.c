#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define NS_MAX_LEN 1000000u

struct header {
    char *name;
    char *value;
};

static int read_length(FILE *f, unsigned int *out)
{
    unsigned int len = 0;
    int c, digits = 0;

    while ((c = fgetc(f)) != EOF && isdigit(c)) {
        if (++digits > 10)
            return -1;
        len = len * 10 + (unsigned int)(c - '0');
        if (len > NS_MAX_LEN)
            return -1;
    }
    if (c != ':' || digits == 0)
        return -1;
    *out = len;
    return 0;
}

char *netstring_read(FILE *f, unsigned int *lenp)
{
    unsigned int len;
    char *buf;

    if (read_length(f, &len) < 0)
        return NULL;
    buf = malloc(len + 1);
    if (!buf)
        return NULL;
    if (fread(buf, 1, len, f) != len || fgetc(f) != ',') {
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    *lenp = len;
    return buf;
}

static int split_headers(char *data, unsigned int len, struct header *hdrs, int max)
{
    char *p = data, *end = data + len;
    int n = 0;

    while (p < end && n < max) {
        char *name = p;
        char *value;
        size_t nl = strlen(name);
        if (name + nl + 1 >= end)
            return -1;
        value = name + nl + 1;
        p = value + strlen(value) + 1;
        if (p > end)
            return -1;
        hdrs[n].name = name;
        hdrs[n].value = value;
        n++;
    }
    return n;
}

static const char *header_get(const struct header *h, int n, const char *name)
{
    int i;
    for (i = 0; i < n; i++)
        if (strcmp(h[i].name, name) == 0)
            return h[i].value;
    return NULL;
}

int main(int argc, char **argv)
{
    FILE *f = stdin;
    struct header hdrs[32];
    unsigned int len;
    char *data;
    const char *clen, *uri;
    int n, i;

    if (argc > 1 && !(f = fopen(argv[1], "rb"))) {
        perror(argv[1]);
        return 1;
    }
    data = netstring_read(f, &len);
    if (f != stdin)
        fclose(f);
    if (!data) {
        fprintf(stderr, "malformed request header\n");
        return 1;
    }
    n = split_headers(data, len, hdrs, (int)(sizeof(hdrs) / sizeof(hdrs[0])));
    if (n < 0) {
        fprintf(stderr, "malformed header block\n");
        free(data);
        return 1;
    }
    clen = header_get(hdrs, n, "CONTENT_LENGTH");
    uri = header_get(hdrs, n, "REQUEST_URI");
    if (!clen || !header_get(hdrs, n, "SCGI")) {
        fprintf(stderr, "missing required headers\n");
        free(data);
        return 1;
    }
    printf("body length %d, uri %s\n", atoi(clen), uri ? uri : "/");
    for (i = 0; i < n; i++)
        printf("  %-20s %s\n", hdrs[i].name, hdrs[i].value);
    free(data);
    return 0;
}
