#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <time.h>
#include <unistd.h>

struct code_name {
    const char *name;
    int code;
};

static const struct code_name facilities[] = {
    { "kern", 0 }, { "user", 1 }, { "mail", 2 }, { "daemon", 3 },
    { "auth", 4 }, { "syslog", 5 }, { "lpr", 6 }, { "news", 7 },
    { "cron", 9 }, { "local0", 16 }, { "local1", 17 }, { "local7", 23 },
    { NULL, -1 }
};

static const struct code_name severities[] = {
    { "emerg", 0 }, { "alert", 1 }, { "crit", 2 }, { "err", 3 },
    { "warning", 4 }, { "notice", 5 }, { "info", 6 }, { "debug", 7 },
    { NULL, -1 }
};

struct logger {
    FILE *out;
    char host[64];
    char tag[32];
    int pid;
    unsigned long lines;
};

static int lookup_code(const struct code_name *tab, const char *name)
{
    int i;
    for (i = 0; tab[i].name; i++)
        if (strcmp(tab[i].name, name) == 0)
            return tab[i].code;
    return -1;
}

static size_t format_header(const struct logger *lg, int pri, char *buf, size_t size)
{
    char stamp[32];
    time_t now = time(NULL);
    struct tm tmv;
    int n;

    localtime_r(&now, &tmv);
    strftime(stamp, sizeof(stamp), "%b %e %H:%M:%S", &tmv);
    n = snprintf(buf, size, "<%d>%s %s %s[%d]: ", pri, stamp, lg->host, lg->tag, lg->pid);
    if (n < 0)
        return 0;
    return (size_t)n < size ? (size_t)n : size - 1;
}

void logger_printf(struct logger *lg, int pri, const char *fmt, ...)
{
    char line[1024];
    size_t off;
    va_list ap;

    off = format_header(lg, pri, line, sizeof(line));
    va_start(ap, fmt);
    vsnprintf(line + off, sizeof(line) - off, fmt, ap);
    va_end(ap);
    fputs(line, lg->out);
    fputc('\n', lg->out);
    lg->lines++;
}

static int parse_record(char *rec, int *pri, char **msg)
{
    char *fac, *sev, *save = NULL;
    int f, s;

    fac = strtok_r(rec, " \t", &save);
    sev = strtok_r(NULL, " \t", &save);
    *msg = strtok_r(NULL, "\n", &save);
    if (!fac || !sev || !*msg)
        return -1;
    f = lookup_code(facilities, fac);
    s = lookup_code(severities, sev);
    if (f < 0 || s < 0)
        return -1;
    *pri = f * 8 + s;
    return 0;
}

int main(int argc, char **argv)
{
    struct logger lg;
    char rec[512];
    FILE *in;
    int pri;
    char *msg;
    unsigned long skipped = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s TAG FILE\n", argv[0]);
        return 2;
    }
    memset(&lg, 0, sizeof(lg));
    lg.out = stdout;
    lg.pid = (int)getpid();
    snprintf(lg.tag, sizeof(lg.tag), "%s", argv[1]);
    if (gethostname(lg.host, sizeof(lg.host) - 1) != 0)
        strcpy(lg.host, "localhost");
    in = fopen(argv[2], "r");
    if (!in) {
        perror(argv[2]);
        return 1;
    }
    while (fgets(rec, sizeof(rec), in)) {
        if (rec[0] == '#' || rec[0] == '\n')
            continue;
        if (parse_record(rec, &pri, &msg) < 0) {
            skipped++;
            continue;
        }
        logger_printf(&lg, pri, msg);
    }
    fclose(in);
    fprintf(stderr, "%lu lines written, %lu skipped\n", lg.lines, skipped);
    return 0;
}
