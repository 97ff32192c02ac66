#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

#define MAX_HOOKS 16

struct hook {
    char event[32];
    char program[256];
};

struct hook_table {
    struct hook hooks[MAX_HOOKS];
    int count;
};

static int load_hooks(struct hook_table *ht, const char *path)
{
    FILE *fp = fopen(path, "r");
    char line[320];

    if (!fp)
        return -1;
    ht->count = 0;
    while (fgets(line, sizeof(line), fp) && ht->count < MAX_HOOKS) {
        struct hook *h = &ht->hooks[ht->count];
        char *colon;

        line[strcspn(line, "\r\n")] = '\0';
        colon = strchr(line, ':');
        if (line[0] == '#' || !colon)
            continue;
        *colon = '\0';
        if (strlen(line) >= sizeof(h->event) || strlen(colon + 1) >= sizeof(h->program))
            continue;
        strcpy(h->event, line);
        strcpy(h->program, colon + 1);
        ht->count++;
    }
    fclose(fp);
    return ht->count;
}

static const struct hook *find_hook(const struct hook_table *ht, const char *event)
{
    int i;

    for (i = 0; i < ht->count; i++) {
        if (strcmp(ht->hooks[i].event, event) == 0)
            return &ht->hooks[i];
    }
    return NULL;
}

int run_hook(const struct hook *h, const char *subject)
{
    pid_t pid;
    int status;
    char *args[3];

    args[0] = (char *)h->program;
    args[1] = (char *)subject;
    args[2] = NULL;
    fflush(stdout);
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        execvp(args[0], args);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    struct hook_table ht;
    const struct hook *h;
    char logline[128];
    int i, failed = 0;

    if (argc < 4) {
        fprintf(stderr, "usage: %s HOOKFILE EVENT SUBJECT...\n", argv[0]);
        return 2;
    }
    if (load_hooks(&ht, argv[1]) < 0) {
        perror(argv[1]);
        return 2;
    }
    h = find_hook(&ht, argv[2]);
    if (!h) {
        fprintf(stderr, "no hook for %s\n", argv[2]);
        return 0;
    }
    for (i = 3; i < argc; i++) {
        if (run_hook(h, argv[i]) != 0)
            failed++;
    }
    snprintf(logline, sizeof(logline), "%s: %d of %d hooks failed", argv[2], failed, argc - 3);
    puts(logline);
    return failed ? 1 : 0;
}
