#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_VARS 32

struct var {
    char name[16];
    double value;
};

struct calc {
    const char *p;
    struct var vars[MAX_VARS];
    int nvars;
    int error;
};

static double parse_expr(struct calc *c);

static void skip_space(struct calc *c)
{
    while (isspace((unsigned char)*c->p))
        c->p++;
}

static struct var *find_var(struct calc *c, const char *name)
{
    int i;
    for (i = 0; i < c->nvars; i++)
        if (strcmp(c->vars[i].name, name) == 0)
            return &c->vars[i];
    return NULL;
}

static int read_ident(struct calc *c, char *buf, size_t size)
{
    size_t n = 0;
    while (isalnum((unsigned char)*c->p) || *c->p == '_') {
        if (n + 1 < size)
            buf[n++] = *c->p;
        c->p++;
    }
    buf[n] = '\0';
    return (int)n;
}

static double parse_primary(struct calc *c)
{
    char name[16];
    struct var *v;
    double val;
    char *end;

    skip_space(c);
    if (*c->p == '(') {
        c->p++;
        val = parse_expr(c);
        skip_space(c);
        if (*c->p == ')')
            c->p++;
        else
            c->error = 1;
        return val;
    }
    if (*c->p == '-') {
        c->p++;
        return -parse_primary(c);
    }
    if (isdigit((unsigned char)*c->p) || *c->p == '.') {
        val = strtod(c->p, &end);
        c->p = end;
        return val;
    }
    if (isalpha((unsigned char)*c->p) || *c->p == '_') {
        read_ident(c, name, sizeof(name));
        v = find_var(c, name);
        if (v)
            val = v->value;
        else {
            fprintf(stderr, "undefined variable '%s'\n", name);
            c->error = 1;
            val = 0.0;
        }
        return val;
    }
    c->error = 1;
    return 0.0;
}

static double parse_term(struct calc *c)
{
    double v = parse_primary(c), r;
    for (;;) {
        skip_space(c);
        if (*c->p == '*') {
            c->p++;
            v *= parse_primary(c);
        } else if (*c->p == '/') {
            c->p++;
            r = parse_primary(c);
            if (r == 0.0) {
                c->error = 1;
                return 0.0;
            }
            v /= r;
        } else {
            return v;
        }
    }
}

static double parse_expr(struct calc *c)
{
    double v = parse_term(c);
    for (;;) {
        skip_space(c);
        if (*c->p == '+') {
            c->p++;
            v += parse_term(c);
        } else if (*c->p == '-') {
            c->p++;
            v -= parse_term(c);
        } else {
            return v;
        }
    }
}

int calc_line(struct calc *c, const char *line, double *out)
{
    char name[16];
    const char *save;
    struct var *v;

    c->p = line;
    c->error = 0;
    skip_space(c);
    save = c->p;
    name[0] = '\0';
    if (isalpha((unsigned char)*c->p) && read_ident(c, name, sizeof(name)) > 0) {
        skip_space(c);
        if (*c->p != '=') {
            c->p = save;
            name[0] = '\0';
        } else {
            c->p++;
        }
    }
    *out = parse_expr(c);
    skip_space(c);
    if (c->error || (*c->p && *c->p != '\n'))
        return -1;
    if (name[0]) {
        v = find_var(c, name);
        if (!v) {
            if (c->nvars >= MAX_VARS)
                return -1;
            v = &c->vars[c->nvars++];
            strcpy(v->name, name);
        }
        v->value = *out;
    }
    return 0;
}

int main(void)
{
    static struct calc c;
    char line[256];
    double result;

    while (fgets(line, sizeof(line), stdin)) {
        if (line[0] == '\n' || line[0] == '#')
            continue;
        if (calc_line(&c, line, &result) == 0)
            printf("%g\n", result);
        else
            printf("error\n");
    }
    return 0;
}
