#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 512

struct token_list {
    char **argv;
    size_t argc;
    size_t cap;
    char *store;
};

struct command {
    char name[32];
    int (*run)(const struct token_list *tl);
};

static int tl_push(struct token_list *tl, char *tok)
{
    if (tl->argc + 1 >= tl->cap) {
        size_t ncap = tl->cap ? tl->cap * 2 : 8;
        char **nv = realloc(tl->argv, ncap * sizeof(*nv));
        if (!nv)
            return -1;
        tl->argv = nv;
        tl->cap = ncap;
    }
    tl->argv[tl->argc++] = tok;
    tl->argv[tl->argc] = NULL;
    return 0;
}

static void tl_clear(struct token_list *tl)
{
    free(tl->argv);
    free(tl->store);
    memset(tl, 0, sizeof(*tl));
}

int tokenize(const char *src, struct token_list *tl)
{
    const char *p = src;
    char *out;
    char quote;

    tl->store = malloc(strlen(src) + 1);
    if (!tl->store)
        return -1;
    out = tl->store;
    while (*p) {
        char *start;

        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0' || *p == '#')
            break;
        start = out;
        quote = 0;
        while (*p && (quote || (*p != ' ' && *p != '\t'))) {
            if (quote && *p == quote) {
                quote = 0;
                p++;
                continue;
            }
            if (!quote && (*p == '"' || *p == '\'')) {
                quote = *p++;
                continue;
            }
            if (*p == '\\' && quote != '\'') {
                p++;
                *out++ = *p++;
                continue;
            }
            *out++ = *p++;
        }
        *out++ = '\0';
        if (tl_push(tl, start) < 0)
            return -1;
    }
    return (int)tl->argc;
}

static int cmd_echo(const struct token_list *tl)
{
    size_t i;

    for (i = 1; i < tl->argc; i++)
        printf("%s%s", i > 1 ? " " : "", tl->argv[i]);
    putchar('\n');
    return 0;
}

static int cmd_count(const struct token_list *tl)
{
    size_t i, total = 0;

    for (i = 1; i < tl->argc; i++)
        total += strlen(tl->argv[i]);
    printf("%zu args, %zu chars\n", tl->argc - 1, total);
    return 0;
}

static const struct command commands[] = {
    { "echo", cmd_echo },
    { "count", cmd_count },
};

static int dispatch(const struct token_list *tl)
{
    size_t i;
    char name[32];

    if (tl->argc == 0)
        return 0;
    strncpy(name, tl->argv[0], sizeof(name) - 1);
    name[sizeof(name) - 1] = '\0';
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
        if (strcmp(commands[i].name, name) == 0)
            return commands[i].run(tl);
    }
    fprintf(stderr, "unknown command: %s\n", name);
    return -1;
}

int main(int argc, char **argv)
{
    char line[MAX_LINE];
    FILE *fp = stdin;

    if (argc > 1 && (fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        struct token_list tl = { 0 };
        char *copy;

        line[strcspn(line, "\r\n")] = '\0';
        copy = strdup(line);
        if (!copy)
            break;
        if (tokenize(copy, &tl) >= 0)
            dispatch(&tl);
        tl_clear(&tl);
        free(copy);
    }
    if (fp != stdin)
        fclose(fp);
    return 0;
}
