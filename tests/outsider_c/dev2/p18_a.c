#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define POOL_INIT 128

struct strpool {
    char *data;
    size_t len;
    size_t cap;
};

struct ini_entry {
    size_t section;
    size_t key;
    size_t value;
    unsigned line;
};

struct ini_file {
    struct strpool pool;
    struct ini_entry *ents;
    size_t count;
    size_t cap;
};

static long pool_add(struct strpool *sp, const char *s, size_t n)
{
    size_t off;

    if (sp->len + n + 1 > sp->cap) {
        size_t ncap = sp->cap ? sp->cap : POOL_INIT;
        char *nd;

        while (ncap < sp->len + n + 1)
            ncap *= 2;
        nd = realloc(sp->data, ncap);
        if (!nd)
            return -1;
        sp->data = nd;
        sp->cap = ncap;
    }
    off = sp->len;
    memcpy(sp->data + off, s, n);
    sp->data[off + n] = '\0';
    sp->len += n + 1;
    return (long)off;
}

static void trim(const char **s, const char **e)
{
    while (*s < *e && isspace((unsigned char)**s))
        (*s)++;
    while (*e > *s && isspace((unsigned char)(*e)[-1]))
        (*e)--;
}

static int ini_add(struct ini_file *ini, size_t sec, const char *k, size_t kn,
                   const char *v, size_t vn, unsigned line)
{
    struct ini_entry *e;
    long key, value;

    if (ini->count == ini->cap) {
        size_t ncap = ini->cap ? ini->cap * 2 : 16;
        struct ini_entry *ne = realloc(ini->ents, ncap * sizeof(*ne));

        if (!ne)
            return -1;
        ini->ents = ne;
        ini->cap = ncap;
    }
    key = pool_add(&ini->pool, k, kn);
    value = pool_add(&ini->pool, v, vn);
    if (key < 0 || value < 0)
        return -1;
    e = &ini->ents[ini->count++];
    e->section = sec;
    e->key = (size_t)key;
    e->value = (size_t)value;
    e->line = line;
    return 0;
}

int ini_parse(struct ini_file *ini, FILE *fp)
{
    char buf[1024];
    size_t sec;
    long off;
    unsigned line = 0;

    off = pool_add(&ini->pool, "", 0);
    if (off < 0)
        return -1;
    sec = (size_t)off;
    while (fgets(buf, sizeof(buf), fp)) {
        const char *s = buf, *e = buf + strlen(buf), *eq;

        line++;
        trim(&s, &e);
        if (s == e || *s == ';' || *s == '#')
            continue;
        if (*s == '[') {
            if (e[-1] != ']' || e - s < 3)
                return -1;
            off = pool_add(&ini->pool, s + 1, (size_t)(e - s - 2));
            if (off < 0)
                return -1;
            sec = (size_t)off;
            continue;
        }
        eq = memchr(s, '=', (size_t)(e - s));
        if (!eq) {
            fprintf(stderr, "line %u: expected key = value\n", line);
            return -1;
        }
        {
            const char *ks = s, *ke = eq, *vs = eq + 1, *ve = e;

            trim(&ks, &ke);
            trim(&vs, &ve);
            if (ini_add(ini, sec, ks, (size_t)(ke - ks), vs, (size_t)(ve - vs), line) != 0)
                return -1;
        }
    }
    return 0;
}

const char *ini_get(const struct ini_file *ini, const char *section, const char *key)
{
    size_t i;

    for (i = 0; i < ini->count; i++) {
        const struct ini_entry *e = &ini->ents[i];

        if (strcmp(ini->pool.data + e->section, section) == 0 &&
            strcmp(ini->pool.data + e->key, key) == 0)
            return ini->pool.data + e->value;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    struct ini_file ini;
    FILE *fp;
    const char *v;
    int i, rc = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s file.ini section.key...\n", argv[0]);
        return 2;
    }
    memset(&ini, 0, sizeof(ini));
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    if (ini_parse(&ini, fp) != 0) {
        fprintf(stderr, "%s: parse error\n", argv[1]);
        rc = 1;
    }
    fclose(fp);
    for (i = 2; i < argc && rc == 0; i++) {
        char sect[128];
        const char *dot = strrchr(argv[i], '.');
        size_t n = dot ? (size_t)(dot - argv[i]) : 0;

        if (n >= sizeof(sect))
            continue;
        memcpy(sect, argv[i], n);
        sect[n] = '\0';
        v = ini_get(&ini, sect, dot ? dot + 1 : argv[i]);
        printf("%s=%s\n", argv[i], v ? v : "(unset)");
    }
    free(ini.ents);
    free(ini.pool.data);
    return rc;
}
