#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct keyset {
    char **keys;
    size_t count;
    size_t cap;
};

static int keyset_has(const struct keyset *ks, const char *key)
{
    size_t i;
    for (i = 0; i < ks->count; i++)
        if (strcmp(ks->keys[i], key) == 0)
            return 1;
    return 0;
}

static int keyset_add(struct keyset *ks, char *key)
{
    if (ks->count == ks->cap) {
        size_t nc = ks->cap ? ks->cap * 2 : 16;
        char **tmp = realloc(ks->keys, nc * sizeof(*tmp));
        if (!tmp)
            return -1;
        ks->keys = tmp;
        ks->cap = nc;
    }
    ks->keys[ks->count++] = key;
    return 0;
}

static char *extract_key(const char *line)
{
    const char *p = strchr(line, '{');
    const char *end;
    char *key;
    size_t n;

    if (line[0] != '@' || !p)
        return NULL;
    p++;
    while (isspace((unsigned char)*p))
        p++;
    end = p;
    while (*end && *end != ',' && *end != '}' && !isspace((unsigned char)*end))
        end++;
    n = (size_t)(end - p);
    if (n == 0)
        return NULL;
    key = malloc(n + 1);
    if (!key)
        return NULL;
    memcpy(key, p, n);
    key[n] = '\0';
    return key;
}

int scan_bibliography(FILE *fp, struct keyset *ks, int *dups)
{
    char line[1024];
    int entries = 0;

    while (fgets(line, sizeof(line), fp)) {
        char *key = extract_key(line);
        if (!key)
            continue;
        entries++;
        if (keyset_has(ks, key)) {
            fprintf(stderr, "duplicate key: %s\n", key);
            (*dups)++;
            continue;
        }
        if (keyset_add(ks, key) != 0) {
            free(key);
            return -1;
        }
    }
    return entries;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    struct keyset ks = { NULL, 0, 0 };
    int i, dups = 0, total = 0;
    size_t k;

    for (i = 1; i < argc; i++) {
        FILE *fp = fopen(argv[i], "r");
        int n;
        if (!fp) {
            perror(argv[i]);
            continue;
        }
        n = scan_bibliography(fp, &ks, &dups);
        fclose(fp);
        if (n > 0)
            total += n;
    }
    if (ks.count > 1)
        qsort(ks.keys, ks.count, sizeof(char *), cmp_str);
    for (k = 0; k < ks.count; k++) {
        char shown[40];
        strncpy(shown, ks.keys[k], sizeof(shown) - 1);
        shown[sizeof(shown) - 1] = '\0';
        printf("%s\n", shown);
        free(ks.keys[k]);
    }
    free(ks.keys);
    printf("%d entries, %zu unique, %d duplicate(s)\n", total, ks.count, dups);
    return 0;
}
