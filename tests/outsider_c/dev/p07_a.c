#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CACHE_DEFAULT_CAP 8

struct entry {
    char *key;
    char *value;
    struct entry *prev;
    struct entry *next;
};

struct cache {
    struct entry *head;
    struct entry *tail;
    size_t count;
    size_t capacity;
    size_t bytes;
};

static void list_unlink(struct cache *c, struct entry *e)
{
    if (e->prev)
        e->prev->next = e->next;
    else
        c->head = e->next;
    if (e->next)
        e->next->prev = e->prev;
    else
        c->tail = e->prev;
    e->prev = e->next = NULL;
}

static void list_push_front(struct cache *c, struct entry *e)
{
    e->prev = NULL;
    e->next = c->head;
    if (c->head)
        c->head->prev = e;
    c->head = e;
    if (c->tail == NULL)
        c->tail = e;
}

static void entry_free(struct entry *e)
{
    free(e->key);
    free(e->value);
    free(e);
}

static void cache_evict(struct cache *c)
{
    struct entry *victim = c->tail;

    if (victim == NULL)
        return;
    list_unlink(c, victim);
    c->count--;
    entry_free(victim);
    c->bytes -= strlen(victim->key) + strlen(victim->value);
}

static struct entry *cache_find(struct cache *c, const char *key)
{
    struct entry *e;

    for (e = c->head; e != NULL; e = e->next) {
        if (strcmp(e->key, key) == 0)
            return e;
    }
    return NULL;
}

const char *cache_get(struct cache *c, const char *key)
{
    struct entry *e = cache_find(c, key);

    if (e == NULL)
        return NULL;
    list_unlink(c, e);
    list_push_front(c, e);
    return e->value;
}

int cache_put(struct cache *c, const char *key, const char *value)
{
    struct entry *e = cache_find(c, key);
    char *v = strdup(value);

    if (v == NULL)
        return -1;
    if (e != NULL) {
        c->bytes -= strlen(e->value);
        free(e->value);
        e->value = v;
        c->bytes += strlen(v);
        list_unlink(c, e);
        list_push_front(c, e);
        return 0;
    }
    e = calloc(1, sizeof(*e));
    if (e == NULL || (e->key = strdup(key)) == NULL) {
        free(e);
        free(v);
        return -1;
    }
    e->value = v;
    if (c->count >= c->capacity)
        cache_evict(c);
    list_push_front(c, e);
    c->count++;
    c->bytes += strlen(key) + strlen(v);
    return 0;
}

int main(int argc, char **argv)
{
    struct cache c = { NULL, NULL, 0, CACHE_DEFAULT_CAP, 0 };
    char line[512], key[128], value[256];
    const char *v;

    if (argc > 1 && atoi(argv[1]) > 0)
        c.capacity = (size_t)atoi(argv[1]);
    while (fgets(line, sizeof(line), stdin) != NULL) {
        if (sscanf(line, "put %127s %255s", key, value) == 2) {
            if (cache_put(&c, key, value) != 0)
                fprintf(stderr, "out of memory\n");
        } else if (sscanf(line, "get %127s", key) == 1) {
            v = cache_get(&c, key);
            printf("%s\n", v ? v : "(miss)");
        } else if (strncmp(line, "stats", 5) == 0) {
            printf("entries=%zu bytes=%zu\n", c.count, c.bytes);
        }
    }
    while (c.tail != NULL)
        cache_evict(&c);
    return 0;
}
