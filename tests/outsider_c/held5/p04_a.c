#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 8

enum exp_err { EXP_OK = 0, EXP_ERR_NOMEM, EXP_ERR_SYNTAX, EXP_ERR_NAME, EXP_ERR_DEPTH };

struct var {
    char *name;
    char *value;
};

struct vartab {
    struct var *v;
    size_t n, cap;
};

struct strbuf {
    char *s;
    size_t len, cap;
};

static bool sb_put(struct strbuf *b, const char *p, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t ncap = b->cap ? b->cap : 64;
        while (ncap < b->len + n + 1)
            ncap *= 2;
        char *g = realloc(b->s, ncap);
        if (!g)
            return false;
        b->s = g;
        b->cap = ncap;
    }
    memcpy(b->s + b->len, p, n);
    b->len += n;
    b->s[b->len] = '\0';
    return true;
}

static const char *var_lookup(const struct vartab *t, const char *name)
{
    for (size_t i = t->n; i > 0; i--)
        if (strcmp(t->v[i - 1].name, name) == 0)
            return t->v[i - 1].value;
    return getenv(name);
}

static bool var_set(struct vartab *t, const char *name, size_t nlen, const char *value)
{
    if (t->n == t->cap) {
        const size_t ncap = t->cap ? t->cap * 2 : 8;
        struct var *g = realloc(t->v, ncap * sizeof *g);
        if (!g)
            return false;
        t->v = g;
        t->cap = ncap;
    }
    char *n = strndup(name, nlen);
    char *v = strdup(value);
    if (!n || !v) {
        free(n);
        free(v);
        return false;
    }
    t->v[t->n++] = (struct var){ .name = n, .value = v };
    return true;
}

enum exp_err expand(const struct vartab *t, const char *in, struct strbuf *out, int depth)
{
    if (depth > MAX_DEPTH)
        return EXP_ERR_DEPTH;
    while (*in) {
        if (in[0] != '$' || (in[1] != '(' && in[1] != '{')) {
            const size_t run = strcspn(in + 1, "$") + 1;
            if (!sb_put(out, in, run))
                return EXP_ERR_NOMEM;
            in += run;
            continue;
        }
        const char close = in[1] == '(' ? ')' : '}';
        const char *start = in + 2;
        const char *end = strchr(start, close);
        if (!end)
            return EXP_ERR_SYNTAX;
        char name[64];
        const size_t len = (size_t)(end - start);
        if (len >= sizeof name)
            return EXP_ERR_NAME;
        memcpy(name, start, len);
        name[len] = '\0';
        const char *val = var_lookup(t, name);
        if (val) {
            const enum exp_err e = expand(t, val, out, depth + 1);
            if (e != EXP_OK)
                return e;
        }
        in = end + 1;
    }
    return EXP_OK;
}

int main(int argc, char **argv)
{
    FILE *fp = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    struct vartab vars = { .v = NULL, .n = 0, .cap = 0 };
    char line[1024];
    int rc = 0;
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\n")] = '\0';
        char *eq = strchr(line, '=');
        if (eq && eq > line && line[0] != '\t') {
            char *ne = eq;
            while (ne > line && isspace((unsigned char)ne[-1]))
                ne--;
            const char *val = eq + 1;
            while (isspace((unsigned char)*val))
                val++;
            if (!var_set(&vars, line, (size_t)(ne - line), val)) {
                rc = 1;
                break;
            }
            continue;
        }
        struct strbuf out = { .s = NULL, .len = 0, .cap = 0 };
        const enum exp_err e = expand(&vars, line, &out, 0);
        if (e == EXP_OK)
            printf("%s\n", out.s ? out.s : "");
        else
            fprintf(stderr, "expand error %d: %s\n", (int)e, line);
        free(out.s);
    }
    for (size_t i = 0; i < vars.n; i++) {
        free(vars.v[i].name);
        free(vars.v[i].value);
    }
    free(vars.v);
    if (fp != stdin)
        fclose(fp);
    return rc;
}
