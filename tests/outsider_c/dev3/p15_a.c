#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct kv {
    char *key;
    char *value;
};

struct kvstore {
    struct kv *items;
    size_t len;
    size_t cap;
};

struct strbuf {
    char *data;
    size_t len;
    size_t cap;
};

static int sb_append(struct strbuf *sb, const char *s)
{
    size_t n = strlen(s);

    if (sb->len + n + 1 > sb->cap) {
        size_t ncap = sb->cap ? sb->cap : 64;
        char *nd;

        while (ncap < sb->len + n + 1)
            ncap *= 2;
        nd = realloc(sb->data, ncap);
        if (!nd)
            return -1;
        sb->data = nd;
        sb->cap = ncap;
    }
    memcpy(sb->data + sb->len, s, n + 1);
    sb->len += n;
    return 0;
}

static struct kv *kv_lookup(struct kvstore *st, const char *key)
{
    size_t i;

    for (i = 0; i < st->len; i++) {
        if (strcmp(st->items[i].key, key) == 0)
            return &st->items[i];
    }
    return NULL;
}

int kv_put(struct kvstore *st, const char *key, const char *value)
{
    struct kv *e = kv_lookup(st, key);
    char *v = strdup(value);

    if (!v)
        return -1;
    if (e) {
        e->value = v;
        return 0;
    }
    if (st->len == st->cap) {
        size_t ncap = st->cap ? st->cap * 2 : 8;
        struct kv *ni = realloc(st->items, ncap * sizeof(*ni));
        if (!ni) {
            free(v);
            return -1;
        }
        st->items = ni;
        st->cap = ncap;
    }
    st->items[st->len].key = strdup(key);
    if (!st->items[st->len].key) {
        free(v);
        return -1;
    }
    st->items[st->len].value = v;
    st->len++;
    return 0;
}

static void kv_free(struct kvstore *st)
{
    size_t i;

    for (i = 0; i < st->len; i++) {
        free(st->items[i].key);
        free(st->items[i].value);
    }
    free(st->items);
    memset(st, 0, sizeof(*st));
}

static int render(const struct kvstore *st, struct strbuf *sb)
{
    char tmp[320];
    size_t i;

    for (i = 0; i < st->len; i++) {
        snprintf(tmp, sizeof(tmp), "export %s='%s'\n", st->items[i].key, st->items[i].value);
        if (sb_append(sb, tmp) < 0)
            return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct kvstore st = { NULL, 0, 0 };
    struct strbuf sb = { NULL, 0, 0 };
    char line[256], key[64], value[256];
    FILE *fp = stdin;

    if (argc > 1 && (fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        if (line[0] == '#' || sscanf(line, " %63[A-Za-z0-9_] = %255[^\n]", key, value) != 2)
            continue;
        if (kv_put(&st, key, value) < 0)
            break;
    }
    if (fp != stdin)
        fclose(fp);
    if (render(&st, &sb) == 0 && sb.data)
        fputs(sb.data, stdout);
    free(sb.data);
    kv_free(&st);
    return 0;
}
