#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <time.h>

enum log_level { LOG_DEBUG, LOG_INFO, LOG_WARN, LOG_ERROR };

struct logger {
    FILE *out;
    enum log_level min_level;
    char tag[24];
    unsigned long lines;
};

static const char *level_names[] = { "debug", "info", "warn", "error" };

static void logger_init(struct logger *lg, FILE *out, const char *tag, enum log_level min)
{
    lg->out = out;
    lg->min_level = min;
    lg->lines = 0;
    snprintf(lg->tag, sizeof(lg->tag), "%s", tag);
}

static size_t format_prefix(const struct logger *lg, enum log_level lvl, char *buf, size_t sz)
{
    time_t now = time(NULL);
    struct tm tm;
    size_t n;

    gmtime_r(&now, &tm);
    n = strftime(buf, sz, "%Y-%m-%dT%H:%M:%SZ", &tm);
    n += (size_t)snprintf(buf + n, sz - n, " %s[%s] ", lg->tag, level_names[lvl]);
    return n < sz ? n : sz - 1;
}

void log_write(struct logger *lg, enum log_level lvl, const char *fmt, ...)
{
    char buf[512];
    size_t n;
    va_list ap;

    if (lvl < lg->min_level)
        return;
    n = format_prefix(lg, lvl, buf, sizeof(buf));
    va_start(ap, fmt);
    vsnprintf(buf + n, sizeof(buf) - n, fmt, ap);
    va_end(ap);
    fputs(buf, lg->out);
    fputc('\n', lg->out);
    lg->lines++;
}

static enum log_level parse_level(const char *s)
{
    size_t i;

    for (i = 0; i < sizeof(level_names) / sizeof(level_names[0]); i++) {
        if (strncmp(s, level_names[i], strlen(level_names[i])) == 0)
            return (enum log_level)i;
    }
    return LOG_INFO;
}

static void handle_event(struct logger *lg, char *line)
{
    char *sep = strchr(line, ' ');
    enum log_level lvl = LOG_INFO;
    char *msg = line;

    if (sep) {
        *sep = '\0';
        lvl = parse_level(line);
        msg = sep + 1;
    }
    if (strlen(msg) > 200)
        msg[200] = '\0';
    log_write(lg, lvl, "%s", msg);
}

int main(int argc, char **argv)
{
    struct logger lg;
    char line[512];
    FILE *in = stdin;
    const char *tag = "eventd";

    if (argc > 2)
        tag = argv[2];
    if (argc > 1 && strcmp(argv[1], "-") != 0 && (in = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    logger_init(&lg, stdout, tag, getenv("LOG_DEBUG") ? LOG_DEBUG : LOG_INFO);
    log_write(&lg, LOG_DEBUG, "reading events from %s", argc > 1 ? argv[1] : "stdin");
    while (fgets(line, sizeof(line), in)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0])
            handle_event(&lg, line);
    }
    log_write(&lg, LOG_INFO, "%lu lines written", lg.lines);
    if (in != stdin)
        fclose(in);
    return 0;
}
