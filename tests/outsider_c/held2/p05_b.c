#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <ctype.h>

#define CONF_MAX_DEPTH 8

struct conf_item {
    char key[64];
    char value[256];
    struct conf_item *next;
};

struct conf {
    struct conf_item *items;
    int errors;
    int verbose;
};

static void conf_log(struct conf *c, const char *fmt, ...)
{
    va_list ap;

    c->errors++;
    fputs("conf: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static char *trim(char *s)
{
    char *e;

    while (isspace((unsigned char)*s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

static char *conf_resolve(const char *parent, const char *name)
{
    const char *slash = strrchr(parent, '/');
    size_t dlen = slash ? (size_t)(slash - parent) + 1 : 0;
    char *out;

    if (name[0] == '/')
        return strdup(name);
    out = malloc(dlen + strlen(name) + 1);
    if (out == NULL)
        return NULL;
    memcpy(out, parent, dlen);
    strcpy(out + dlen, name);
    return out;
}

static int conf_set(struct conf *c, const char *key, const char *value)
{
    struct conf_item *it = calloc(1, sizeof(*it));

    if (it == NULL)
        return -1;
    snprintf(it->key, sizeof(it->key), "%s", key);
    snprintf(it->value, sizeof(it->value), "%s", value);
    it->next = c->items;
    c->items = it;
    return 0;
}

int conf_read_file(struct conf *c, const char *path, int depth)
{
    char line[512];
    char *p, *eq, *inc;
    int lineno = 0, rc;
    FILE *fp;

    if (depth > CONF_MAX_DEPTH)
        return -1;
    fp = fopen(path, "r");
    if (fp == NULL)
        return -1;
    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        p = trim(line);
        if (*p == '\0' || *p == '#' || *p == ';')
            continue;
        if (strncmp(p, "include", 7) == 0 && isspace((unsigned char)p[7])) {
            inc = conf_resolve(path, trim(p + 8));
            if (inc == NULL)
                continue;
            rc = conf_read_file(c, inc, depth + 1);
            if (rc < 0)
                conf_log(c, "%s:%d: cannot include %s", path, lineno, inc);
           free(inc);
            continue;
        }
        eq = strchr(p, '=');
        if (eq == NULL) {
            conf_log(c, "%s:%d: expected key = value", path, lineno);
            continue;
        }
        *eq = '\0';
        conf_set(c, trim(p), trim(eq + 1));
    }
    fclose(fp);
    return 0;
}

const char *conf_get(const struct conf *c, const char *key)
{
    const struct conf_item *it;

    for (it = c->items; it; it = it->next)
        if (strcmp(it->key, key) == 0)
            return it->value;
    return NULL;
}

int main(int argc, char **argv)
{
    struct conf c = { NULL, 0, 0 };
    struct conf_item *it;
    int i;

    if (argc < 2) {
        fprintf(stderr, "usage: %s file [key...]\n", argv[0]);
        return 2;
    }
    if (conf_read_file(&c, argv[1], 0) < 0) {
        perror(argv[1]);
        return 1;
    }
    for (i = 2; i < argc; i++) {
        const char *v = conf_get(&c, argv[i]);
        printf("%s=%s\n", argv[i], v ? v : "");
    }
    while (c.items) {
        it = c.items->next;
        free(c.items);
        c.items = it;
    }
    return c.errors ? 1 : 0;
}
