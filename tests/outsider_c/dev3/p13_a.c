#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_PARAMS 32

struct param {
    char *key;
    char *value;
};

struct query {
    char *buf;
    struct param params[MAX_PARAMS];
    size_t count;
};

static int from_hex(int c)
{
    if (isdigit(c))
        return c - '0';
    c = tolower(c);
    return (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
}

static void url_decode(char *s)
{
    char *r = s, *w = s;
    int hi, lo;

    while (*r) {
        if (*r == '+') {
            *w++ = ' ';
            r++;
        } else if (*r == '%' && (hi = from_hex((unsigned char)r[1])) >= 0 &&
                   (lo = from_hex((unsigned char)r[2])) >= 0) {
            *w++ = (char)(hi * 16 + lo);
            r += 3;
        } else {
            *w++ = *r++;
        }
    }
    *w = '\0';
}

int parse_query(struct query *q, const char *url)
{
    const char *qs = strchr(url, '?');
    char *pair, *save = NULL, *eq;

    q->count = 0;
    q->buf = strdup(qs ? qs + 1 : "");
    if (!q->buf)
        return -1;
    q->buf[strcspn(q->buf, "#")] = '\0';
    for (pair = strtok_r(q->buf, "&", &save); pair && q->count < MAX_PARAMS;
         pair = strtok_r(NULL, "&", &save)) {
        struct param *p = &q->params[q->count];

        eq = strchr(pair, '=');
        if (eq) {
            *eq = '\0';
            p->value = eq + 1;
        } else {
            p->value = pair + strlen(pair);
        }
        p->key = pair;
        url_decode(p->key);
        url_decode(p->value);
        q->count++;
    }
    return (int)q->count;
}

static const char *query_get(const struct query *q, const char *key)
{
    size_t i;

    for (i = 0; i < q->count; i++) {
        if (strcmp(q->params[i].key, key) == 0)
            return q->params[i].value;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    struct query q;
    char out[512];
    size_t i, used = 0;
    int n;

    if (argc < 2) {
        fprintf(stderr, "usage: %s URL [KEY]\n", argv[0]);
        return 1;
    }
    if (parse_query(&q, argv[1]) < 0)
        return 1;
    if (argc > 2) {
        const char *v = query_get(&q, argv[2]);
        printf("%s\n", v ? v : "");
    } else {
        out[0] = '\0';
        for (i = 0; i < q.count; i++) {
            n = snprintf(out + used, sizeof(out) - used, "%s%s=\"%s\"",
                         i ? ", " : "", q.params[i].key, q.params[i].value);
            if (n < 0 || (size_t)n >= sizeof(out) - used)
                break;
            used += (size_t)n;
        }
        puts(out);
    }
    free(q.buf);
    return 0;
}
