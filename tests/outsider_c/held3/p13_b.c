#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CACHE_SLOTS 8

struct slot {
    char *key;
    char *val;
    unsigned long stamp;
    int used;
};

struct cache {
    struct slot s[CACHE_SLOTS];
    unsigned long clock;
    unsigned long hits, misses;
};

static struct slot *find(struct cache *c, const char *key)
{
    int i;
    for (i = 0; i < CACHE_SLOTS; i++)
        if (c->s[i].used && strcmp(c->s[i].key, key) == 0)
            return &c->s[i];
    return NULL;
}

static struct slot *victim(struct cache *c)
{
    struct slot *best = &c->s[0];
    int i;

    for (i = 0; i < CACHE_SLOTS; i++) {
        if (!c->s[i].used)
            return &c->s[i];
        if (c->s[i].stamp < best->stamp)
            best = &c->s[i];
    }
    return best;
}

static void slot_clear(struct slot *s)
{
    free(s->key);
    free(s->val);
    s->used = 0;
}

int cache_set(struct cache *c, const char *key, const char *val)
{
    struct slot *s = find(c, key);
    char *k, *v;

    k = strdup(key);
    v = strdup(val);
    if (!k || !v) {
        free(k);
        free(v);
        return -1;
    }
    if (!s) {
        s = victim(c);
        if (s->used)
            slot_clear(s);
    } else {
        slot_clear(s);
    }
    s->key = k;
    s->val = v;
    s->used = 1;
    s->stamp = ++c->clock;
    return 0;
}

const char *cache_get(struct cache *c, const char *key)
{
    struct slot *s = find(c, key);

    if (!s) {
        c->misses++;
        return NULL;
    }
    c->hits++;
    s->stamp = ++c->clock;
    return s->val;
}

int cache_del(struct cache *c, const char *key)
{
    struct slot *s = find(c, key);

    if (!s)
        return -1;
    slot_clear(s);
    return 0;
}

void cache_destroy(struct cache *c)
{
    int i;
    for (i = 0; i < CACHE_SLOTS; i++) {
        free(c->s[i].key);
        free(c->s[i].val);
    }
    memset(c, 0, sizeof(*c));
}

int main(int argc, char **argv)
{
    static struct cache c;
    char line[512], cmd[16], key[128], val[256];
    const char *v;
    FILE *in = stdin;
    int n;

    if (argc > 1 && !(in = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), in)) {
        n = sscanf(line, "%15s %127s %255[^\n]", cmd, key, val);
        if (n < 2)
            continue;
        if (strcmp(cmd, "set") == 0 && n == 3) {
            if (cache_set(&c, key, val) != 0)
                break;
        } else if (strcmp(cmd, "get") == 0) {
            v = cache_get(&c, key);
            printf("%s = %s\n", key, v ? v : "(miss)");
        } else if (strcmp(cmd, "del") == 0) {
            printf("%s %s\n", key, cache_del(&c, key) == 0 ? "deleted" : "not found");
        }
    }
    if (in != stdin)
        fclose(in);
    printf("hits=%lu misses=%lu\n", c.hits, c.misses);
    cache_destroy(&c);
    return 0;
}
