#include <stdlib.h>
#include <string.h>

struct vec {
    int *items;
    size_t len;
    size_t cap;
};

int vec_reserve(struct vec *v, size_t extra)
{
    size_t want = v->len + extra;
    if (want <= v->cap)
        return 0;
    int *grown = realloc(v->items, want * sizeof(int));
    if (grown == NULL)
        return -1;
    v->items = grown;
    v->cap = want;
    return 0;
}
