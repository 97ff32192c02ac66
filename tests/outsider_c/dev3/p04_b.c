#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct ini_entry {
    char *section;
    char *key;
    char *value;
    struct ini_entry *next;
};

struct ini_file {
    struct ini_entry *head;
    struct ini_entry **tail;
    int errors;
};

static char *trim(char *s)
{
    char *end;

    while (isspace((unsigned char)*s))
        s++;
    end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        end--;
    *end = '\0';
    return s;
}

static int parse_section(const char *p, char *out, size_t outsz)
{
    const char *end = strchr(p, ']');
    size_t len;

    if (!end)
        return -1;
    len = (size_t)(end - p);
    if (len > outsz)
        return -1;
    memcpy(out, p, len);
    out[len] = '\0';
    return 0;
}

static int ini_add(struct ini_file *ini, const char *section, const char *key, const char *value)
{
    struct ini_entry *e = calloc(1, sizeof(*e));

    if (!e)
        return -1;
    e->section = strdup(section);
    e->key = strdup(key);
    e->value = strdup(value);
    if (!e->section || !e->key || !e->value) {
        free(e->section);
        free(e->key);
        free(e->value);
        free(e);
        return -1;
    }
    *ini->tail = e;
    ini->tail = &e->next;
    return 0;
}

int ini_load(struct ini_file *ini, FILE *fp)
{
    char line[256];
    char section[32];
    int lineno = 0;

    ini->head = NULL;
    ini->tail = &ini->head;
    ini->errors = 0;
    strcpy(section, "global");
    while (fgets(line, sizeof(line), fp)) {
        char *p = trim(line);
        char *eq;

        lineno++;
        if (*p == '\0' || *p == ';' || *p == '#')
            continue;
        if (*p == '[') {
            if (parse_section(p + 1, section, sizeof(section)) < 0) {
                fprintf(stderr, "line %d: invalid section header\n", lineno);
                ini->errors++;
            }
            continue;
        }
        eq = strchr(p, '=');
        if (!eq) {
            ini->errors++;
            continue;
        }
        *eq = '\0';
        if (ini_add(ini, section, trim(p), trim(eq + 1)) < 0)
            return -1;
    }
    return ini->errors;
}

const char *ini_get(const struct ini_file *ini, const char *section, const char *key)
{
    const struct ini_entry *e;

    for (e = ini->head; e; e = e->next) {
        if (strcmp(e->section, section) == 0 && strcmp(e->key, key) == 0)
            return e->value;
    }
    return NULL;
}

static void ini_free(struct ini_file *ini)
{
    struct ini_entry *e = ini->head, *next;

    while (e) {
        next = e->next;
        free(e->section);
        free(e->key);
        free(e->value);
        free(e);
        e = next;
    }
    ini->head = NULL;
}

int main(int argc, char **argv)
{
    struct ini_file ini;
    const struct ini_entry *e;
    FILE *fp;

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [SECTION KEY]\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    if (ini_load(&ini, fp) < 0) {
        fclose(fp);
        return 1;
    }
    fclose(fp);
    if (argc > 3) {
        const char *v = ini_get(&ini, argv[2], argv[3]);
        printf("%s\n", v ? v : "(unset)");
    } else {
        for (e = ini.head; e; e = e->next)
            printf("%s.%s=%s\n", e->section, e->key, e->value);
    }
    ini_free(&ini);
    return 0;
}
