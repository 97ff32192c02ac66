#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_VARS 16

struct sbuf {
    char *data;
    size_t len;
    size_t cap;
};

struct var {
    char name[32];
    const char *value;
};

struct varset {
    struct var v[MAX_VARS];
    size_t n;
};

static int sb_grow(struct sbuf *sb, size_t add)
{
    size_t need = sb->len + add + 1;
    size_t ncap;
    char *nd;

    if (need <= sb->cap)
        return 0;
    ncap = sb->cap ? sb->cap * 2 : 64;
    nd = realloc(sb->data, ncap);
    if (!nd)
        return -1;
    sb->data = nd;
    sb->cap = ncap;
    return 0;
}

static int sb_add(struct sbuf *sb, const char *s, size_t n)
{
    if (sb_grow(sb, n) != 0)
        return -1;
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
    return 0;
}

static const char *lookup(const struct varset *vs, const char *name, size_t n)
{
    char key[64];
    size_t i;

    for (i = 0; i < vs->n; i++)
        if (strlen(vs->v[i].name) == n && memcmp(vs->v[i].name, name, n) == 0)
            return vs->v[i].value;
    if (n >= sizeof(key))
        return NULL;
    memcpy(key, name, n);
    key[n] = '\0';
    return getenv(key);
}

int expand(const struct varset *vs, const char *in, struct sbuf *out)
{
    const char *p = in;

    while (*p) {
        const char *name, *def = NULL, *val;
        size_t n, dlen = 0;

        if (*p != '$') {
            const char *q = strchr(p, '$');

            n = q ? (size_t)(q - p) : strlen(p);
            if (sb_add(out, p, n) != 0)
                return -1;
            p += n;
            continue;
        }
        p++;
        if (*p == '$') {
            if (sb_add(out, "$", 1) != 0)
                return -1;
            p++;
            continue;
        }
        if (*p == '{') {
            const char *close = strchr(p + 1, '}');
            const char *colon;

            if (!close)
                return -1;
            name = p + 1;
            colon = memchr(name, ':', (size_t)(close - name));
            if (colon && colon[1] == '-') {
                def = colon + 2;
                dlen = (size_t)(close - def);
                n = (size_t)(colon - name);
            } else {
                n = (size_t)(close - name);
            }
            p = close + 1;
        } else {
            name = p;
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
            n = (size_t)(p - name);
            if (n == 0) {
                if (sb_add(out, "$", 1) != 0)
                    return -1;
                continue;
            }
        }
        val = lookup(vs, name, n);
        if (val && *val) {
            if (sb_add(out, val, strlen(val)) != 0)
                return -1;
        } else if (def && sb_add(out, def, dlen) != 0) {
            return -1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct varset vs;
    struct sbuf out = { NULL, 0, 0 };
    char line[2048];
    int i, rc = 0;

    vs.n = 0;
    for (i = 1; i < argc; i++) {
        const char *eq = strchr(argv[i], '=');
        size_t n = eq ? (size_t)(eq - argv[i]) : 0;

        if (!eq || n == 0 || n >= sizeof(vs.v[0].name) || vs.n >= MAX_VARS) {
            fprintf(stderr, "usage: %s [NAME=VALUE]... < template\n", argv[0]);
            return 2;
        }
        memcpy(vs.v[vs.n].name, argv[i], n);
        vs.v[vs.n].name[n] = '\0';
        vs.v[vs.n].value = eq + 1;
        vs.n++;
    }
    while (fgets(line, sizeof(line), stdin)) {
        out.len = 0;
        if (expand(&vs, line, &out) != 0) {
            fprintf(stderr, "unterminated ${ in input\n");
            rc = 1;
            break;
        }
        fputs(out.data ? out.data : "", stdout);
    }
    free(out.data);
    return rc;
}
