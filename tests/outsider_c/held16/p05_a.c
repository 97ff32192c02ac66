#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_CVARS 16
#define MAX_ARGS 8

typedef struct {
    char name[24];
    int value;
    int flags;
} Cvar;

typedef struct {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *help;
} Command;

static Cvar cvars[MAX_CVARS];
static int ncvars;

static Cvar *cvar_find(const char *name)
{
    for (int i = 0; i < ncvars; i++)
        if (strcmp(cvars[i].name, name) == 0)
            return &cvars[i];
    return NULL;
}

static Cvar *cvar_new(const char *name)
{
    Cvar *v;
    if (ncvars >= MAX_CVARS)
        return NULL;
    v = &cvars[ncvars++];
    strncpy(v->name, name, sizeof v->name - 1);
    v->name[sizeof v->name - 1] = '\0';
    v->value = 0;
    v->flags = 0;
    return v;
}

static int cmd_set(int argc, char **argv)
{
    Cvar *v;
    if (argc < 3) {
        puts("usage: set <name> <value>");
        return -1;
    }
    v = cvar_find(argv[1]);
    if (!v)
        v = cvar_new(argv[1]);
    if (!v) {
        puts("cvar table full");
        return -1;
    }
    v->value = atoi(argv[2]);
    return 0;
}

static int cmd_get(int argc, char **argv)
{
    Cvar *v = argc > 1 ? cvar_find(argv[1]) : NULL;
    char buf[64];
    if (!v) {
        puts("no such cvar");
        return -1;
    }
    snprintf(buf, sizeof buf, "%s = %d", v->name, v->value);
    puts(buf);
    return 0;
}

static int cmd_list(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    for (int i = 0; i < ncvars; i++)
        printf("%-24s %d\n", cvars[i].name, cvars[i].value);
    return 0;
}

static int cmd_echo(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        printf("%s%s", argv[i], i + 1 < argc ? " " : "\n");
    return 0;
}

static const Command commands[] = {
    { "set", cmd_set, "set a cvar" },
    { "get", cmd_get, "print a cvar" },
    { "list", cmd_list, "list cvars" },
    { "echo", cmd_echo, "print text" },
};

static int tokenize(char *line, char **argv)
{
    int argc = 0;
    char *p = line;
    while (*p && argc < MAX_ARGS) {
        while (isspace((unsigned char)*p))
            *p++ = '\0';
        if (!*p)
            break;
        argv[argc++] = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
    }
    return argc;
}

int console_exec(char *line)
{
    char *argv[MAX_ARGS];
    int argc = tokenize(line, argv);
    if (argc == 0 || argv[0][0] == '#')
        return 0;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, argv[0]) == 0)
            return commands[i].fn(argc, argv);
    printf("unknown command '%s'\n", argv[0]);
    return -1;
}

int main(int argc, char **argv)
{
    char line[256];
    FILE *in = stdin;
    int errors = 0;

    if (argc > 1 && !(in = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof line, in)) {
        if (console_exec(line) != 0)
            errors++;
    }
    if (in != stdin)
        fclose(in);
    printf("%d cvars, %d errors\n", ncvars, errors);
    return errors ? 2 : 0;
}
