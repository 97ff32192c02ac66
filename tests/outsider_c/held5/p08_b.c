#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NEST 32

enum yerr { Y_OK = 0, Y_ERR_NOMEM, Y_ERR_INDENT, Y_ERR_SYNTAX };

struct ynode {
    char *key;
    char *value;
    struct ynode **kids;
    size_t nkids, cap;
};

static struct ynode *node_new(const char *key, size_t klen, const char *value)
{
    struct ynode *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    n->key = strndup(key, klen);
    n->value = value && *value ? strdup(value) : NULL;
    if (!n->key || (value && *value && !n->value)) {
        free(n->key);
        free(n->value);
        free(n);
        return NULL;
    }
    return n;
}

static void node_free(struct ynode *n)
{
    if (!n)
        return;
    for (size_t i = 0; i < n->nkids; i++)
        node_free(n->kids[i]);
    free(n->kids);
    free(n->key);
    free(n->value);
    free(n);
}

static bool node_add(struct ynode *parent, struct ynode *kid)
{
    if (parent->nkids == parent->cap) {
        const size_t ncap = parent->cap ? parent->cap * 2 : 4;
        struct ynode **g = realloc(parent->kids, ncap * sizeof *g);
        if (!g)
            return false;
        parent->kids = g;
        parent->cap = ncap;
    }
    parent->kids[parent->nkids++] = kid;
    return true;
}

static struct ynode *node_find(const struct ynode *parent, const char *key, size_t klen)
{
    for (size_t i = 0; i < parent->nkids; i++) {
        const struct ynode *k = parent->kids[i];
        if (strlen(k->key) == klen && strncmp(k->key, key, klen) == 0)
            return parent->kids[i];
    }
    return NULL;
}

enum yerr yaml_parse(FILE *fp, struct ynode *root)
{
    struct ynode *stack[MAX_NEST] = { root };
    int indents[MAX_NEST] = { -1 };
    size_t depth = 1;
    char line[512];
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n#")] = '\0';
        int ind = 0;
        while (line[ind] == ' ')
            ind++;
        if (line[ind] == '\0')
            continue;
        char *colon = strchr(line + ind, ':');
        if (!colon)
            return Y_ERR_SYNTAX;
        const char *val = colon + 1;
        while (isspace((unsigned char)*val))
            val++;
        while (depth > 1 && indents[depth - 1] >= ind)
            depth--;
        struct ynode *n = node_new(line + ind, (size_t)(colon - line - ind), val);
        if (!n)
            return Y_ERR_NOMEM;
        if (!node_add(stack[depth - 1], n)) {
            node_free(n);
            return Y_ERR_NOMEM;
        }
        if (depth == MAX_NEST)
            return Y_ERR_INDENT;
        stack[depth] = n;
        indents[depth] = ind;
        depth++;
    }
    return Y_OK;
}

const char *yaml_get(const struct ynode *root, const char *path)
{
    const struct ynode *n = root;
    while (*path) {
        const size_t seg = strcspn(path, ".");
        n = node_find(n, path, seg);
        if (!n)
            return NULL;
        path += seg;
        if (*path == '.')
            path++;
    }
    return n->value;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s file.yml key.path...\n", argv[0]);
        return 2;
    }
    FILE *fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    struct ynode *root = node_new("", 0, NULL);
    if (!root) {
        fclose(fp);
        return 1;
    }
    const enum yerr e = yaml_parse(fp, root);
    fclose(fp);
    if (e != Y_OK) {
        fprintf(stderr, "parse error %d\n", (int)e);
        node_free(root);
        return 1;
    }
    for (int i = 2; i < argc; i++) {
        const char *v = yaml_get(root, argv[i]);
        printf("%s = %s\n", argv[i], v ? v : "(null)");
    }
    node_free(root);
    return 0;
}
