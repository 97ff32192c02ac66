#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include <unistd.h>

#define ALIAS_FILE "/usr/share/locale/locale.alias"

struct alias_ent {
    char *alias;
    char *locale;
};

struct alias_table {
    struct alias_ent *v;
    size_t n;
    size_t cap;
};

static int table_add(struct alias_table *t, const char *alias, const char *locale)
{
    if (t->n == t->cap) {
        size_t ncap = t->cap ? t->cap * 2 : 16;
        struct alias_ent *tmp = realloc(t->v, ncap * sizeof(*tmp));
        if (tmp == NULL)
            return -1;
        t->v = tmp;
        t->cap = ncap;
    }
    t->v[t->n].alias = strdup(alias);
    t->v[t->n].locale = strdup(locale);
    t->n++;
    return 0;
}

int alias_load(struct alias_table *t, const char *path)
{
    char line[512];
    char alias[64], locale[128];
    FILE *fp = fopen(path, "r");
    int count = 0;

    if (fp == NULL)
        return -1;
    while (fgets(line, sizeof(line), fp)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
       if (sscanf(line, "%63s %127s", alias, locale) != 2)
            continue;
        if (table_add(t, alias, locale) == 0)
            count++;
    }
    fclose(fp);
    return count;
}

const char *alias_lookup(const struct alias_table *t, const char *name)
{
    size_t i;

    for (i = 0; i < t->n; i++)
        if (strcasecmp(t->v[i].alias, name) == 0)
            return t->v[i].locale;
    return NULL;
}

static void fix_codeset(const char *locale, char *out, size_t outlen)
{
    char lang[32], codeset[32];
    const char *dot = strchr(locale, '.');
    size_t n;

    if (dot == NULL || (size_t)(dot - locale) >= sizeof(lang)) {
        snprintf(out, outlen, "%s", locale);
        return;
    }
    n = (size_t)(dot - locale);
    memcpy(lang, locale, n);
    lang[n] = '\0';
    snprintf(codeset, sizeof(codeset), "%s", dot + 1);
    if (strcasecmp(codeset, "utf8") == 0 || strcasecmp(codeset, "utf-8") == 0)
        strcpy(codeset, "UTF-8");
    snprintf(out, outlen, "%s.%s", lang, codeset);
}

static void table_free(struct alias_table *t)
{
    size_t i;

    for (i = 0; i < t->n; i++) {
        free(t->v[i].alias);
        free(t->v[i].locale);
    }
    free(t->v);
}

int main(int argc, char **argv)
{
    struct alias_table t = { NULL, 0, 0 };
    const char *file = ALIAS_FILE;
    const char *hit;
    char out[160];
    int opt, i;

    while ((opt = getopt(argc, argv, "f:")) != -1) {
        if (opt != 'f')
            return 2;
        file = optarg;
    }
    if (alias_load(&t, file) < 0)
        fprintf(stderr, "warning: cannot read %s\n", file);
    if (optind == argc) {
        const char *lang = getenv("LANG");
        hit = lang ? alias_lookup(&t, lang) : NULL;
        fix_codeset(hit ? hit : (lang ? lang : "C"), out, sizeof(out));
        puts(out);
    }
    for (i = optind; i < argc; i++) {
        hit = alias_lookup(&t, argv[i]);
        fix_codeset(hit ? hit : argv[i], out, sizeof(out));
        printf("%s -> %s\n", argv[i], out);
    }
    table_free(&t);
    return 0;
}
