#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

enum cron_err { CRON_OK = 0, CRON_ERR_USAGE, CRON_ERR_FIELD, CRON_ERR_IO, CRON_ERR_INSTALL };

struct field_rule {
    const char *name;
    int lo, hi;
};

static const struct field_rule rules[5] = {
    { .name = "minute", .lo = 0, .hi = 59 },
    { .name = "hour", .lo = 0, .hi = 23 },
    { .name = "day", .lo = 1, .hi = 31 },
    { .name = "month", .lo = 1, .hi = 12 },
    { .name = "weekday", .lo = 0, .hi = 7 },
};

static bool field_ok(const char *f, const struct field_rule *r)
{
    if (strcmp(f, "*") == 0)
        return true;
    if (strncmp(f, "*/", 2) == 0)
        return atoi(f + 2) > 0;
    for (const char *p = f; *p; p++)
        if (!isdigit((unsigned char)*p) && *p != ',' && *p != '-')
            return false;
    const int v = atoi(f);
    return v >= r->lo && v <= r->hi;
}

static enum cron_err check_schedule(const char *sched)
{
    char copy[128];
    if (strlen(sched) >= sizeof copy)
        return CRON_ERR_FIELD;
    strcpy(copy, sched);
    size_t idx = 0;
    for (char *save = NULL, *tok = strtok_r(copy, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        if (idx >= 5 || !field_ok(tok, &rules[idx])) {
            fprintf(stderr, "invalid %s field: %s\n", idx < 5 ? rules[idx].name : "extra", tok);
            return CRON_ERR_FIELD;
        }
        idx++;
    }
    return idx == 5 ? CRON_OK : CRON_ERR_FIELD;
}

static enum cron_err write_table(const char *path, const char *sched, const char *command)
{
    FILE *fp = fopen(path, "w");
    if (!fp)
        return CRON_ERR_IO;
    fprintf(fp, "SHELL=/bin/sh\n%s %s\n", sched, command);
    return fclose(fp) == 0 ? CRON_OK : CRON_ERR_IO;
}

enum cron_err install_table(const char *user, const char *path)
{
    char *const args[] = { "crontab", "-u", (char *)user, (char *)path, NULL };
    const pid_t pid = fork();
    if (pid < 0)
        return CRON_ERR_INSTALL;
    if (pid == 0) {
        execvp(args[0], args);
        _exit(127);
    }
    int st = 0;
    if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
        return CRON_ERR_INSTALL;
    return CRON_OK;
}

int main(int argc, char **argv)
{
    const char *user = getenv("USER");
    int opt;
    while ((opt = getopt(argc, argv, "u:")) != -1) {
        if (opt == 'u')
            user = optarg;
        else
            return CRON_ERR_USAGE;
    }
    if (argc - optind != 2 || !user) {
        fprintf(stderr, "usage: %s [-u user] 'schedule' command\n", argv[0]);
        return CRON_ERR_USAGE;
    }
    const char *sched = argv[optind];
    const char *command = argv[optind + 1];
    enum cron_err e = check_schedule(sched);
    if (e != CRON_OK)
        return e;
    const char *tmpdir = getenv("TMPDIR");
    char path[256];
    snprintf(path, sizeof path, "%s/cron.%ld", tmpdir ? tmpdir : "/tmp", (long)getpid());
    e = write_table(path, sched, command);
    if (e == CRON_OK)
        e = install_table(user, path);
    unlink(path);
    if (e != CRON_OK)
        fprintf(stderr, "install failed (%d)\n", (int)e);
    return e;
}
