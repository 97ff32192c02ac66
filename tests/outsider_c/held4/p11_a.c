#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define HIST_SIZE   16
#define LINE_LEN    128
#define MAX_ALIASES 16

typedef struct {
    char name[16];
    char value[LINE_LEN];
} alias_t;

static char g_history[HIST_SIZE][LINE_LEN];
static unsigned g_hist_count;
static alias_t g_aliases[MAX_ALIASES];
static int g_nalias;

static void history_add(const char *line)
{
    char *slot = g_history[g_hist_count % HIST_SIZE];
    strncpy(slot, line, LINE_LEN - 1);
    slot[LINE_LEN - 1] = '\0';
    g_hist_count++;
}

static void history_show(void)
{
    unsigned first = g_hist_count > HIST_SIZE ? g_hist_count - HIST_SIZE : 0;
    for (unsigned i = first; i < g_hist_count; i++)
        printf("%4u  %s\n", i + 1, g_history[i % HIST_SIZE]);
}

static int alias_set(const char *spec)
{
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec || (size_t)(eq - spec) >= sizeof(g_aliases[0].name))
        return -1;
    if (strlen(eq + 1) >= LINE_LEN || g_nalias >= MAX_ALIASES)
        return -1;
    alias_t *a = &g_aliases[g_nalias++];
    memcpy(a->name, spec, (size_t)(eq - spec));
    a->name[eq - spec] = '\0';
    strcpy(a->value, eq + 1);
    return 0;
}

static void alias_expand(char *line)
{
    char word[16];
    size_t wl = strcspn(line, " ");
    if (wl >= sizeof(word))
        return;
    memcpy(word, line, wl);
    word[wl] = '\0';
    for (int i = 0; i < g_nalias; i++) {
        if (strcmp(g_aliases[i].name, word) != 0)
            continue;
        char tmp[LINE_LEN];
        if (strlen(g_aliases[i].value) + strlen(line + wl) >= sizeof(tmp))
            return;
        strcpy(tmp, g_aliases[i].value);
        strcat(tmp, line + wl);
        strcpy(line, tmp);
        return;
    }
}

static int cmd_dir(const char *arg)
{
    char cmd[LINE_LEN + 16];
    if (!*arg)
        arg = ".";
    snprintf(cmd, sizeof(cmd), "ls -l %s", arg);
    return system(cmd);
}

int console_exec(char *line)
{
    line[strcspn(line, "\r\n")] = '\0';
    if (!*line)
        return 0;
    if (line[0] == '!') {
        unsigned n = (unsigned)atoi(line + 1);
        if (n == 0 || n > g_hist_count || n + HIST_SIZE <= g_hist_count)
            return -1;
        strcpy(line, g_history[(n - 1) % HIST_SIZE]);
    }
    history_add(line);
    alias_expand(line);

    char *arg = strchr(line, ' ');
    if (arg)
        *arg++ = '\0';
    else
        arg = line + strlen(line);
    while (*arg == ' ')
        arg++;

    if (strcmp(line, "alias") == 0)
        return alias_set(arg);
    if (strcmp(line, "history") == 0) {
        history_show();
        return 0;
    }
    if (strcmp(line, "echo") == 0) {
        puts(arg);
        return 0;
    }
    if (strcmp(line, "dir") == 0)
        return cmd_dir(arg);
    printf("unknown command: %s\n", line);
    return -1;
}

int main(void)
{
    char line[LINE_LEN];
    fputs("> ", stdout);
    fflush(stdout);
    while (fgets(line, sizeof(line), stdin)) {
        if (console_exec(line) != 0)
            fputs("error\n", stdout);
        fputs("> ", stdout);
        fflush(stdout);
    }
    return 0;
}
