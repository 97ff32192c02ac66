#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_ARGS 16

enum vtype { V_INT, V_NUM, V_STR };

struct value {
    enum vtype type;
    long i;
    double d;
    const char *s;
};

struct strbuf {
    char data[1024];
    size_t len;
};

struct fmtctx {
    const char *fmt;
    size_t n;
    const struct value *args;
    int nargs, next;
    struct strbuf *out;
};

static void sb_append(struct strbuf *sb, const char *p, size_t k)
{
    if (k > sizeof sb->data - 1 - sb->len)
        k = sizeof sb->data - 1 - sb->len;
    memcpy(sb->data + sb->len, p, k);
    sb->len += k;
    sb->data[sb->len] = '\0';
}

static int fmt_error(struct fmtctx *fc, size_t at, const char *what)
{
    char msg[256];
    snprintf(msg, sizeof msg, "format error at %zu in \"%.*s\": %s\n", at, (int)fc->n, fc->fmt, what);
    fprintf(stderr, msg);
    return -1;
}

static int convert(struct fmtctx *fc, size_t *ip)
{
    char spec[32], tmp[256];
    size_t i = *ip, k = 0, start = i, d;
    const struct value *v;
    spec[k++] = '%';
    while (i < fc->n && strchr("-+ 0#", fc->fmt[i]) && k < 8)
        spec[k++] = fc->fmt[i++];
    for (d = 0; d < 3 && i < fc->n && isdigit((unsigned char)fc->fmt[i]); d++)
        spec[k++] = fc->fmt[i++];
    if (i < fc->n && fc->fmt[i] == '.') {
        spec[k++] = fc->fmt[i++];
        for (d = 0; d < 3 && i < fc->n && isdigit((unsigned char)fc->fmt[i]); d++)
            spec[k++] = fc->fmt[i++];
    }
    if (i >= fc->n)
        return fmt_error(fc, start, "incomplete conversion");
    if (fc->next >= fc->nargs)
        return fmt_error(fc, start, "not enough arguments");
    v = &fc->args[fc->next++];
    switch (fc->fmt[i]) {
    case 'd': case 'x': case 'X':
        spec[k++] = 'l';
        spec[k++] = fc->fmt[i];
        spec[k] = '\0';
        snprintf(tmp, sizeof tmp, spec, v->type == V_NUM ? (long)v->d : v->i);
        break;
    case 'f': case 'g': case 'e':
        spec[k++] = fc->fmt[i];
        spec[k] = '\0';
        snprintf(tmp, sizeof tmp, spec, v->type == V_NUM ? v->d : (double)v->i);
        break;
    case 's':
        spec[k++] = 's';
        spec[k] = '\0';
        snprintf(tmp, sizeof tmp, spec, v->type == V_STR ? v->s : "");
        break;
    default:
        return fmt_error(fc, start, "unknown conversion");
    }
    sb_append(fc->out, tmp, strlen(tmp));
    *ip = i + 1;
    return 0;
}

int script_format(struct strbuf *out, const char *fmt, const struct value *args, int nargs)
{
    struct fmtctx fc;
    size_t i = 0, s;
    fc.fmt = fmt;
    fc.n = strlen(fmt);
    fc.args = args;
    fc.nargs = nargs;
    fc.next = 0;
    fc.out = out;
    out->len = 0;
    out->data[0] = '\0';
    while (i < fc.n) {
        s = i;
        while (i < fc.n && fmt[i] != '%')
            i++;
        sb_append(out, fmt + s, i - s);
        if (i >= fc.n)
            break;
        if (++i < fc.n && fmt[i] == '%') {
            sb_append(out, "%", 1);
            i++;
        } else if (convert(&fc, &i) < 0) {
            return -1;
        }
    }
    return 0;
}

static void parse_value(struct value *v, char *tok)
{
    char *end;
    v->s = tok;
    v->i = strtol(tok, &end, 0);
    if (*tok && !*end) {
        v->type = V_INT;
        return;
    }
    v->d = strtod(tok, &end);
    v->type = (*tok && !*end) ? V_NUM : V_STR;
}

int main(void)
{
    char line[1024], *fields[MAX_ARGS + 1], *save;
    struct value args[MAX_ARGS];
    struct strbuf out;
    int nf, i;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        nf = 0;
        for (fields[nf] = strtok_r(line, "|", &save); fields[nf] && nf < MAX_ARGS; )
            fields[++nf] = strtok_r(NULL, "|", &save);
        if (nf == 0)
            continue;
        for (i = 1; i < nf; i++)
            parse_value(&args[i - 1], fields[i]);
        if (script_format(&out, fields[0], args, nf - 1) == 0)
            printf("%s\n", out.data);
    }
    return 0;
}
