#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHELL_MAX_ARGS  8
#define SHELL_LINE_LEN  160
#define NUM_REGS        16

typedef int (*cmd_fn_t)(int argc, char **argv);

typedef struct {
    const char *name;
    cmd_fn_t fn;
    const char *help;
} shell_cmd_t;

static uint16_t regs[NUM_REGS];

static void uart_puts(const char *s)
{
    fputs(s, stdout);
}

static int cmd_help(int argc, char **argv);

static int cmd_get(int argc, char **argv)
{
    char out[32];
    unsigned long r;

    if (argc < 2)
        return -1;
    r = strtoul(argv[1], NULL, 0);
    if (r >= NUM_REGS)
        return -1;
    snprintf(out, sizeof(out), "r%lu=0x%04X\r\n", r, regs[r]);
    uart_puts(out);
    return 0;
}

static int cmd_set(int argc, char **argv)
{
    unsigned long r, v;

    if (argc < 3)
        return -1;
    r = strtoul(argv[1], NULL, 0);
    v = strtoul(argv[2], NULL, 0);
    if (r >= NUM_REGS || v > 0xFFFF)
        return -1;
    regs[r] = (uint16_t)v;
    return 0;
}

static int cmd_ver(int argc, char **argv)
{
    char ver[40];

    (void)argc;
    (void)argv;
    strcpy(ver, "fw 1.4.2 ");
    strcat(ver, __DATE__);
    strcat(ver, "\r\n");
    uart_puts(ver);
    return 0;
}

static const shell_cmd_t commands[] = {
    { "help", cmd_help, "list commands" },
    { "get",  cmd_get,  "get <reg>" },
    { "set",  cmd_set,  "set <reg> <val>" },
    { "ver",  cmd_ver,  "firmware version" },
};

#define NUM_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static int cmd_help(int argc, char **argv)
{
    char row[48];

    (void)argc;
    (void)argv;
    for (size_t i = 0; i < NUM_COMMANDS; i++) {
        snprintf(row, sizeof(row), "%-6s %s\r\n", commands[i].name, commands[i].help);
        uart_puts(row);
    }
    return 0;
}

int shell_exec_line(char *line)
{
    char *argv[SHELL_MAX_ARGS];
    int argc = 0;
    char *p = line;

    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            *p++ = '\0';
        if (*p == '\0')
            break;
        argv[argc++] = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
            p++;
    }
    if (argc == 0)
        return 0;
    for (size_t i = 0; i < NUM_COMMANDS; i++) {
        if (strcmp(argv[0], commands[i].name) == 0)
            return commands[i].fn(argc, argv);
    }
    uart_puts("unknown command\r\n");
    return -1;
}

int main(void)
{
    char line[SHELL_LINE_LEN];

    uart_puts("> ");
    while (fgets(line, sizeof(line), stdin) != NULL) {
        if (shell_exec_line(line) < 0)
            uart_puts("ERR\r\n");
        uart_puts("> ");
    }
    return 0;
}
