#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PARAMS 32
#define URL_MAX 2048

struct param {
    char *key;
    char *value;
};

struct query {
    struct param items[MAX_PARAMS];
    size_t count;
};

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

char *url_unescape(const char *s, size_t len, int plus_space)
{
    char *out = malloc(len + 1);
    size_t i, o = 0;

    if (!out)
        return NULL;
    for (i = 0; i < len; i++) {
        int hi, lo;

        if (s[i] == '%' && i + 2 < len &&
            (hi = hexval((unsigned char)s[i + 1])) >= 0 &&
            (lo = hexval((unsigned char)s[i + 2])) >= 0) {
            out[o++] = (char)(hi << 4 | lo);
            i += 2;
        } else if (s[i] == '+' && plus_space) {
            out[o++] = ' ';
        } else {
            out[o++] = s[i];
        }
    }
    out[o] = '\0';
    return out;
}

static void query_clear(struct query *q)
{
    size_t i;

    for (i = 0; i < q->count; i++) {
        free(q->items[i].key);
        free(q->items[i].value);
    }
    q->count = 0;
}

int query_parse(struct query *q, const char *qs)
{
    const char *p = qs;
    const char *end = qs + strlen(qs);

    while (p < end) {
        const char *amp = memchr(p, '&', (size_t)(end - p));
        const char *seg_end = amp ? amp : end;
        const char *eq = memchr(p, '=', (size_t)(seg_end - p));
        struct param *pr;

        if (seg_end == p) {
            p++;
            continue;
        }
        if (q->count >= MAX_PARAMS)
            return -1;
        pr = &q->items[q->count];
        pr->key = url_unescape(p, (size_t)((eq ? eq : seg_end) - p), 1);
        pr->value = eq ? url_unescape(eq + 1, (size_t)(seg_end - eq - 1), 1) : strdup("");
        if (!pr->key || !pr->value) {
            free(pr->key);
            free(pr->value);
            return -1;
        }
        q->count++;
        p = amp ? amp + 1 : end;
    }
    return 0;
}

static const char *query_get(const struct query *q, const char *key)
{
    size_t i;

    for (i = 0; i < q->count; i++)
        if (strcmp(q->items[i].key, key) == 0)
            return q->items[i].value;
    return NULL;
}

int main(int argc, char **argv)
{
    char url[URL_MAX];
    struct query q;
    char *qmark, *hash, *path;
    const char *cb;
    size_t i;
    int rc = 1;

    if (argc < 2) {
        fprintf(stderr, "usage: %s URL\n", argv[0]);
        return 2;
    }
    if (strlen(argv[1]) >= sizeof(url)) {
        fprintf(stderr, "url too long\n");
        return 1;
    }
    strcpy(url, argv[1]);
    q.count = 0;
    hash = strchr(url, '#');
    if (hash)
        *hash = '\0';
    qmark = strchr(url, '?');
    if (qmark)
        *qmark++ = '\0';
    path = url_unescape(url, strlen(url), 0);
    if (!path)
        return 1;
    printf("path: %s\n", path);
    if (qmark && query_parse(&q, qmark) != 0) {
        fprintf(stderr, "cannot parse query string\n");
        goto out;
    }
    for (i = 0; i < q.count; i++)
        printf("  %s = %s\n", q.items[i].key, q.items[i].value);
    cb = query_get(&q, "callback");
    if (cb)
        printf("callback: %s\n", cb);
    rc = 0;
out:
    query_clear(&q);
    free(path);
    return rc;
}
