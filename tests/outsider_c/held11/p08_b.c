#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SPLIT = 256, MATCH = 257 };

struct state {
    int c, mark;
    struct state *out, *out1;
};

typedef union ptrlist { union ptrlist *next; struct state *s; } ptrlist;

struct frag { struct state *start; ptrlist *out; };

struct nfa {
    struct state *states, *start;
    int nstates, cap;
};

static int re2post(const char *re, char *dst, size_t cap)
{
    struct { int nalt, natom; } paren[32], *p = paren;
    int nalt = 0, natom = 0;
    size_t k = 0;
    for (; *re; re++) {
        if (k + 4 >= cap)
            return -1;
        switch (*re) {
        case '(':
            if (natom > 1) { natom--; dst[k++] = '.'; }
            if (p >= paren + 32)
                return -1;
            p->nalt = nalt; p->natom = natom; p++;
            nalt = natom = 0;
            break;
        case '|':
            while (--natom > 0) dst[k++] = '.';
            nalt++;
            break;
        case ')':
            if (p == paren)
                return -1;
            while (--natom > 0) dst[k++] = '.';
            for (; nalt > 0; nalt--) dst[k++] = '|';
            --p; nalt = p->nalt; natom = p->natom + 1;
            break;
        case '*': case '+': case '?':
            dst[k++] = *re;
            break;
        default:
            if (natom > 1) { natom--; dst[k++] = '.'; }
            dst[k++] = *re;
            natom++;
            break;
        }
    }
    if (p != paren)
        return -1;
    while (--natom > 0) dst[k++] = '.';
    for (; nalt > 0; nalt--) dst[k++] = '|';
    dst[k] = '\0';
    return 0;
}

static struct state *new_state(struct nfa *n, int c, struct state *out, struct state *out1)
{
    struct state *s = &n->states[n->nstates++];
    s->c = c; s->out = out; s->out1 = out1; s->mark = 0;
    return s;
}

static ptrlist *list1(struct state **outp)
{
    ptrlist *l = (ptrlist *)outp;
    l->next = NULL;
    return l;
}

static void patch(ptrlist *l, struct state *s)
{
    ptrlist *next;
    for (; l; l = next) { next = l->next; l->s = s; }
}

static ptrlist *append(ptrlist *a, ptrlist *b)
{
    ptrlist *old = a;
    while (a->next) a = a->next;
    a->next = b;
    return old;
}

static int post2nfa(struct nfa *n, const char *post)
{
    struct frag stack[256], *sp = stack, e1, e2;
    struct state *s;
    for (; *post; post++) {
        int need = (*post == '.' || *post == '|') ? 2 : (strchr("*+?", *post) ? 1 : 0);
        if (sp - stack < need || sp >= stack + 256 || n->nstates + 2 > n->cap)
            return -1;
        switch (*post) {
        case '.': e2 = *--sp; e1 = *--sp; patch(e1.out, e2.start); *sp++ = (struct frag){ e1.start, e2.out }; break;
        case '|': e2 = *--sp; e1 = *--sp; s = new_state(n, SPLIT, e1.start, e2.start); *sp++ = (struct frag){ s, append(e1.out, e2.out) }; break;
        case '?': e1 = *--sp; s = new_state(n, SPLIT, e1.start, NULL); *sp++ = (struct frag){ s, append(e1.out, list1(&s->out1)) }; break;
        case '*': e1 = *--sp; s = new_state(n, SPLIT, e1.start, NULL); patch(e1.out, s); *sp++ = (struct frag){ s, list1(&s->out1) }; break;
        case '+': e1 = *--sp; s = new_state(n, SPLIT, e1.start, NULL); patch(e1.out, s); *sp++ = (struct frag){ e1.start, list1(&s->out1) }; break;
        default: s = new_state(n, (unsigned char)*post, NULL, NULL); *sp++ = (struct frag){ s, list1(&s->out) }; break;
        }
    }
    if (sp - stack != 1)
        return -1;
    e1 = *--sp;
    patch(e1.out, new_state(n, MATCH, NULL, NULL));
    n->start = e1.start;
    return 0;
}

void nfa_free(struct nfa *n)
{
    if (n)
        free(n->states);
    free(n);
}

struct nfa *nfa_compile(const char *re)
{
    size_t len = strlen(re), cap = 2 * len + 2;
    char *post = malloc(cap);
    struct nfa *n;
    if (!post || re2post(re, post, cap) < 0) {
        free(post);
        return NULL;
    }
    n = calloc(1, sizeof *n);
    if (!n || !(n->states = malloc(sizeof(struct state) * (cap + 2)))) {
        free(n);
        free(post);
        return NULL;
    }
    n->cap = (int)cap + 2;
    if (post2nfa(n, post) < 0)
        return NULL;
    free(post);
    return n;
}

static void addstate(struct state **list, int *nl, struct state *s, int gen)
{
    if (!s || s->mark == gen)
        return;
    s->mark = gen;
    if (s->c != SPLIT)
        list[(*nl)++] = s;
    else {
        addstate(list, nl, s->out, gen);
        addstate(list, nl, s->out1, gen);
    }
}

int nfa_match(struct nfa *n, const char *text)
{
    struct state **cur = malloc(sizeof *cur * n->nstates), **nxt = malloc(sizeof *nxt * n->nstates), **t;
    int nc = 0, nn, i, gen = 1, hit = 0;
    if (!cur || !nxt) { free(cur); free(nxt); return -1; }
    addstate(cur, &nc, n->start, gen);
    for (; *text && nc; text++) {
        gen++; nn = 0;
        for (i = 0; i < nc; i++)
            if (cur[i]->c == (unsigned char)*text)
                addstate(nxt, &nn, cur[i]->out, gen);
        t = cur; cur = nxt; nxt = t; nc = nn;
    }
    for (i = 0; i < nc; i++)
        hit |= cur[i]->c == MATCH;
    free(cur); free(nxt);
    return hit;
}

int main(void)
{
    char line[512], *tab;
    struct nfa *n;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!(tab = strchr(line, '\t')))
            continue;
        *tab++ = '\0';
        if (!(n = nfa_compile(line))) {
            printf("%s: invalid pattern\n", line);
            continue;
        }
        printf("%s ~ %s: %s\n", line, tab, nfa_match(n, tab) > 0 ? "match" : "no match");
        nfa_free(n);
    }
    return 0;
}
