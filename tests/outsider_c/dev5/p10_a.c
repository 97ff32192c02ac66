#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <ctype.h>

#define STRTAB_BUCKETS 256
#define STRTAB_NONE ((size_t)-1)

typedef enum {
    ST_OK = 0,
    ST_ERR_NOMEM
} st_status;

typedef struct strtab_entry {
    const char *str;
    size_t len;
    uint32_t hash;
    size_t refs;
    size_t next;
} strtab_entry;

typedef struct strtab {
    char *arena;
    size_t arena_len;
    size_t arena_cap;
    strtab_entry *entries;
    size_t nentries;
    size_t entries_cap;
    size_t buckets[STRTAB_BUCKETS];
} strtab;

static inline uint32_t fnv1a(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    while (n--)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

static int reserve(void **p, size_t *cap, size_t need, size_t elem)
{
    size_t ncap = *cap ? *cap : 64;
    void *np;

    if (need <= *cap)
        return 0;
    while (ncap < need)
        ncap *= 2;
    np = realloc(*p, ncap * elem);
    if (!np)
        return -1;
    *p = np;
    *cap = ncap;
    return 0;
}

strtab *strtab_create(void)
{
    strtab *t = calloc(1, sizeof(*t));
    size_t i;

    if (!t)
        return NULL;
    for (i = 0; i < STRTAB_BUCKETS; i++)
        t->buckets[i] = STRTAB_NONE;
    return t;
}

void strtab_destroy(strtab *t)
{
    if (!t)
        return;
    free(t->arena);
    free(t->entries);
    free(t);
}

st_status strtab_intern(strtab *t, const char *s, size_t n, size_t *id)
{
    uint32_t h = fnv1a(s, n);
    size_t b = h % STRTAB_BUCKETS, i;
    strtab_entry *e;

    for (i = t->buckets[b]; i != STRTAB_NONE; i = t->entries[i].next) {
        e = &t->entries[i];
        if (e->hash == h && e->len == n && memcmp(e->str, s, n) == 0) {
            e->refs++;
            *id = i;
            return ST_OK;
        }
    }
    if (reserve((void **)&t->arena, &t->arena_cap, t->arena_len + n + 1, 1) != 0)
        return ST_ERR_NOMEM;
    if (reserve((void **)&t->entries, &t->entries_cap, t->nentries + 1, sizeof(*e)) != 0)
        return ST_ERR_NOMEM;
    memcpy(t->arena + t->arena_len, s, n);
    t->arena[t->arena_len + n] = '\0';
    e = &t->entries[t->nentries];
    e->str = t->arena + t->arena_len;
    e->len = n;
    e->hash = h;
    e->refs = 1;
    e->next = t->buckets[b];
    t->buckets[b] = t->nentries;
    t->arena_len += n + 1;
    *id = t->nentries++;
    return ST_OK;
}

const char *strtab_get(const strtab *t, size_t id, size_t *refs)
{
    if (id >= t->nentries)
        return NULL;
    if (refs)
        *refs = t->entries[id].refs;
    return t->entries[id].str;
}

int main(void)
{
    strtab *t = strtab_create();
    char line[1024];
    size_t id, i, refs, words = 0;

    if (!t)
        return 1;
    while (fgets(line, sizeof(line), stdin)) {
        char *p = line;
        while (*p) {
            char *w;
            while (*p && !isalnum((unsigned char)*p))
                p++;
            w = p;
            while (isalnum((unsigned char)*p))
                p++;
            if (p == w)
                continue;
            if (strtab_intern(t, w, (size_t)(p - w), &id) != ST_OK) {
                strtab_destroy(t);
                return 1;
            }
            words++;
        }
    }
    for (i = 0; i < t->nentries; i++) {
        const char *s = strtab_get(t, i, &refs);
        if (refs > 1)
            printf("%6zu %s\n", refs, s);
    }
    printf("%zu words, %zu distinct, %zu arena bytes\n", words, t->nentries, t->arena_len);
    strtab_destroy(t);
    return 0;
}
