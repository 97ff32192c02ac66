#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>

#define MAX_DEFS 32
#define LINE_MAX_LEN 1024

struct tvar {
    char name[48];
    const char *value;
};

struct tctx {
    struct tvar vars[MAX_DEFS];
    size_t nvars;
    FILE *out;
    unsigned lineno;
    int missing;
};

typedef void (*emit_fn)(struct tctx *ctx, const char *text);

static void log_msg(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    fputs("tmpl: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static int add_define(struct tctx *ctx, const char *def)
{
    const char *eq = strchr(def, '=');
    size_t n;

    if (!eq || eq == def || ctx->nvars >= MAX_DEFS)
        return -1;
    n = (size_t)(eq - def);
    if (n >= sizeof(ctx->vars[0].name))
        return -1;
    memcpy(ctx->vars[ctx->nvars].name, def, n);
    ctx->vars[ctx->nvars].name[n] = '\0';
    ctx->vars[ctx->nvars].value = eq + 1;
    ctx->nvars++;
    return 0;
}

static const char *lookup(const struct tctx *ctx, const char *name)
{
    size_t i;

    for (i = 0; i < ctx->nvars; i++)
        if (strcmp(ctx->vars[i].name, name) == 0)
            return ctx->vars[i].value;
    return getenv(name);
}

static void emit_file(struct tctx *ctx, const char *text)
{
    fprintf(ctx->out, "%s", text);
}

int expand_line(struct tctx *ctx, const char *line, emit_fn emit)
{
    char out[LINE_MAX_LEN * 2];
    char name[48];
    size_t o = 0;
    const char *p = line;

    while (*p) {
        const char *val;
        const char *close;
        size_t n;

        if (p[0] != '{' || p[1] != '{') {
            if (o + 1 >= sizeof(out))
                return -1;
            out[o++] = *p++;
            continue;
        }
        close = strstr(p + 2, "}}");
        if (!close)
            return -1;
        n = (size_t)(close - (p + 2));
        if (n == 0 || n >= sizeof(name))
            return -1;
        memcpy(name, p + 2, n);
        name[n] = '\0';
        val = lookup(ctx, name);
        if (!val) {
            log_msg("line %u: '%s' is not defined", ctx->lineno, name);
            ctx->missing++;
            val = "";
        }
        n = strlen(val);
        if (o + n >= sizeof(out))
            return -1;
        memcpy(out + o, val, n);
        o += n;
        p = close + 2;
    }
    out[o] = '\0';
    emit(ctx, out);
    return 0;
}

int main(int argc, char **argv)
{
    struct tctx ctx;
    char line[LINE_MAX_LEN];
    FILE *in = stdin;
    int i;

    memset(&ctx, 0, sizeof(ctx));
    ctx.out = stdout;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-D") == 0 && i + 1 < argc) {
            if (add_define(&ctx, argv[++i]) != 0) {
                log_msg("invalid define '%s'", argv[i]);
                return 2;
            }
        } else if (in == stdin) {
            in = fopen(argv[i], "r");
            if (!in) {
                perror(argv[i]);
                return 1;
            }
        } else {
            log_msg("usage: %s [-D name=value]... [template]", argv[0]);
            return 2;
        }
    }
    while (fgets(line, sizeof(line), in)) {
        ctx.lineno++;
        if (expand_line(&ctx, line, emit_file) != 0) {
            log_msg("line %u: expansion failed", ctx.lineno);
            break;
        }
    }
    if (in != stdin)
        fclose(in);
    return ctx.missing ? 1 : 0;
}
