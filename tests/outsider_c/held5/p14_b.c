#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 8

enum alias_err { AL_OK = 0, AL_ERR_NOMEM, AL_ERR_LOOP, AL_ERR_SYNTAX };

struct alias {
    char *name;
    char *targets;
};

struct alias_table {
    struct alias *a;
    size_t n, cap;
};

struct addr_list {
    char **items;
    size_t count, cap;
};

void addr_list_free(struct addr_list *l)
{
    for (size_t i = 0; i < l->count; i++)
        free(l->items[i]);
    free(l->items);
    l->items = NULL;
    l->count = 0;
    l->cap = 0;
}

static bool addr_list_add(struct addr_list *l, const char *addr, size_t len)
{
    for (size_t i = 0; i < l->count; i++)
        if (strlen(l->items[i]) == len && strncmp(l->items[i], addr, len) == 0)
            return true;
    if (l->count == l->cap) {
        const size_t ncap = l->cap ? l->cap * 2 : 8;
        char **g = realloc(l->items, ncap * sizeof *g);
        if (!g)
            return false;
        l->items = g;
        l->cap = ncap;
    }
    char *s = strndup(addr, len);
    if (!s)
        return false;
    l->items[l->count++] = s;
    return true;
}

static const struct alias *alias_find(const struct alias_table *t, const char *name, size_t len)
{
    for (size_t i = 0; i < t->n; i++)
        if (strlen(t->a[i].name) == len && strncasecmp(t->a[i].name, name, len) == 0)
            return &t->a[i];
    return NULL;
}

static enum alias_err expand_into(const struct alias_table *t, const char *name, size_t len,
                                  struct addr_list *out, int depth)
{
    if (depth > MAX_DEPTH)
        return AL_ERR_LOOP;
    const struct alias *al = alias_find(t, name, len);
    if (!al)
        return addr_list_add(out, name, len) ? AL_OK : AL_ERR_NOMEM;
    const char *p = al->targets;
    while (*p) {
        p += strspn(p, ", \t");
        const size_t tl = strcspn(p, ", \t");
        if (tl == 0)
            break;
        const enum alias_err e = expand_into(t, p, tl, out, depth + 1);
        if (e != AL_OK)
            return e;
        p += tl;
    }
    return AL_OK;
}

enum alias_err alias_expand(const struct alias_table *t, const char *name, struct addr_list *out)
{
    const enum alias_err e = expand_into(t, name, strlen(name), out, 0);
    if (e != AL_OK)
        addr_list_free(out);
    return e;
}

static enum alias_err load_aliases(FILE *fp, struct alias_table *t)
{
    char line[1024];
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char *colon = strchr(line, ':');
        if (!colon)
            return AL_ERR_SYNTAX;
        *colon = '\0';
        if (t->n == t->cap) {
            const size_t ncap = t->cap ? t->cap * 2 : 16;
            struct alias *g = realloc(t->a, ncap * sizeof *g);
            if (!g)
                return AL_ERR_NOMEM;
            t->a = g;
            t->cap = ncap;
        }
        struct alias al = { .name = strdup(line), .targets = strdup(colon + 1) };
        if (!al.name || !al.targets) {
            free(al.name);
            free(al.targets);
            return AL_ERR_NOMEM;
        }
        t->a[t->n++] = al;
    }
    return AL_OK;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s aliases name...\n", argv[0]);
        return 2;
    }
    FILE *fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    struct alias_table tab = { .a = NULL, .n = 0, .cap = 0 };
    enum alias_err e = load_aliases(fp, &tab);
    fclose(fp);
    for (int i = 2; i < argc && e == AL_OK; i++) {
        struct addr_list out = { .items = NULL, .count = 0, .cap = 0 };
        e = alias_expand(&tab, argv[i], &out);
        if (e == AL_OK)
            for (size_t j = 0; j < out.count; j++)
                printf("%s: %s\n", argv[i], out.items[j]);
        else
            fprintf(stderr, "%s: expansion failed (%d)\n", argv[i], (int)e);
        addr_list_free(&out);
    }
    for (size_t i = 0; i < tab.n; i++) {
        free(tab.a[i].name);
        free(tab.a[i].targets);
    }
    free(tab.a);
    return e == AL_OK ? 0 : 1;
}
