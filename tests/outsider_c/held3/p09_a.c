#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct env_var {
    char *key;
    char *value;
    struct env_var *next;
};

struct env_file {
    struct env_var *head;
    int count;
};

static char *trim(char *s)
{
    char *end;

    while (isspace((unsigned char)*s))
        s++;
    end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        *--end = '\0';
    return s;
}

static int valid_key(const char *k)
{
    if (!isalpha((unsigned char)*k) && *k != '_')
        return 0;
    for (k++; *k; k++)
        if (!isalnum((unsigned char)*k) && *k != '_')
            return 0;
    return 1;
}

static char *unquote(char *v)
{
    size_t n = strlen(v);

    if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
        v[n - 1] = '\0';
        return v + 1;
    }
    return v;
}

int env_set(struct env_file *ef, const char *key, const char *value)
{
    struct env_var *v;

    for (v = ef->head; v; v = v->next) {
        if (strcmp(v->key, key) == 0) {
            v->value = strdup(value);
            return v->value ? 0 : -1;
        }
    }
    v = calloc(1, sizeof(*v));
    if (!v)
        return -1;
    v->key = strdup(key);
    v->value = strdup(value);
    if (!v->key || !v->value) {
        free(v->key);
        free(v->value);
        free(v);
        return -1;
    }
    v->next = ef->head;
    ef->head = v;
    ef->count++;
    return 0;
}

int env_load(struct env_file *ef, FILE *f)
{
    char line[1024];
    char *p, *eq, *key;
    int lineno = 0, errors = 0;

    while (fgets(line, sizeof(line), f)) {
        lineno++;
        p = trim(line);
        if (*p == '\0' || *p == '#')
            continue;
        if (strncmp(p, "export ", 7) == 0)
            p = trim(p + 7);
        eq = strchr(p, '=');
        if (!eq) {
            fprintf(stderr, "line %d: missing '='\n", lineno);
            errors++;
            continue;
        }
        *eq = '\0';
        key = trim(p);
        if (!valid_key(key)) {
            fprintf(stderr, "line %d: invalid name '%s'\n", lineno, key);
            errors++;
            continue;
        }
        if (env_set(ef, key, unquote(trim(eq + 1))) != 0)
            return -1;
    }
    return errors;
}

void env_free(struct env_file *ef)
{
    struct env_var *v = ef->head, *next;

    while (v) {
        next = v->next;
        free(v->key);
        free(v->value);
        free(v);
        v = next;
    }
    ef->head = NULL;
    ef->count = 0;
}

int main(int argc, char **argv)
{
    struct env_file ef = { NULL, 0 };
    struct env_var *v;
    FILE *f;
    int rc;

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [NAME]\n", argv[0]);
        return 2;
    }
    f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    rc = env_load(&ef, f);
    fclose(f);
    for (v = ef.head; v; v = v->next)
        if (argc < 3 || strcmp(argv[2], v->key) == 0)
            printf("%s=%s\n", v->key, v->value);
    fprintf(stderr, "%d variables, %d errors\n", ef.count, rc < 0 ? 0 : rc);
    env_free(&ef);
    return rc < 0;
}
