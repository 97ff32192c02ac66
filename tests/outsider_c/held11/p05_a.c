#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

enum node_kind { N_NUM, N_VAR, N_BIN, N_NEG };

struct node {
    enum node_kind kind;
    int op;
    int parens;
    long num;
    char name[24];
    struct node *lhs, *rhs;
};

struct pool {
    struct node *nodes;
    int used, cap;
};

struct parser {
    const char *p;
    size_t n, pos;
    struct pool *pool;
};

static struct node *node_new(struct pool *pl, enum node_kind kind)
{
    struct node *x;
    if (pl->used >= pl->cap)
        return NULL;
    x = &pl->nodes[pl->used++];
    x->kind = kind;
    x->lhs = x->rhs = NULL;
    return x;
}

static int peekc(struct parser *ps)
{
    while (ps->pos < ps->n && isspace((unsigned char)ps->p[ps->pos]))
        ps->pos++;
    return ps->pos < ps->n ? (unsigned char)ps->p[ps->pos] : -1;
}

static int prec(int op)
{
    switch (op) {
    case '+': case '-': return 1;
    case '*': case '/': case '%': return 2;
    default: return 0;
    }
}

static struct node *parse_expr(struct parser *ps, int minp);

static struct node *parse_atom(struct parser *ps)
{
    struct node *x;
    size_t k = 0;
    int c = peekc(ps);
    switch (c) {
    case '(':
        ps->pos++;
        x = parse_expr(ps, 1);
        if (!x || peekc(ps) != ')')
            return NULL;
        ps->pos++;
        x->parens = 1;
        return x;
    case '-':
        ps->pos++;
        if (!(x = node_new(ps->pool, N_NEG)) || !(x->rhs = parse_atom(ps)))
            return NULL;
        return x;
    default:
        if (isdigit(c)) {
            if (!(x = node_new(ps->pool, N_NUM)))
                return NULL;
            x->num = strtol(ps->p + ps->pos, NULL, 10);
            while (ps->pos < ps->n && isdigit((unsigned char)ps->p[ps->pos]))
                ps->pos++;
            return x;
        }
        if (!isalpha(c) || !(x = node_new(ps->pool, N_VAR)))
            return NULL;
        while (ps->pos < ps->n && isalnum((unsigned char)ps->p[ps->pos])) {
            if (k < sizeof x->name - 1)
                x->name[k++] = ps->p[ps->pos];
            ps->pos++;
        }
        x->name[k] = '\0';
        return x;
    }
}

static struct node *parse_expr(struct parser *ps, int minp)
{
    struct node *lhs = parse_atom(ps), *b;
    int op;
    while (lhs && (op = peekc(ps)) > 0 && prec(op) >= minp) {
        ps->pos++;
        if (!(b = node_new(ps->pool, N_BIN)))
            return NULL;
        b->op = op;
        b->lhs = lhs;
        if (!(b->rhs = parse_expr(ps, prec(op) + 1)))
            return NULL;
        lhs = b;
    }
    return lhs;
}

static void print_node(const struct node *x, int keep, FILE *out)
{
    if (keep && x->parens)
        fputc('(', out);
    switch (x->kind) {
    case N_NUM: fprintf(out, "%ld", x->num); break;
    case N_VAR: fputs(x->name, out); break;
    case N_NEG: fputc('-', out); print_node(x->rhs, keep, out); break;
    case N_BIN:
        print_node(x->lhs, keep, out);
        fprintf(out, " %c ", x->op);
        print_node(x->rhs, keep, out);
        break;
    }
    if (keep && x->parens)
        fputc(')', out);
}

int pretty_print(const char *src, size_t n, int keep, FILE *out)
{
    struct pool pl;
    struct parser ps;
    struct node *root;
    pl.cap = 256;
    pl.used = 0;
    if (!(pl.nodes = malloc(sizeof *pl.nodes * (size_t)pl.cap)))
        return -1;
    ps.p = src;
    ps.n = n;
    ps.pos = 0;
    ps.pool = &pl;
    root = parse_expr(&ps, 1);
    if (root && peekc(&ps) < 0) {
        print_node(root, keep, out);
        fputc('\n', out);
    } else {
        fprintf(out, "parse error at column %zu\n", ps.pos + 1);
    }
    free(pl.nodes);
    return root ? 0 : -1;
}

int main(int argc, char **argv)
{
    char line[512];
    int keep = argc > 1 && strcmp(argv[1], "-p") == 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0])
            pretty_print(line, strlen(line), keep, stdout);
    }
    return 0;
}
