#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct decomp {
    uint8_t cp;
    char base;
    uint16_t mark;
};

static const struct decomp table[] = {
    { .cp = 0xC0, .base = 'A', .mark = 0x300 }, { .cp = 0xC1, .base = 'A', .mark = 0x301 },
    { .cp = 0xC2, .base = 'A', .mark = 0x302 }, { .cp = 0xC3, .base = 'A', .mark = 0x303 },
    { .cp = 0xC4, .base = 'A', .mark = 0x308 }, { .cp = 0xC5, .base = 'A', .mark = 0x30A },
    { .cp = 0xC7, .base = 'C', .mark = 0x327 }, { .cp = 0xC8, .base = 'E', .mark = 0x300 },
    { .cp = 0xC9, .base = 'E', .mark = 0x301 }, { .cp = 0xCA, .base = 'E', .mark = 0x302 },
    { .cp = 0xCB, .base = 'E', .mark = 0x308 }, { .cp = 0xCC, .base = 'I', .mark = 0x300 },
    { .cp = 0xCD, .base = 'I', .mark = 0x301 }, { .cp = 0xCE, .base = 'I', .mark = 0x302 },
    { .cp = 0xCF, .base = 'I', .mark = 0x308 }, { .cp = 0xD1, .base = 'N', .mark = 0x303 },
    { .cp = 0xD2, .base = 'O', .mark = 0x300 }, { .cp = 0xD3, .base = 'O', .mark = 0x301 },
    { .cp = 0xD4, .base = 'O', .mark = 0x302 }, { .cp = 0xD5, .base = 'O', .mark = 0x303 },
    { .cp = 0xD6, .base = 'O', .mark = 0x308 }, { .cp = 0xD9, .base = 'U', .mark = 0x300 },
    { .cp = 0xDA, .base = 'U', .mark = 0x301 }, { .cp = 0xDB, .base = 'U', .mark = 0x302 },
    { .cp = 0xDC, .base = 'U', .mark = 0x308 }, { .cp = 0xDD, .base = 'Y', .mark = 0x301 },
};

static const struct decomp *lookup(unsigned cp, bool *lower)
{
    *lower = cp >= 0xE0;
    const unsigned up = *lower ? cp - 0x20 : cp;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].cp == up)
            return &table[i];
    return NULL;
}

static size_t emit(char *out, size_t pos, const unsigned char *in, size_t *i, size_t len)
{
    const unsigned char c = in[*i];
    if (c < 0x80) {
        if (out)
            out[pos] = c == '-' ? '_' : (char)tolower(c);
        (*i)++;
        return 1;
    }
    if ((c & 0xE0) == 0xC0 && *i + 1 < len && (in[*i + 1] & 0xC0) == 0x80) {
        const unsigned cp = (unsigned)(c & 0x1F) << 6 | (in[*i + 1] & 0x3F);
        bool lower;
        const struct decomp *d = lookup(cp, &lower);
        *i += 2;
        if (!d) {
            if (out) {
                out[pos] = (char)c;
                out[pos + 1] = (char)in[*i - 1];
            }
            return 2;
        }
        if (out) {
            out[pos] = lower ? (char)tolower((unsigned char)d->base) : d->base;
            out[pos + 1] = (char)(0xC0 | (d->mark >> 6));
            out[pos + 2] = (char)(0x80 | (d->mark & 0x3F));
        }
        return 3;
    }
    if (out)
        out[pos] = (char)c;
    (*i)++;
    return 1;
}

char *ident_normalise(const char *src)
{
    const unsigned char *in = (const unsigned char *)src;
    const size_t len = strlen(src);
    size_t need = 0;
    for (size_t i = 0; i < len;)
        need += emit(NULL, need, in, &i, len);
    char *out = malloc(need + 1);
    if (!out)
        return NULL;
    size_t pos = 0;
    for (size_t i = 0; i < len;)
        pos += emit(out, pos, in, &i, len);
    out[pos] = '\0';
    return out;
}

static bool ident_valid(const char *s)
{
    if (!isalpha((unsigned char)s[0]) && s[0] != '_' && (unsigned char)s[0] < 0x80)
        return false;
    for (const char *p = s; *p; p++)
        if (isspace((unsigned char)*p) || strchr("+*/=;,(){}[]", *p))
            return false;
    return true;
}

int main(int argc, char **argv)
{
    char line[256];
    int invalid = 0;
    FILE *fp = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!fp)
        return 1;
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0')
            continue;
        char *id = ident_normalise(line);
        if (!id)
            break;
        const bool ok = ident_valid(id);
        printf("%-32s %s%s\n", line, id, ok ? "" : "  (invalid)");
        invalid += !ok;
        free(id);
    }
    if (fp != stdin)
        fclose(fp);
    return invalid ? 1 : 0;
}
