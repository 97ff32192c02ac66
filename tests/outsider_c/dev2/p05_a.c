#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

enum opt_id { OPT_HELP, OPT_VERBOSE, OPT_OUTPUT, OPT_LEVEL, OPT_QUIET, OPT_FORMAT };

struct opt_def {
    const char *long_name;
    int short_name;
    int has_arg;
    enum opt_id id;
    const char *help;
};

static const struct opt_def opt_table[] = {
    { "help", 'h', 0, OPT_HELP, "show this help" },
    { "verbose", 'v', 0, OPT_VERBOSE, "more output" },
    { "output", 'o', 1, OPT_OUTPUT, "write to FILE" },
    { "level", 'l', 1, OPT_LEVEL, "compression level 0-9" },
    { "quiet", 'q', 0, OPT_QUIET, "no output" },
    { "format", 'f', 1, OPT_FORMAT, "output format" },
};

#define OPT_COUNT (sizeof(opt_table) / sizeof(opt_table[0]))

struct settings {
    int verbose;
    int quiet;
    int level;
    int help;
    const char *output;
    char format[16];
};

static const struct opt_def *opt_find_long(const char *name, size_t n)
{
    size_t i;

    for (i = 0; i < OPT_COUNT; i++)
        if (strlen(opt_table[i].long_name) == n && strncmp(opt_table[i].long_name, name, n) == 0)
            return &opt_table[i];
    return NULL;
}

static const struct opt_def *opt_find_short(int c)
{
    size_t i;

    for (i = 0; i < OPT_COUNT; i++)
        if (opt_table[i].short_name == c)
            return &opt_table[i];
    return NULL;
}

static int apply_option(struct settings *st, const struct opt_def *o, const char *arg)
{
    char *end;
    long v;

    switch (o->id) {
    case OPT_HELP: st->help = 1; break;
    case OPT_VERBOSE: st->verbose++; break;
    case OPT_QUIET: st->quiet = 1; break;
    case OPT_OUTPUT: st->output = arg; break;
    case OPT_LEVEL:
        errno = 0;
        v = strtol(arg, &end, 10);
        if (errno || end == arg || *end != '\0' || v < 0 || v > 9) {
            fprintf(stderr, "invalid level '%s'\n", arg);
            return -1;
        }
        st->level = (int)v;
        break;
    case OPT_FORMAT:
        if (strlen(arg) >= sizeof(st->format)) {
            fprintf(stderr, "format name too long\n");
            return -1;
        }
        strcpy(st->format, arg);
        break;
    }
    return 0;
}

int parse_options(struct settings *st, int argc, char **argv, int *first_operand)
{
    int i;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const struct opt_def *o;
        const char *arg = NULL;

        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (a[0] != '-' || a[1] == '\0')
            break;
        if (a[1] == '-') {
            const char *eq = strchr(a + 2, '=');
            size_t n = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);

            o = opt_find_long(a + 2, n);
            if (!o) {
                fprintf(stderr, "%s: unrecognized option '%s'\n", argv[0], a);
                return -1;
            }
            if (eq)
                arg = eq + 1;
        } else {
            o = opt_find_short((unsigned char)a[1]);
            if (!o) {
                fprintf(stderr, "%s: invalid option -- '%c'\n", argv[0], a[1]);
                return -1;
            }
            if (a[2] != '\0')
                arg = a + 2;
        }
        if (o->has_arg && !arg) {
            if (i + 1 >= argc) {
                fprintf(stderr, "option '--%s' requires an argument\n", o->long_name);
                return -1;
            }
            arg = argv[++i];
        } else if (!o->has_arg && arg) {
            fprintf(stderr, "option '--%s' takes no argument\n", o->long_name);
            return -1;
        }
        if (apply_option(st, o, arg) != 0)
            return -1;
    }
    *first_operand = i;
    return 0;
}

static void usage(const char *prog)
{
    char flag[32];
    size_t i;

    printf("usage: %s [options] file...\n", prog);
    for (i = 0; i < OPT_COUNT; i++) {
        sprintf(flag, "--%s%s", opt_table[i].long_name, opt_table[i].has_arg ? "=ARG" : "");
        printf("  -%c, %-16s %s\n", opt_table[i].short_name, flag, opt_table[i].help);
    }
}

int main(int argc, char **argv)
{
    struct settings st;
    int first, i;

    memset(&st, 0, sizeof(st));
    st.level = 6;
    strcpy(st.format, "text");
    if (parse_options(&st, argc, argv, &first) != 0)
        return 2;
    if (st.help) {
        usage(argv[0]);
        return 0;
    }
    if (st.verbose && !st.quiet)
        printf("level=%d format=%s output=%s\n", st.level, st.format, st.output ? st.output : "-");
    for (i = first; i < argc; i++) {
        FILE *fp = fopen(argv[i], "r");
        int c;
        long lines = 0;

        if (!fp) {
            perror(argv[i]);
            continue;
        }
        while ((c = getc(fp)) != EOF)
            if (c == '\n')
                lines++;
        fclose(fp);
        if (!st.quiet)
            printf("%s: %ld lines\n", argv[i], lines);
    }
    return 0;
}
