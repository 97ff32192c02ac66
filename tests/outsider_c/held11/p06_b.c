#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_MACROS 64
#define MAX_DEPTH 8

struct sbuf {
    char *p;
    size_t n, cap;
};

struct macro {
    char name[32];
    char *body;
    size_t blen;
};

struct expander {
    struct macro tab[MAX_MACROS];
    int nmacros;
};

static int sb_put(struct sbuf *sb, const char *p, size_t k)
{
    if (sb->n + k + 1 > sb->cap) {
        size_t nc = sb->cap ? sb->cap * 2 : 64;
        char *q;
        while (nc < sb->n + k + 1)
            nc *= 2;
        q = realloc(sb->p, nc);
        if (!q)
            return -1;
        sb->p = q;
        sb->cap = nc;
    }
    memcpy(sb->p + sb->n, p, k);
    sb->n += k;
    sb->p[sb->n] = '\0';
    return 0;
}

static struct macro *find_macro(struct expander *ex, const char *p, size_t n)
{
    int i;
    for (i = 0; i < ex->nmacros; i++)
        if (strlen(ex->tab[i].name) == n && memcmp(ex->tab[i].name, p, n) == 0)
            return &ex->tab[i];
    return NULL;
}

static int define(struct expander *ex, const char *line)
{
    char name[32];
    const char *body;
    struct macro *m;
    if (sscanf(line, "%31s", name) != 1)
        return -1;
    body = strstr(line, name) + strlen(name);
    while (*body == ' ' || *body == '\t')
        body++;
    m = find_macro(ex, name, strlen(name));
    if (!m) {
        if (ex->nmacros >= MAX_MACROS)
            return -1;
        m = &ex->tab[ex->nmacros++];
        strcpy(m->name, name);
    } else {
        free(m->body);
    }
    m->blen = strcspn(body, "\r\n");
    if (!(m->body = malloc(m->blen + 1)))
        return -1;
    memcpy(m->body, body, m->blen);
    m->body[m->blen] = '\0';
    return 0;
}

static int expand(struct expander *ex, const char *p, size_t n, struct sbuf *out, int depth)
{
    size_t i = 0, s;
    struct macro *m;
    while (i < n) {
        switch (p[i]) {
        case '$':
            s = ++i;
            while (i < n && (isalnum((unsigned char)p[i]) || p[i] == '_'))
                i++;
            m = find_macro(ex, p + s, i - s);
            if (m && depth < MAX_DEPTH) {
                if (expand(ex, m->body, m->blen, out, depth + 1) < 0)
                    return -1;
            } else if (sb_put(out, p + s - 1, i - s + 1) < 0) {
                return -1;
            }
            break;
        case '\\':
            if (i + 1 < n)
                i++;
            if (sb_put(out, p + i, 1) < 0)
                return -1;
            i++;
            break;
        default:
            s = i;
            while (i < n && p[i] != '$' && p[i] != '\\')
                i++;
            if (sb_put(out, p + s, i - s) < 0)
                return -1;
            break;
        }
    }
    return 0;
}

int expand_stream(struct expander *ex, FILE *in, FILE *out)
{
    char line[1024];
    struct sbuf sb = { NULL, 0, 0 };
    while (fgets(line, sizeof line, in)) {
        if (strncmp(line, "%define ", 8) == 0) {
            if (define(ex, line + 8) < 0)
                fprintf(stderr, "invalid definition: %s", line);
            continue;
        }
        sb.n = 0;
        if (expand(ex, line, strlen(line), &sb, 0) < 0)
            break;
        fputs(sb.p ? sb.p : "", out);
    }
    free(sb.p);
    return 0;
}

int main(void)
{
    static struct expander ex;
    int i;
    expand_stream(&ex, stdin, stdout);
    for (i = 0; i < ex.nmacros; i++)
        free(ex.tab[i].body);
    return 0;
}
