#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cookie {
    char *domain;
    char *name;
    char *value;
    bool secure;
};

struct cookie_jar {
    struct cookie *items;
    size_t count;
    size_t cap;
};

enum jar_err { JAR_OK = 0, JAR_ERR_SYNTAX, JAR_ERR_NOMEM };

static void cookie_clear(struct cookie *c)
{
    free(c->domain);
    free(c->name);
    free(c->value);
}

void jar_free(struct cookie_jar *jar)
{
    for (size_t i = 0; i < jar->count; i++)
        cookie_clear(&jar->items[i]);
    free(jar->items);
    *jar = (struct cookie_jar){ .items = NULL };
}

struct cookie *jar_find(struct cookie_jar *jar, const char *domain, const char *name)
{
    for (size_t i = 0; i < jar->count; i++) {
        struct cookie *c = &jar->items[i];
        if (strcmp(c->domain, domain) == 0 && strcmp(c->name, name) == 0)
            return c;
    }
    return NULL;
}

static enum jar_err jar_store(struct cookie_jar *jar, const char *domain, const char *header)
{
    const char *eq = strchr(header, '=');
    if (!eq || eq == header)
        return JAR_ERR_SYNTAX;
    const size_t vlen = strcspn(eq + 1, ";");
    char *name = strndup(header, (size_t)(eq - header));
    char *value = strndup(eq + 1, vlen);
    if (!name || !value)
        goto nomem;
    const bool secure = strstr(eq + 1 + vlen, "Secure") != NULL;
    struct cookie *c = jar_find(jar, domain, name);
    if (c) {
        free(name);
        free(c->value);
        c->value = value;
        c->secure = secure;
        return JAR_OK;
    }
    if (jar->count == jar->cap) {
        const size_t ncap = jar->cap ? jar->cap * 2 : 4;
        struct cookie *grown = realloc(jar->items, ncap * sizeof *grown);
        if (!grown)
            goto nomem;
        jar->items = grown;
        jar->cap = ncap;
    }
    char *d = strdup(domain);
    if (!d)
        goto nomem;
    jar->items[jar->count++] = (struct cookie){ .domain = d, .name = name, .value = value, .secure = secure };
    return JAR_OK;
nomem:
    free(name);
    free(value);
    return JAR_ERR_NOMEM;
}

int jar_apply_response(struct cookie_jar *jar, const char *domain, char **headers, size_t n)
{
    struct cookie *sess = jar_find(jar, domain, "SID");
    int stored = 0;
    for (size_t i = 0; i < n; i++) {
        if (jar_store(jar, domain, headers[i]) == JAR_OK)
            stored++;
    }
    if (sess && strcmp(sess->value, jar_find(jar, domain, "SID")->value) != 0)
        printf("session rotated for %s\n", domain);
    return stored;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s domain < headers\n", argv[0]);
        return 2;
    }
    struct cookie_jar jar = { .items = NULL, .count = 0, .cap = 0 };
    char *batch[32];
    size_t nb = 0;
    char line[512];
    bool eof = false;
    while (!eof) {
        eof = fgets(line, sizeof line, stdin) == NULL;
        if (!eof)
            line[strcspn(line, "\r\n")] = '\0';
        if ((eof || line[0] == '\0' || nb == 32) && nb > 0) {
            printf("stored %d\n", jar_apply_response(&jar, argv[1], batch, nb));
            for (size_t i = 0; i < nb; i++)
                free(batch[i]);
            nb = 0;
        }
        if (!eof && line[0] != '\0') {
            batch[nb] = strdup(line);
            if (batch[nb])
                nb++;
        }
    }
    for (size_t i = 0; i < jar.count; i++) {
        char out[600];
        snprintf(out, sizeof out, "%s\t%s=%s%s", jar.items[i].domain, jar.items[i].name,
                 jar.items[i].value, jar.items[i].secure ? "\tsecure" : "");
        puts(out);
    }
    jar_free(&jar);
    return 0;
}
