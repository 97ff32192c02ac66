#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <time.h>

enum log_level { LV_DEBUG, LV_INFO, LV_WARN, LV_ERROR, LV_COUNT };

static const char *level_names[LV_COUNT] = { "DEBUG", "INFO", "WARN", "ERROR" };

struct logger {
    FILE *fp;
    enum log_level min_level;
    unsigned long lines;
    unsigned long per_level[LV_COUNT];
};

static int logger_open(struct logger *lg, const char *path, enum log_level min)
{
    memset(lg, 0, sizeof(*lg));
    lg->fp = fopen(path, "a");
    if (lg->fp == NULL)
        return -1;
    lg->min_level = min;
    return 0;
}

static void logger_close(struct logger *lg)
{
    if (lg->fp != NULL)
        fclose(lg->fp);
    lg->fp = NULL;
}

void logger_printf(struct logger *lg, enum log_level lv, const char *fmt, ...)
{
    char stamp[32];
    time_t now;
    struct tm tmv;
    va_list ap;

    if (lv < lg->min_level)
        return;
    now = time(NULL);
    localtime_r(&now, &tmv);
    strftime(stamp, sizeof(stamp), "%Y-%m-%d %H:%M:%S", &tmv);
    fprintf(lg->fp, "%s [%s] ", stamp, level_names[lv]);
    va_start(ap, fmt);
    vfprintf(lg->fp, fmt, ap);
    va_end(ap);
    fputc('\n', lg->fp);
    lg->lines++;
    lg->per_level[lv]++;
}

static enum log_level parse_level(const char *s, int *ok)
{
    int i;

    *ok = 1;
    for (i = 0; i < LV_COUNT; i++) {
        if (strcmp(s, level_names[i]) == 0)
            return (enum log_level)i;
    }
    *ok = 0;
    return LV_INFO;
}

void handle_record(struct logger *lg, char *line)
{
    char *sp, *msg;
    enum log_level lv;
    int ok;
    size_t len = strlen(line);

    if (len > 0 && line[len - 1] == '\n')
        line[--len] = '\0';
    if (len == 0)
        return;
    sp = strchr(line, ' ');
    if (sp == NULL) {
        logger_printf(lg, LV_WARN, "malformed record: %s", line);
        return;
    }
    *sp = '\0';
    msg = sp + 1;
    lv = parse_level(line, &ok);
    if (!ok)
        logger_printf(lg, LV_WARN, "unknown level '%s'", line);
    logger_printf(lg, lv, msg);
}

int main(int argc, char **argv)
{
    struct logger lg;
    char line[1024];
    const char *path = argc > 1 ? argv[1] : "collector.log";
    enum log_level min = LV_INFO;
    int i;

    if (getenv("COLLECTOR_DEBUG") != NULL)
        min = LV_DEBUG;
    if (logger_open(&lg, path, min) != 0) {
        perror(path);
        return 1;
    }
    while (fgets(line, sizeof(line), stdin) != NULL)
        handle_record(&lg, line);
    for (i = 0; i < LV_COUNT; i++)
        logger_printf(&lg, LV_DEBUG, "%s: %lu", level_names[i], lg.per_level[i]);
    logger_printf(&lg, LV_INFO, "processed %lu lines", lg.lines);
    logger_close(&lg);
    return 0;
}
