#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct strtab {
    char *buf;
    size_t len;
    size_t cap;
};

static int strtab_reserve(struct strtab *st, size_t extra)
{
    size_t need = st->len + extra, ncap;
    char *nbuf;

    if (need <= st->cap)
        return 0;
    ncap = st->cap ? st->cap : 64;
    while (ncap < need)
        ncap *= 2;
    nbuf = realloc(st->buf, ncap);
    if (nbuf == NULL)
        return -1;
    st->buf = nbuf;
    st->cap = ncap;
    return 0;
}

static long strtab_add(struct strtab *st, const char *s)
{
    size_t n = strlen(s) + 1;
    size_t off;

    if (strtab_reserve(st, n) != 0)
        return -1;
    off = st->len;
    memcpy(st->buf + off, s, n);
    st->len += n;
    return (long)off;
}

static char *strip(char *s)
{
    char *e;

    while (isspace((unsigned char)*s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

int flatten_ini(FILE *in, FILE *out)
{
    struct strtab st = { NULL, 0, 0 };
    char line[512];
    char *p, *eq, *close;
    long off, key, val;
    long section = -1;
    int lineno = 0, rc = 0;

    while (fgets(line, sizeof(line), in) != NULL) {
        lineno++;
        p = strip(line);
        if (*p == '\0' || *p == ';' || *p == '#')
            continue;
        if (*p == '[') {
            close = strchr(p, ']');
            if (close == NULL) {
                fprintf(stderr, "%d: unterminated section\n", lineno);
                rc = -1;
                continue;
            }
            *close = '\0';
            off = strtab_add(&st, strip(p + 1));
            if (off < 0)
                break;
            section = off;
            continue;
        }
        eq = strchr(p, '=');
        if (eq == NULL) {
            fprintf(stderr, "%d: expected key = value\n", lineno);
            rc = -1;
            continue;
        }
        *eq = '\0';
        key = strtab_add(&st, strip(p));
        val = strtab_add(&st, strip(eq + 1));
        if (key < 0 || val < 0)
            break;
        if (section >= 0)
            fprintf(out, "%s.", st.buf + section);
        fprintf(out, "%s=%s\n", st.buf + key, st.buf + val);
    }
    free(st.buf);
    return rc;
}

int main(int argc, char **argv)
{
    FILE *in = stdin;
    int rc;

    if (argc > 1) {
        in = fopen(argv[1], "r");
        if (in == NULL) {
            perror(argv[1]);
            return 1;
        }
    }
    rc = flatten_ini(in, stdout);
    if (in != stdin)
        fclose(in);
    return rc == 0 ? 0 : 1;
}
