#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <math.h>

#define LINELEN 512

struct solver_cfg {
    double x0;
    double tol;
    int max_iter;
    double step;
    char *title;
    char *output;
};

static char line[LINELEN];

static void die(const char *msg, int n)
{
    fprintf(stderr, "newtoncfg: %s (line %d)\n", msg, n);
    exit(1);
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

static char *unquote(const char *v)
{
    size_t len = strlen(v), n;
    char *out;

    if (v[0] != '"')
        return strdup(v);
    if (len < 2 || v[len - 1] != '"')
        return NULL;
    n = len - 2;
    out = malloc(n + 1);
    if (!out)
        return NULL;
    memcpy(out, v + 1, n);
    out[n] = '\0';
    return out;
}

static void set_key(struct solver_cfg *c, const char *key, const char *val, int lineno)
{
    if (strcmp(key, "x0") == 0)
        c->x0 = atof(val);
    else if (strcmp(key, "tolerance") == 0)
        c->tol = atof(val);
    else if (strcmp(key, "max_iter") == 0)
        c->max_iter = atoi(val);
    else if (strcmp(key, "step") == 0)
        c->step = atof(val);
    else if (strcmp(key, "title") == 0) {
        free(c->title);
        c->title = unquote(val);
        if (!c->title)
            die("invalid string value", lineno);
    } else if (strcmp(key, "output") == 0) {
        free(c->output);
        c->output = unquote(val);
        if (!c->output)
            die("invalid string value", lineno);
    } else
        die("unknown key", lineno);
}

static void load_config(const char *path, struct solver_cfg *c)
{
    FILE *fp = fopen(path, "r");
    char *s, *eq;
    int lineno = 0;

    if (!fp) {
        perror(path);
        exit(1);
    }
    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        s = trim(line);
        if (*s == '\0' || *s == '#')
            continue;
        eq = strchr(s, '=');
        if (!eq)
            die("expected key = value", lineno);
        *eq = '\0';
        set_key(c, trim(s), trim(eq + 1), lineno);
    }
    fclose(fp);
}

static double f(double x) { return x * x * x - 2.0 * x - 5.0; }
static double df(double x) { return 3.0 * x * x - 2.0; }

int main(int argc, char **argv)
{
    struct solver_cfg cfg = { 2.0, 1e-10, 50, 1.0, NULL, NULL };
    FILE *out = stdout;
    double x, d;
    int it;

    if (argc != 2) {
        fprintf(stderr, "usage: %s solver.cfg\n", argv[0]);
        return 1;
    }
    load_config(argv[1], &cfg);
    if (cfg.output && !(out = fopen(cfg.output, "w"))) {
        perror(cfg.output);
        return 1;
    }
    fprintf(out, "# %s\n", cfg.title ? cfg.title : "newton iteration");
    x = cfg.x0;
    for (it = 0; it < cfg.max_iter; it++) {
        d = df(x);
        if (d == 0.0)
            break;
        x -= cfg.step * f(x) / d;
        fprintf(out, "%d\t%.15g\t%.3e\n", it + 1, x, fabs(f(x)));
        if (fabs(f(x)) < cfg.tol)
            break;
    }
    if (out != stdout)
        fclose(out);
    free(cfg.title);
    free(cfg.output);
    return 0;
}
