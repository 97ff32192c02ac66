#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

enum tok_type {
    TOK_EOF, TOK_LBRACE, TOK_RBRACE, TOK_LBRACKET, TOK_RBRACKET,
    TOK_COLON, TOK_COMMA, TOK_STRING, TOK_NUMBER, TOK_TRUE,
    TOK_FALSE, TOK_NULL
};

static const char *const tok_names[] = {
    "eof", "{", "}", "[", "]", ":", ",", "string", "number", "true", "false", "null"
};

struct token {
    enum tok_type type;
    const char *start;
    size_t len;
    unsigned line;
};

struct lexer {
    const char *p;
    const char *end;
    unsigned line;
};

static void skip_ws(struct lexer *lx)
{
    while (lx->p < lx->end && isspace((unsigned char)*lx->p)) {
        if (*lx->p == '\n')
            lx->line++;
        lx->p++;
    }
}

static int lex_string(struct lexer *lx, struct token *t)
{
    int i;

    lx->p++;
    t->start = lx->p;
    while (lx->p < lx->end && *lx->p != '"') {
        if ((unsigned char)*lx->p < 0x20)
            return -1;
        if (*lx->p == '\\') {
            if (lx->end - lx->p < 2)
                return -1;
            lx->p++;
            switch (*lx->p) {
            case '"': case '\\': case '/': case 'b':
            case 'f': case 'n': case 'r': case 't':
                break;
            case 'u':
                if (lx->end - lx->p < 5)
                    return -1;
                for (i = 1; i <= 4; i++)
                    if (!isxdigit((unsigned char)lx->p[i]))
                        return -1;
                lx->p += 4;
                break;
            default:
                return -1;
            }
        }
        lx->p++;
    }
    if (lx->p >= lx->end)
        return -1;
    t->len = (size_t)(lx->p - t->start);
    t->type = TOK_STRING;
    lx->p++;
    return 0;
}

static int lex_number(struct lexer *lx, struct token *t)
{
    const char *s = lx->p;

    if (lx->p < lx->end && *lx->p == '-')
        lx->p++;
    if (lx->p >= lx->end || !isdigit((unsigned char)*lx->p))
        return -1;
    while (lx->p < lx->end && isdigit((unsigned char)*lx->p))
        lx->p++;
    if (lx->p < lx->end && *lx->p == '.') {
        lx->p++;
        while (lx->p < lx->end && isdigit((unsigned char)*lx->p))
            lx->p++;
    }
    if (lx->p < lx->end && (*lx->p == 'e' || *lx->p == 'E')) {
        lx->p++;
        if (lx->p < lx->end && (*lx->p == '+' || *lx->p == '-'))
            lx->p++;
        while (lx->p < lx->end && isdigit((unsigned char)*lx->p))
            lx->p++;
    }
    t->start = s;
    t->len = (size_t)(lx->p - s);
    t->type = TOK_NUMBER;
    return 0;
}

static int lex_word(struct lexer *lx, struct token *t, const char *word, enum tok_type type)
{
    size_t n = strlen(word);

    if ((size_t)(lx->end - lx->p) < n || memcmp(lx->p, word, n) != 0)
        return -1;
    t->start = lx->p;
    t->len = n;
    t->type = type;
    lx->p += n;
    return 0;
}

int lex_next(struct lexer *lx, struct token *t)
{
    skip_ws(lx);
    t->line = lx->line;
    if (lx->p >= lx->end) {
        t->type = TOK_EOF;
        t->start = lx->p;
        t->len = 0;
        return 0;
    }
    t->start = lx->p;
    t->len = 1;
    switch (*lx->p) {
    case '{': t->type = TOK_LBRACE; lx->p++; return 0;
    case '}': t->type = TOK_RBRACE; lx->p++; return 0;
    case '[': t->type = TOK_LBRACKET; lx->p++; return 0;
    case ']': t->type = TOK_RBRACKET; lx->p++; return 0;
    case ':': t->type = TOK_COLON; lx->p++; return 0;
    case ',': t->type = TOK_COMMA; lx->p++; return 0;
    case '"': return lex_string(lx, t);
    case 't': return lex_word(lx, t, "true", TOK_TRUE);
    case 'f': return lex_word(lx, t, "false", TOK_FALSE);
    case 'n': return lex_word(lx, t, "null", TOK_NULL);
    }
    return lex_number(lx, t);
}

int main(int argc, char **argv)
{
    FILE *fp;
    char *data = NULL;
    long sz;
    struct lexer lx;
    struct token t;
    int depth = 0, maxdepth = 0, count = 0, rc = 1;
    char where[64];

    if (argc < 2) {
        fprintf(stderr, "usage: %s file.json\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    if (fseek(fp, 0, SEEK_END) != 0 || (sz = ftell(fp)) <= 0 || fseek(fp, 0, SEEK_SET) != 0)
        goto out;
    data = malloc((size_t)sz);
    if (!data || fread(data, 1, (size_t)sz, fp) != (size_t)sz)
        goto out;
    lx.p = data;
    lx.end = data + sz;
    lx.line = 1;
    for (;;) {
        if (lex_next(&lx, &t) != 0) {
            snprintf(where, sizeof(where), "%s:%u", argv[1], lx.line);
            fprintf(stderr, "%s: syntax error\n", where);
            goto out;
        }
        if (t.type == TOK_EOF)
            break;
        if (t.type == TOK_LBRACE || t.type == TOK_LBRACKET) {
            if (++depth > maxdepth)
                maxdepth = depth;
        } else if (t.type == TOK_RBRACE || t.type == TOK_RBRACKET) {
            depth--;
        }
        count++;
        printf("%u %-6s %.*s\n", t.line, tok_names[t.type], (int)t.len, t.start);
    }
    printf("%d tokens, max depth %d\n", count, maxdepth);
    rc = depth == 0 ? 0 : 1;
out:
    free(data);
    fclose(fp);
    return rc;
}
