#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct alias {
    char *name;
    char *expansion;
    int uses;
    struct alias *next;
};

struct alias_set {
    struct alias *head;
    size_t count;
};

static char *dup_range(const char *start, const char *end)
{
    size_t n = (size_t)(end - start);
    char *s = malloc(n + 1);

    if (!s)
        return NULL;
    memcpy(s, start, n);
    s[n] = '\0';
    return s;
}

static const char *skip_space(const char *p)
{
    while (*p && isspace((unsigned char)*p))
        p++;
    return p;
}

int alias_add_line(struct alias_set *set, const char *line)
{
    const char *p = skip_space(line), *start;
    struct alias *a;

    if (*p == '\0' || *p == '#')
        return 0;
    a = calloc(1, sizeof(*a));
    if (!a)
        return -1;
    a->next = set->head;
    set->head = a;
    set->count++;
    start = p;
    while (*p && (isalnum((unsigned char)*p) || *p == '_' || *p == '-'))
        p++;
    a->name = dup_range(start, p);
    p = skip_space(p);
    if (*p != '=') {
        free(a->name);
        return -1;
    }
    p = skip_space(p + 1);
    start = p;
    p += strlen(p);
    while (p > start && isspace((unsigned char)p[-1]))
        p--;
    a->expansion = dup_range(start, p);
    return 0;
}

static const struct alias *alias_find(struct alias_set *set, const char *name)
{
    struct alias *a;

    for (a = set->head; a; a = a->next) {
        if (a->name && strcmp(a->name, name) == 0) {
            a->uses++;
            return a;
        }
    }
    return NULL;
}

static void alias_free_all(struct alias_set *set)
{
    struct alias *a = set->head, *next;

    while (a) {
        next = a->next;
        free(a->name);
        free(a->expansion);
        free(a);
        a = next;
    }
    set->head = NULL;
    set->count = 0;
}

int main(int argc, char **argv)
{
    struct alias_set set = { NULL, 0 };
    char line[512];
    char word[64];
    const struct alias *a;
    int lineno = 0, rc = 0;
    FILE *fp;

    if (argc < 2) {
        fprintf(stderr, "usage: %s ALIASFILE [NAME...]\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 2;
    }
    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        if (alias_add_line(&set, line) < 0) {
            fprintf(stderr, "%s:%d: syntax error\n", argv[1], lineno);
            rc = 1;
            break;
        }
    }
    fclose(fp);
    for (int i = 2; i < argc && rc == 0; i++) {
        snprintf(word, sizeof(word), "%s", argv[i]);
        a = alias_find(&set, word);
        printf("%s -> %s\n", word, a && a->expansion ? a->expansion : "(none)");
    }
    alias_free_all(&set);
    return rc;
}
