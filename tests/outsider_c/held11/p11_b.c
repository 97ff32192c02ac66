#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct istr {
    struct istr *next;
    unsigned hash;
    unsigned refs;
    size_t len;
    char *str;
};

struct interner {
    struct istr **slots;
    size_t nslots, count;
};

static unsigned str_hash(const char *p, size_t n)
{
    unsigned h = (unsigned)n;
    size_t i;
    for (i = 0; i < n; i++)
        h ^= (h << 5) + (h >> 2) + (unsigned char)p[i];
    return h;
}

static int grow(struct interner *in)
{
    size_t ns = in->nslots ? in->nslots * 2 : 32, i;
    struct istr **slots = calloc(ns, sizeof *slots), *e, *next;
    if (!slots)
        return -1;
    for (i = 0; i < in->nslots; i++) {
        for (e = in->slots[i]; e; e = next) {
            next = e->next;
            e->next = slots[e->hash & (ns - 1)];
            slots[e->hash & (ns - 1)] = e;
        }
    }
    free(in->slots);
    in->slots = slots;
    in->nslots = ns;
    return 0;
}

struct istr *intern_take(struct interner *in, char *s)
{
    size_t n = strlen(s);
    unsigned h = str_hash(s, n);
    struct istr *e;
    if (in->count >= in->nslots && grow(in) < 0)
        return NULL;
    for (e = in->slots[h & (in->nslots - 1)]; e; e = e->next) {
        if (e->hash == h && e->len == n && memcmp(e->str, s, n) == 0) {
            e->refs++;
            free(s);
            return e;
        }
    }
    if (!(e = malloc(sizeof *e)))
        return NULL;
    e->hash = h;
    e->len = n;
    e->refs = 1;
    e->str = s;
    e->next = in->slots[h & (in->nslots - 1)];
    in->slots[h & (in->nslots - 1)] = e;
    in->count++;
    return e;
}

void intern_clear(struct interner *in)
{
    size_t i;
    struct istr *e, *next;
    for (i = 0; i < in->nslots; i++) {
        for (e = in->slots[i]; e; e = next) {
            next = e->next;
            free(e->str);
            free(e);
        }
    }
    free(in->slots);
    in->slots = NULL;
    in->nslots = in->count = 0;
}

static char *fold_word(const char *p, size_t n)
{
    char *w = malloc(n + 1);
    size_t i;
    if (!w)
        return NULL;
    for (i = 0; i < n; i++)
        w[i] = (char)tolower((unsigned char)p[i]);
    w[n] = '\0';
    return w;
}

static int by_refs(const void *a, const void *b)
{
    const struct istr *x = *(const struct istr *const *)a, *y = *(const struct istr *const *)b;
    if (x->refs != y->refs)
        return x->refs < y->refs ? 1 : -1;
    return strcmp(x->str, y->str);
}

int main(void)
{
    struct interner in = { NULL, 0, 0 };
    struct istr **all, *e;
    char line[1024], *w;
    size_t i, k, s;
    while (fgets(line, sizeof line, stdin)) {
        for (i = 0; line[i]; ) {
            while (line[i] && !isalnum((unsigned char)line[i]) && line[i] != '_')
                i++;
            s = i;
            while (isalnum((unsigned char)line[i]) || line[i] == '_')
                i++;
            if (i == s || !(w = fold_word(line + s, i - s)))
                continue;
            if (!(e = intern_take(&in, w)) || e->str != w)
                free(w);
        }
    }
    if (in.count && (all = malloc(in.count * sizeof *all)) != NULL) {
        for (i = 0, k = 0; i < in.nslots; i++)
            for (e = in.slots[i]; e; e = e->next)
                all[k++] = e;
        qsort(all, k, sizeof *all, by_refs);
        for (i = 0; i < k && i < 20; i++)
            printf("%6u %s\n", all[i]->refs, all[i]->str);
        free(all);
    }
    intern_clear(&in);
    return 0;
}
