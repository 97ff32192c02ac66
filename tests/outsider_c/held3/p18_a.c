#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

enum tok_type { T_NUM, T_OP, T_LPAREN, T_RPAREN };

struct token {
    enum tok_type type;
    double num;
    char op;
};

#define STACK_MAX 64

struct token *tokenize(const char *s, size_t *count)
{
    size_t cap = strlen(s) + 1;
    struct token *t = malloc(cap * sizeof(*t));
    size_t n = 0;
    char *end;

    if (!t)
        return NULL;
    while (*s) {
        if (isspace((unsigned char)*s)) {
            s++;
            continue;
        }
        if (isdigit((unsigned char)*s) || *s == '.') {
            t[n].type = T_NUM;
            t[n].num = strtod(s, &end);
            if (end == s) {
                free(t);
                return NULL;
            }
            s = end;
        } else if (strchr("+-*/^", *s)) {
            t[n].type = T_OP;
            t[n].op = *s++;
        } else if (*s == '(' || *s == ')') {
            t[n].type = *s == '(' ? T_LPAREN : T_RPAREN;
            s++;
        } else {
            free(t);
            return NULL;
        }
        n++;
    }
    *count = n;
    return t;
}

static int prec(char op)
{
    return op == '^' ? 3 : (op == '*' || op == '/') ? 2 : 1;
}

static int apply(double *st, int *sp, char op)
{
    double a, b;
    if (*sp < 2)
        return -1;
    b = st[--*sp];
    a = st[--*sp];
    switch (op) {
    case '+': st[(*sp)++] = a + b; break;
    case '-': st[(*sp)++] = a - b; break;
    case '*': st[(*sp)++] = a * b; break;
    case '/': if (b == 0) return -1; st[(*sp)++] = a / b; break;
    case '^':
        if (b < 0 || b > 1024)
            return -1;
        st[*sp] = 1;
        while (b-- >= 1)
            st[*sp] *= a;
        (*sp)++;
        break;
    default: return -1;
    }
    return 0;
}

int evaluate(const struct token *t, size_t n, double *result)
{
    double vals[STACK_MAX];
    char ops[STACK_MAX];
    int vsp = 0, osp = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        if (t[i].type == T_NUM) {
            if (vsp >= STACK_MAX)
                return -1;
            vals[vsp++] = t[i].num;
        } else if (t[i].type == T_LPAREN) {
            if (osp >= STACK_MAX)
                return -1;
            ops[osp++] = '(';
        } else if (t[i].type == T_RPAREN) {
            while (osp > 0 && ops[osp - 1] != '(')
                if (apply(vals, &vsp, ops[--osp]) < 0)
                    return -1;
            if (osp == 0)
                return -1;
            osp--;
        } else {
            while (osp > 0 && ops[osp - 1] != '(' && prec(ops[osp - 1]) >= prec(t[i].op) && t[i].op != '^')
                if (apply(vals, &vsp, ops[--osp]) < 0)
                    return -1;
            if (osp >= STACK_MAX)
                return -1;
            ops[osp++] = t[i].op;
        }
    }
    while (osp > 0) {
        if (ops[osp - 1] == '(' || apply(vals, &vsp, ops[--osp]) < 0)
            return -1;
    }
    if (vsp != 1)
        return -1;
    *result = vals[0];
    return 0;
}

int main(int argc, char **argv)
{
    char expr[512];
    struct token *toks;
    size_t n;
    double r;
    int i;

    expr[0] = '\0';
    for (i = 1; i < argc; i++) {
        if (strlen(expr) + strlen(argv[i]) + 2 > sizeof(expr)) {
            fprintf(stderr, "expression too long\n");
            return 2;
        }
        strcat(expr, argv[i]);
        strcat(expr, " ");
    }
    if (argc < 2 && !fgets(expr, sizeof(expr), stdin))
        return 2;
    toks = tokenize(expr, &n);
    if (!toks) {
        fprintf(stderr, "syntax error\n");
        return 1;
    }
    if (evaluate(toks, n, &r) != 0) {
        printf("error\n");
    } else {
        printf("%g\n", r);
    }
    free(toks);
    return 0;
}
