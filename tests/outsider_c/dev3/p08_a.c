#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NBUCKETS 16

struct entry {
    char *key;
    char *val;
    struct entry *next;
};

struct table {
    struct entry *buckets[NBUCKETS];
    size_t size;
};

static unsigned long hash_str(const char *s)
{
    unsigned long h = 5381;

    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h;
}

static struct entry **find_slot(struct table *t, const char *key)
{
    struct entry **pp = &t->buckets[hash_str(key) % NBUCKETS];

    while (*pp && strcmp((*pp)->key, key) != 0)
        pp = &(*pp)->next;
    return pp;
}

static void entry_free(struct entry *e)
{
    free(e->key);
    free(e->val);
    free(e);
}

int table_set(struct table *t, const char *key, const char *val)
{
    struct entry **pp = find_slot(t, key);
    char *v = strdup(val);

    if (!v)
        return -1;
    if (*pp) {
        free((*pp)->val);
        (*pp)->val = v;
        return 0;
    }
    *pp = calloc(1, sizeof(**pp));
    if (!*pp || !((*pp)->key = strdup(key))) {
        free(*pp);
        *pp = NULL;
        free(v);
        return -1;
    }
    (*pp)->val = v;
    t->size++;
    return 0;
}

const char *table_get(struct table *t, const char *key)
{
    struct entry *e = *find_slot(t, key);

    return e ? e->val : NULL;
}

int table_del(struct table *t, const char *key)
{
    struct entry **pp = find_slot(t, key);
    struct entry *e = *pp;

    if (!e)
        return -1;
    entry_free(e);
    *pp = e->next;
    t->size--;
    return 0;
}

static void table_clear(struct table *t)
{
    size_t i;
    struct entry *e, *next;

    for (i = 0; i < NBUCKETS; i++) {
        for (e = t->buckets[i]; e; e = next) {
            next = e->next;
            entry_free(e);
        }
        t->buckets[i] = NULL;
    }
    t->size = 0;
}

static void run_line(struct table *t, char *line)
{
    char cmd[8], key[64], val[128];
    const char *v;
    int n;

    n = sscanf(line, "%7s %63s %127[^\n]", cmd, key, val);
    if (n < 2)
        return;
    if (strcmp(cmd, "set") == 0 && n == 3) {
        if (table_set(t, key, val) < 0)
            fprintf(stderr, "set %s failed\n", key);
    } else if (strcmp(cmd, "get") == 0) {
        v = table_get(t, key);
        printf("%s = %s\n", key, v ? v : "(nil)");
    } else if (strcmp(cmd, "del") == 0) {
        if (table_del(t, key) < 0)
            printf("%s not found\n", key);
    }
}

int main(int argc, char **argv)
{
    struct table t;
    char line[256];
    FILE *fp = stdin;

    memset(&t, 0, sizeof(t));
    if (argc > 1 && (fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp))
        run_line(&t, line);
    printf("%zu entries\n", t.size);
    table_clear(&t);
    if (fp != stdin)
        fclose(fp);
    return 0;
}
