#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct wordbuf {
    char *s;
    size_t len;
    size_t cap;
};

struct arglist {
    char **v;
    size_t n;
    size_t cap;
};

static int wb_putc(struct wordbuf *w, char c)
{
    if (w->len + 2 > w->cap) {
        size_t ncap = w->cap ? w->cap * 2 : 32;
        char *ns = realloc(w->s, ncap);

        if (!ns)
            return -1;
        w->s = ns;
        w->cap = ncap;
    }
    w->s[w->len++] = c;
    return 0;
}

static int al_push(struct arglist *al, char *s)
{
    if (al->n + 2 > al->cap) {
        size_t ncap = al->cap ? al->cap * 2 : 8;
        char **nv = realloc(al->v, ncap * sizeof(*nv));

        if (!nv)
            return -1;
        al->v = nv;
        al->cap = ncap;
    }
    al->v[al->n++] = s;
    al->v[al->n] = NULL;
    return 0;
}

static void al_free(struct arglist *al)
{
    size_t i;

    for (i = 0; i < al->n; i++)
        free(al->v[i]);
    free(al->v);
    al->v = NULL;
    al->n = al->cap = 0;
}

static int wb_finish(struct wordbuf *w, struct arglist *al)
{
    char *s = malloc(w->len + 1);

    if (!s)
        return -1;
    memcpy(s, w->s ? w->s : "", w->len);
    s[w->len] = '\0';
    w->len = 0;
    if (al_push(al, s) != 0) {
        free(s);
        return -1;
    }
    return 0;
}

int split_args(const char *line, char ***out, size_t *outn)
{
    struct arglist al = { NULL, 0, 0 };
    struct wordbuf w = { NULL, 0, 0 };
    const char *p;
    int in_word = 0;
    char quote = 0;

    for (p = line; *p; p++) {
        char c = *p;

        if (quote) {
            if (c == quote)
                quote = 0;
            else if (c == '\\' && quote == '"' && (p[1] == '"' || p[1] == '\\')) {
                if (wb_putc(&w, *++p))
                    goto fail;
            } else if (wb_putc(&w, c))
                goto fail;
            continue;
        }
        if (c == '\'' || c == '"') {
            quote = c;
            in_word = 1;
        } else if (c == '\\' && p[1]) {
            if (wb_putc(&w, *++p))
                goto fail;
            in_word = 1;
        } else if (c == ' ' || c == '\t' || c == '\n') {
            if (in_word && wb_finish(&w, &al))
                goto fail;
            in_word = 0;
        } else {
            if (wb_putc(&w, c))
                goto fail;
            in_word = 1;
        }
    }
    if (quote) {
        fprintf(stderr, "unterminated %c quote\n", quote);
        return -1;
    }
    if (in_word && wb_finish(&w, &al))
        goto fail;
    free(w.s);
    *out = al.v;
    *outn = al.n;
    return 0;
fail:
    free(w.s);
    al_free(&al);
    return -1;
}

int main(void)
{
    char line[1024];
    char **args;
    size_t n, i;
    unsigned lineno = 0;

    while (fgets(line, sizeof(line), stdin)) {
        lineno++;
        if (split_args(line, &args, &n) != 0) {
            fprintf(stderr, "line %u: parse error\n", lineno);
            continue;
        }
        printf("argc=%zu", n);
        for (i = 0; i < n; i++)
            printf(" [%s]", args[i]);
        putchar('\n');
        for (i = 0; i < n; i++)
            free(args[i]);
        free(args);
    }
    return 0;
}
