#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

enum { BT_INT, BT_STR, BT_LIST, BT_DICT };

struct bnode {
    int type;
    long long ival;
    char *str;
    size_t slen;
    size_t n, cap;
    char **keys;
    struct bnode **items;
};

static int depth;

void bnode_free(struct bnode *b)
{
    size_t i;

    if (!b)
        return;
    for (i = 0; i < b->n; i++) {
        if (b->keys)
            free(b->keys[i]);
        bnode_free(b->items[i]);
    }
    free(b->keys);
    free(b->items);
    free(b->str);
    free(b);
}

static int bnode_append(struct bnode *b, char *key, struct bnode *val)
{
    size_t i;
    int ret = -EEXIST;

    if (key) {
        for (i = 0; i < b->n; i++)
            if (!strcmp(b->keys[i], key))
                goto drop;
    }
    if (b->n == b->cap) {
        size_t ncap = b->cap ? b->cap * 2 : 8;
        struct bnode **ni = realloc(b->items, ncap * sizeof(*ni));
        ret = -ENOMEM;
        if (!ni)
            goto drop;
        b->items = ni;
        if (b->type == BT_DICT) {
            char **nk = realloc(b->keys, ncap * sizeof(*nk));
            if (!nk)
                goto drop;
            b->keys = nk;
        }
        b->cap = ncap;
    }
    if (b->keys)
        b->keys[b->n] = key;
    b->items[b->n++] = val;
    return 0;
drop:
    free(key);
    bnode_free(val);
    return ret;
}

struct bnode *bdecode(const char **pp, const char *end)
{
    const char *p = *pp;
    struct bnode *b, *child;
    char *key;
    char *e;

    if (p >= end || depth > 32 || !(b = calloc(1, sizeof(*b))))
        return NULL;
    if (*p == 'i') {
        b->type = BT_INT;
        b->ival = strtoll(p + 1, &e, 10);
        if (e >= end || *e != 'e')
            goto fail;
        p = e + 1;
    } else if (*p >= '0' && *p <= '9') {
        b->type = BT_STR;
        b->slen = strtoul(p, &e, 10);
        if (e >= end || *e != ':' || b->slen > (size_t)(end - e - 1))
            goto fail;
        b->str = malloc(b->slen + 1);
        if (!b->str)
            goto fail;
        memcpy(b->str, e + 1, b->slen);
        b->str[b->slen] = '\0';
        p = e + 1 + b->slen;
    } else if (*p == 'l' || *p == 'd') {
        b->type = *p == 'l' ? BT_LIST : BT_DICT;
        p++;
        depth++;
        while (p < end && *p != 'e') {
            key = NULL;
            if (b->type == BT_DICT) {
                if (!(child = bdecode(&p, end)) || child->type != BT_STR) {
                    bnode_free(child);
                    goto fail_nested;
                }
                key = child->str;
                child->str = NULL;
                bnode_free(child);
            }
            if (!(child = bdecode(&p, end))) {
                free(key);
                goto fail_nested;
            }
            if (bnode_append(b, key, child) < 0) {
                free(key);
                goto fail_nested;
            }
        }
        depth--;
        if (p >= end)
            goto fail;
        p++;
    } else {
        goto fail;
    }
    *pp = p;
    return b;
fail_nested:
    depth--;
fail:
    bnode_free(b);
    return NULL;
}

static struct bnode *dict_get(const struct bnode *d, const char *key)
{
    size_t i;

    if (!d || d->type != BT_DICT)
        return NULL;
    for (i = 0; i < d->n; i++)
        if (!strcmp(d->keys[i], key))
            return d->items[i];
    return NULL;
}

int main(int argc, char **argv)
{
    static char buf[1 << 20];
    struct bnode *root, *info, *v;
    const char *p = buf;
    FILE *fp = stdin;
    size_t n;

    if (argc > 1 && !(fp = fopen(argv[1], "rb"))) {
        perror(argv[1]);
        return 1;
    }
    n = fread(buf, 1, sizeof(buf) - 1, fp);
    if (fp != stdin)
        fclose(fp);
    root = bdecode(&p, buf + n);
    if (!root) {
        fprintf(stderr, "invalid bencoding\n");
        return 1;
    }
    if ((v = dict_get(root, "announce")) && v->type == BT_STR)
        printf("announce: %s\n", v->str);
    info = dict_get(root, "info");
    if ((v = dict_get(info, "name")) && v->type == BT_STR)
        printf("name: %s\n", v->str);
    if ((v = dict_get(info, "piece length")) && v->type == BT_INT)
        printf("piece length: %lld\n", v->ival);
    if ((v = dict_get(info, "length")) && v->type == BT_INT)
        printf("length: %lld\n", v->ival);
    bnode_free(root);
    return 0;
}
