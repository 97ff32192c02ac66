#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NBUCKETS 64

struct symbol {
    struct symbol *hnext;
    struct symbol *snext;
    int depth;
    long value;
    char name[32];
};

struct symtab {
    struct symbol *buckets[NBUCKETS];
    struct symbol *scope_list;
    struct symbol *cache;
    int depth;
};

static unsigned hash_name(const char *p, size_t n)
{
    unsigned h = 2166136261u;
    while (n--)
        h = (h ^ (unsigned char)*p++) * 16777619u;
    return h % NBUCKETS;
}

struct symbol *sym_lookup(struct symtab *st, const char *name)
{
    struct symbol *s;
    size_t n = strlen(name);
    if (st->cache && strcmp(st->cache->name, name) == 0)
        return st->cache;
    for (s = st->buckets[hash_name(name, n)]; s; s = s->hnext) {
        if (strcmp(s->name, name) == 0) {
            st->cache = s;
            return s;
        }
    }
    return NULL;
}

struct symbol *sym_define(struct symtab *st, const char *name, long value)
{
    struct symbol *s;
    size_t n = strlen(name);
    unsigned h;
    if (n >= sizeof s->name)
        return NULL;
    s = malloc(sizeof *s);
    if (!s)
        return NULL;
    strcpy(s->name, name);
    s->value = value;
    s->depth = st->depth;
    h = hash_name(name, n);
    s->hnext = st->buckets[h];
    st->buckets[h] = s;
    s->snext = st->scope_list;
    st->scope_list = s;
    st->cache = s;
    return s;
}

static void unlink_hash(struct symtab *st, struct symbol *s)
{
    struct symbol **pp = &st->buckets[hash_name(s->name, strlen(s->name))];
    while (*pp && *pp != s)
        pp = &(*pp)->hnext;
    if (*pp)
        *pp = s->hnext;
}

void scope_enter(struct symtab *st)
{
    st->depth++;
}

void scope_leave(struct symtab *st)
{
    struct symbol *s;
    while ((s = st->scope_list) && s->depth == st->depth) {
        st->scope_list = s->snext;
        unlink_hash(st, s);
        free(s);
    }
    if (st->depth > 0)
        st->depth--;
}

static void run_line(struct symtab *st, char *line)
{
    char op[16], name[64];
    long v = 0;
    struct symbol *s;
    int n = sscanf(line, "%15s %63s %ld", op, name, &v);
    if (n < 1)
        return;
    if (strcmp(op, "{") == 0) {
        scope_enter(st);
    } else if (strcmp(op, "}") == 0) {
        scope_leave(st);
    } else if (n < 2) {
        fprintf(stderr, "%s: missing name\n", op);
    } else if (strcmp(op, "let") == 0) {
        if (!sym_define(st, name, v))
            fprintf(stderr, "cannot define %s\n", name);
    } else if (strcmp(op, "get") == 0) {
        s = sym_lookup(st, name);
        if (s)
            printf("%s = %ld (depth %d)\n", s->name, s->value, s->depth);
        else
            printf("%s undefined\n", name);
    }
}

int main(void)
{
    struct symtab st;
    char line[256];
    memset(&st, 0, sizeof st);
    while (fgets(line, sizeof line, stdin))
        run_line(&st, line);
    while (st.scope_list) {
        st.depth = st.scope_list->depth;
        scope_leave(&st);
    }
    return 0;
}
