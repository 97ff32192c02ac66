#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NBUCKETS 64

struct node {
    char *key;
    char *val;
    struct node *prev, *next;
    struct node *hnext;
};

struct lru {
    struct node *bucket[NBUCKETS];
    struct node *head, *tail;
    size_t count, cap;
};

static unsigned hash(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h % NBUCKETS;
}

static void list_unlink(struct lru *c, struct node *n)
{
    if (n->prev)
        n->prev->next = n->next;
    else
        c->head = n->next;
    if (n->next)
        n->next->prev = n->prev;
    else
        c->tail = n->prev;
    n->prev = n->next = NULL;
}

static void list_push_front(struct lru *c, struct node *n)
{
    n->prev = NULL;
    n->next = c->head;
    if (c->head)
        c->head->prev = n;
    c->head = n;
    if (!c->tail)
        c->tail = n;
}

static void hash_remove(struct lru *c, struct node *n)
{
    struct node **pp = &c->bucket[hash(n->key)];
    while (*pp && *pp != n)
        pp = &(*pp)->hnext;
    if (*pp)
        *pp = n->hnext;
}

static void node_free(struct node *n)
{
    free(n->key);
    free(n->val);
    free(n);
}

static struct node *lookup(struct lru *c, const char *key)
{
    struct node *n;
    for (n = c->bucket[hash(key)]; n; n = n->hnext)
        if (strcmp(n->key, key) == 0)
            return n;
    return NULL;
}

static void evict(struct lru *c)
{
    struct node *victim = c->tail;

    if (!victim)
        return;
    hash_remove(c, victim);
    node_free(victim);
    c->tail = victim->prev;
    if (c->tail)
        c->tail->next = NULL;
    else
        c->head = NULL;
    c->count--;
}

int lru_put(struct lru *c, const char *key, const char *val)
{
    struct node *n = lookup(c, key);
    char *v = strdup(val);

    if (!v)
        return -1;
    if (n) {
        free(n->val);
        n->val = v;
        list_unlink(c, n);
        list_push_front(c, n);
        return 0;
    }
    if (c->count >= c->cap)
        evict(c);
    n = calloc(1, sizeof(*n));
    if (!n || !(n->key = strdup(key))) {
        free(n);
        free(v);
        return -1;
    }
    n->val = v;
    n->hnext = c->bucket[hash(key)];
    c->bucket[hash(key)] = n;
    list_push_front(c, n);
    c->count++;
    return 0;
}

const char *lru_get(struct lru *c, const char *key)
{
    struct node *n = lookup(c, key);
    if (!n)
        return NULL;
    list_unlink(c, n);
    list_push_front(c, n);
    return n->val;
}

void lru_clear(struct lru *c)
{
    while (c->tail)
        evict(c);
}

int main(int argc, char **argv)
{
    struct lru c;
    char line[512], *eq, *nl;
    const char *v;
    int cap = argc > 1 ? atoi(argv[1]) : 4;

    if (cap <= 0 || cap > 100000) {
        fprintf(stderr, "invalid capacity\n");
        return 2;
    }
    memset(&c, 0, sizeof(c));
    c.cap = (size_t)cap;
    while (fgets(line, sizeof(line), stdin)) {
        if ((nl = strchr(line, '\n')))
            *nl = '\0';
        eq = strchr(line, '=');
        if (eq) {
            *eq = '\0';
            if (lru_put(&c, line, eq + 1) != 0)
                break;
        } else if (line[0]) {
            v = lru_get(&c, line);
            printf("%s -> %s\n", line, v ? v : "(none)");
        }
    }
    printf("%zu entries\n", c.count);
    lru_clear(&c);
    return 0;
}
