#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

enum tag { T_NIL, T_INT, T_SYM, T_STR, T_CONS };

struct cell {
    enum tag tag;
    union {
        long i;
        struct { const char *p; size_t n; } s;
        struct { struct cell *car, *cdr; } c;
    } u;
};

struct arena {
    struct cell *cells;
    size_t used, cap;
};

struct reader {
    const char *p;
    size_t n, pos;
    struct arena *ar;
    int depth;
    const char *err;
};

static struct cell nil_cell = { T_NIL, { 0 } };
#define NIL (&nil_cell)

static struct cell *mk(struct reader *r, enum tag t)
{
    struct cell *c;
    if (r->ar->used >= r->ar->cap) {
        r->err = "out of cells";
        return NULL;
    }
    c = &r->ar->cells[r->ar->used++];
    c->tag = t;
    return c;
}

static int skip_ws(struct reader *r)
{
    while (r->pos < r->n) {
        switch (r->p[r->pos]) {
        case ' ': case '\t': case '\n': case '\r':
            r->pos++;
            break;
        case ';':
            while (r->pos < r->n && r->p[r->pos] != '\n')
                r->pos++;
            break;
        default:
            return (unsigned char)r->p[r->pos];
        }
    }
    return -1;
}

struct cell *read_form(struct reader *r);

static struct cell *read_list(struct reader *r)
{
    struct cell *head = NIL, **tail = &head, *x, *pair;
    int c;
    for (;;) {
        if ((c = skip_ws(r)) < 0) {
            r->err = "unterminated list";
            return NULL;
        }
        if (c == ')') {
            r->pos++;
            return head;
        }
        if (c == '.' && r->pos + 1 < r->n && isspace((unsigned char)r->p[r->pos + 1]) && head != NIL) {
            r->pos++;
            x = read_form(r);
            if (!x) {
                r->err = "expected datum after '.'";
                return NULL;
            }
            *tail = x;
            if (skip_ws(r) != ')') {
                r->err = "expected ')'";
                return NULL;
            }
            r->pos++;
            return head;
        }
        if (!(x = read_form(r)) || !(pair = mk(r, T_CONS)))
            return NULL;
        pair->u.c.car = x;
        pair->u.c.cdr = NIL;
        *tail = pair;
        tail = &pair->u.c.cdr;
    }
}

struct cell *read_form(struct reader *r)
{
    struct cell *x;
    size_t s;
    int c = skip_ws(r);
    switch (c) {
    case -1:
        return NULL;
    case '(':
        if (r->depth >= 200) {
            r->err = "nesting too deep";
            return NULL;
        }
        r->pos++;
        r->depth++;
        x = read_list(r);
        r->depth--;
        return x;
    case ')':
        r->err = "unexpected ')'";
        return NULL;
    case '"':
        s = ++r->pos;
        while (r->pos < r->n && r->p[r->pos] != '"')
            r->pos++;
        if (r->pos >= r->n || !(x = mk(r, T_STR))) {
            r->err = "unterminated string";
            return NULL;
        }
        x->u.s.p = r->p + s;
        x->u.s.n = r->pos++ - s;
        return x;
    default:
        s = r->pos;
        while (r->pos < r->n && !isspace((unsigned char)r->p[r->pos]) && !strchr("()\";", r->p[r->pos]))
            r->pos++;
        if (!(x = mk(r, T_SYM)))
            return NULL;
        x->u.s.p = r->p + s;
        x->u.s.n = r->pos - s;
        if (isdigit((unsigned char)r->p[s]) || (r->p[s] == '-' && x->u.s.n > 1)) {
            x->tag = T_INT;
            x->u.i = strtol(r->p + s, NULL, 10);
        }
        return x;
    }
}

static void print_cell(const struct cell *x, FILE *out)
{
    switch (x->tag) {
    case T_NIL: fputs("()", out); break;
    case T_INT: fprintf(out, "%ld", x->u.i); break;
    case T_SYM: fwrite(x->u.s.p, 1, x->u.s.n, out); break;
    case T_STR: fprintf(out, "\"%.*s\"", (int)x->u.s.n, x->u.s.p); break;
    case T_CONS:
        fputc('(', out);
        for (;;) {
            print_cell(x->u.c.car, out);
            x = x->u.c.cdr;
            if (x->tag != T_CONS)
                break;
            fputc(' ', out);
        }
        if (x != NIL) {
            fputs(" . ", out);
            print_cell(x, out);
        }
        fputc(')', out);
        break;
    }
}

int main(void)
{
    static char buf[65536];
    struct arena ar;
    struct reader r;
    struct cell *x;
    size_t n = fread(buf, 1, sizeof buf - 1, stdin);
    ar.cap = 4096;
    ar.used = 0;
    if (!(ar.cells = malloc(ar.cap * sizeof *ar.cells)))
        return 1;
    memset(&r, 0, sizeof r);
    r.p = buf;
    r.n = n;
    r.ar = &ar;
    while ((x = read_form(&r)) != NULL) {
        print_cell(x, stdout);
        putchar('\n');
    }
    if (r.err)
        fprintf(stderr, "read error at offset %zu: %s\n", r.pos, r.err);
    free(ar.cells);
    return r.err != NULL;
}
