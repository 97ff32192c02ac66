#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

enum tok_kind { TK_EOF, TK_IDENT, TK_NUMBER, TK_STRING, TK_PUNCT, TK_ERROR };

struct token {
    enum tok_kind kind;
    const char *p;
    size_t n;
    int line;
};

struct lexer {
    const char *src;
    size_t len;
    size_t pos;
    int line;
    char sbuf[256];
    size_t slen;
};

static const char *kind_names[] = { "eof", "ident", "number", "string", "punct", "error" };

static void skip_space(struct lexer *lx)
{
    while (lx->pos < lx->len) {
        switch (lx->src[lx->pos]) {
        case '\n':
            lx->line++;
        case ' ': case '\t': case '\r':
            lx->pos++;
            break;
        case '#':
            while (lx->pos < lx->len && lx->src[lx->pos] != '\n')
                lx->pos++;
            break;
        default:
            return;
        }
    }
}

static int read_string(struct lexer *lx, struct token *t)
{
    size_t i = lx->pos + 1;
    lx->slen = 0;
    while (i < lx->len && lx->src[i] != '"') {
        char c = lx->src[i];
        if (c == '\\') {
            if (++i >= lx->len)
                break;
            switch (lx->src[i]) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case '0': c = '\0'; break;
            default: c = lx->src[i]; break;
            }
        } else if (c == '\n') {
            lx->line++;
        }
        if (lx->slen < sizeof(lx->sbuf) - 1)
            lx->sbuf[lx->slen++] = c;
        i++;
    }
    lx->sbuf[lx->slen] = '\0';
    t->kind = i < lx->len ? TK_STRING : TK_ERROR;
    t->p = lx->sbuf;
    t->n = lx->slen;
    lx->pos = i < lx->len ? i + 1 : i;
    return 0;
}

int lex_next(struct lexer *lx, struct token *t)
{
    size_t start;
    skip_space(lx);
    t->line = lx->line;
    if (lx->pos >= lx->len) {
        t->kind = TK_EOF;
        t->p = "";
        t->n = 0;
        return 0;
    }
    start = lx->pos;
    switch (lx->src[start]) {
    case '"':
        return read_string(lx, t);
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        while (lx->pos < lx->len && isdigit((unsigned char)lx->src[lx->pos]))
            lx->pos++;
        t->kind = TK_NUMBER;
        break;
    default:
        if (isalpha((unsigned char)lx->src[start]) || lx->src[start] == '_') {
            while (lx->pos < lx->len && (isalnum((unsigned char)lx->src[lx->pos]) || lx->src[lx->pos] == '_'))
                lx->pos++;
            t->kind = TK_IDENT;
        } else {
            lx->pos++;
            t->kind = TK_PUNCT;
        }
        break;
    }
    t->p = lx->src + start;
    t->n = lx->pos - start;
    return 0;
}

static char *load_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long sz;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    sz = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (sz <= 0 || !(buf = malloc((size_t)sz))) {
        fclose(f);
        return NULL;
    }
    *len = fread(buf, 1, (size_t)sz, f);
    fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    struct lexer lx;
    struct token t;
    char text[64];
    size_t k;
    if (argc < 2) {
        fprintf(stderr, "usage: %s file\n", argv[0]);
        return 2;
    }
    memset(&lx, 0, sizeof lx);
    lx.line = 1;
    if (!(lx.src = load_file(argv[1], &lx.len))) {
        perror(argv[1]);
        return 1;
    }
    do {
        lex_next(&lx, &t);
        k = t.n < sizeof text - 1 ? t.n : sizeof text - 1;
        memcpy(text, t.p, k);
        text[k] = '\0';
        printf("%d\t%s\t%s\n", t.line, kind_names[t.kind], text);
    } while (t.kind != TK_EOF && t.kind != TK_ERROR);
    free((char *)lx.src);
    return 0;
}
