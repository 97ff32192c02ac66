#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { JT_OBJECT, JT_ARRAY, JT_STRING, JT_PRIMITIVE } jtype;

typedef struct {
    jtype type;
    int start;
    int end;
    int size;
    int parent;
} jtok;

enum { JERR_NOMEM = -1, JERR_INVAL = -2, JERR_PART = -3 };

static jtok *new_token(jtok *toks, size_t max, size_t *ntok, jtype type, int start, int parent)
{
    jtok *t;
    if (*ntok >= max)
        return NULL;
    t = &toks[(*ntok)++];
    t->type = type;
    t->start = start;
    t->end = -1;
    t->size = 0;
    t->parent = parent;
    return t;
}

static int scan_string(const char *js, size_t len, size_t *pos)
{
    size_t i;
    int k;

    for (i = *pos + 1; i < len; i++) {
        unsigned char c = (unsigned char)js[i];
        if (c == '"') {
            *pos = i;
            return 0;
        }
        if (c < 0x20)
            return JERR_INVAL;
        if (c != '\\')
            continue;
        if (i + 1 >= len)
            return JERR_PART;
        i++;
        switch (js[i]) {
        case '"': case '/': case '\\': case 'b':
        case 'f': case 'n': case 'r': case 't':
            break;
        case 'u':
            for (k = 1; k <= 4; k++)
                if (!isxdigit((unsigned char)js[i + k]))
                    return JERR_INVAL;
            i += 4;
            break;
        default:
            return JERR_INVAL;
        }
    }
    return JERR_PART;
}

int json_tokenize(const char *js, size_t len, jtok *toks, size_t max)
{
    size_t pos, ntok = 0;
    int parent = -1, rc;
    jtok *t;

    for (pos = 0; pos < len; pos++) {
        char c = js[pos];
        switch (c) {
        case '{': case '[':
            t = new_token(toks, max, &ntok, c == '{' ? JT_OBJECT : JT_ARRAY, (int)pos, parent);
            if (t == NULL)
                return JERR_NOMEM;
            if (parent >= 0)
                toks[parent].size++;
            parent = (int)(ntok - 1);
            break;
        case '}': case ']':
            if (parent < 0 || toks[parent].type != (c == '}' ? JT_OBJECT : JT_ARRAY))
                return JERR_INVAL;
            toks[parent].end = (int)pos + 1;
            parent = toks[parent].parent;
            break;
        case '"':
            t = new_token(toks, max, &ntok, JT_STRING, (int)pos + 1, parent);
            if (t == NULL)
                return JERR_NOMEM;
            if ((rc = scan_string(js, len, &pos)) != 0)
                return rc;
            t->end = (int)pos;
            if (parent >= 0)
                toks[parent].size++;
            break;
        case ' ': case '\t': case '\r': case '\n': case ':': case ',':
            break;
        default:
            if (!isalnum((unsigned char)c) && c != '-' && c != '+' && c != '.')
                return JERR_INVAL;
            t = new_token(toks, max, &ntok, JT_PRIMITIVE, (int)pos, parent);
            if (t == NULL)
                return JERR_NOMEM;
            while (pos + 1 < len && (isalnum((unsigned char)js[pos + 1]) ||
                   js[pos + 1] == '-' || js[pos + 1] == '+' || js[pos + 1] == '.'))
                pos++;
            t->end = (int)pos + 1;
            if (parent >= 0)
                toks[parent].size++;
            break;
        }
    }
    return parent >= 0 ? JERR_PART : (int)ntok;
}

int main(int argc, char **argv)
{
    static const char *names[] = { "object", "array", "string", "primitive" };
    jtok toks[512];
    char *buf;
    long size;
    FILE *fp;
    int n, i;

    if (argc < 2 || (fp = fopen(argv[1], "rb")) == NULL) {
        fprintf(stderr, "usage: jtok file.json\n");
        return 2;
    }
    if (fseek(fp, 0, SEEK_END) != 0 || (size = ftell(fp)) <= 0) {
        fclose(fp);
        return 1;
    }
    rewind(fp);
    buf = malloc((size_t)size);
    if (buf == NULL || fread(buf, 1, (size_t)size, fp) != (size_t)size) {
        free(buf);
        fclose(fp);
        return 1;
    }
    fclose(fp);

    n = json_tokenize(buf, (size_t)size, toks, sizeof(toks) / sizeof(toks[0]));
    if (n < 0) {
        fprintf(stderr, "parse error %d\n", n);
        free(buf);
        return 1;
    }
    for (i = 0; i < n; i++)
        printf("%-9s %.*s\n", names[toks[i].type],
               toks[i].end - toks[i].start, buf + toks[i].start);
    free(buf);
    return 0;
}
