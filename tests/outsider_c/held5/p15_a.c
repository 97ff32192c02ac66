#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum op { OP_CHAR, OP_ANY, OP_CLASS, OP_BOL, OP_EOL };
enum quant { Q_ONE, Q_STAR, Q_PLUS, Q_OPT };

struct insn {
    enum op op;
    enum quant q;
    char c;
    bool negate;
    unsigned char set[32];
};

struct re_prog {
    struct insn *code;
    size_t n, cap;
};

static struct insn *emit(struct re_prog *p, enum op op)
{
    if (p->n == p->cap) {
        const size_t ncap = p->cap ? p->cap * 2 : 16;
        struct insn *g = realloc(p->code, ncap * sizeof *g);
        if (!g)
            return NULL;
        p->code = g;
        p->cap = ncap;
    }
    struct insn *i = &p->code[p->n++];
    *i = (struct insn){ .op = op, .q = Q_ONE };
    return i;
}

static const char *parse_class(const char *s, struct insn *in)
{
    if (*s == '^') {
        in->negate = true;
        s++;
    }
    do {
        if (*s == '\0')
            return NULL;
        unsigned char lo = (unsigned char)*s, hi = lo;
        if (s[1] == '-' && s[2] && s[2] != ']') {
            hi = (unsigned char)s[2];
            s += 2;
        }
        for (unsigned c = lo; c <= hi; c++)
            in->set[c >> 3] |= (unsigned char)(1u << (c & 7));
        s++;
    } while (*s != ']');
    return s + 1;
}

void re_free(struct re_prog *p)
{
    if (p)
        free(p->code);
    free(p);
}

struct re_prog *re_compile(const char *pat)
{
    struct re_prog *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    while (*pat) {
        struct insn *in;
        if (*pat == '^' || *pat == '$') {
            in = emit(p, *pat == '^' ? OP_BOL : OP_EOL);
            pat++;
        } else if (*pat == '.') {
            in = emit(p, OP_ANY);
            pat++;
        } else if (*pat == '[') {
            in = emit(p, OP_CLASS);
            if (in && !(pat = parse_class(pat + 1, in)))
                return NULL;
        } else {
            if (*pat == '\\' && pat[1])
                pat++;
            in = emit(p, OP_CHAR);
            if (in)
                in->c = *pat;
            pat++;
        }
        if (!in)
            goto fail;
        if (*pat == '*' || *pat == '+' || *pat == '?') {
            in->q = *pat == '*' ? Q_STAR : *pat == '+' ? Q_PLUS : Q_OPT;
            pat++;
        }
    }
    return p;
fail:
    re_free(p);
    return NULL;
}

static bool step(const struct insn *in, const char *s)
{
    const unsigned char c = (unsigned char)*s;
    switch (in->op) {
    case OP_CHAR: return c && c == (unsigned char)in->c;
    case OP_ANY: return c != '\0';
    case OP_CLASS: return c && (((in->set[c >> 3] >> (c & 7)) & 1) != in->negate);
    default: return false;
    }
}

static bool match_here(const struct insn *in, size_t n, const char *s)
{
    if (n == 0)
        return true;
    if (in->op == OP_BOL)
        return match_here(in + 1, n - 1, s);
    if (in->op == OP_EOL)
        return *s == '\0';
    const size_t min = in->q == Q_ONE || in->q == Q_PLUS ? 1 : 0;
    const size_t max = in->q == Q_ONE || in->q == Q_OPT ? 1 : (size_t)-1;
    size_t k = 0;
    while (k < max && step(in, s + k))
        k++;
    for (;;) {
        if (k >= min && match_here(in + 1, n - 1, s + k))
            return true;
        if (k == 0 || k == min)
            return false;
        k--;
    }
}

bool re_search(const struct re_prog *p, const char *s)
{
    if (p->n > 0 && p->code[0].op == OP_BOL)
        return match_here(p->code, p->n, s);
    do {
        if (match_here(p->code, p->n, s))
            return true;
    } while (*s++);
    return false;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s pattern [file]\n", argv[0]);
        return 2;
    }
    struct re_prog *re = re_compile(argv[1]);
    if (!re) {
        fprintf(stderr, "invalid pattern: %s\n", argv[1]);
        return 2;
    }
    FILE *fp = argc > 2 ? fopen(argv[2], "r") : stdin;
    if (!fp) {
        re_free(re);
        return 2;
    }
    char line[1024];
    unsigned long hits = 0;
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\n")] = '\0';
        if (re_search(re, line)) {
            puts(line);
            hits++;
        }
    }
    if (fp != stdin)
        fclose(fp);
    re_free(re);
    return hits ? 0 : 1;
}
