#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void log_msg(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "[%ld] ", (long)time(NULL));
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int run_cmd(const char *cmd)
{
    fflush(NULL);
    return system(cmd);
}

void copy_name(char *dst, const char *src)
{
    strcpy(dst, src);
}

size_t copy_bounded(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (cap == 0)
        return n;
    if (n >= cap) {
        memcpy(dst, src, cap - 1);
        dst[cap - 1] = '\0';
    } else {
        memcpy(dst, src, n + 1);
    }
    return n;
}

char *read_line(FILE *fp)
{
    size_t cap = 128, len = 0;
    char *buf = malloc(cap);
    int c;
    if (buf == NULL)
        return NULL;
    while ((c = fgetc(fp)) != EOF && c != '\n') {
        if (len + 1 >= cap) {
            char *bigger = realloc(buf, cap * 2);
            if (bigger == NULL) {
                free(buf);
                return NULL;
            }
            buf = bigger;
            cap *= 2;
        }
        buf[len++] = (char)c;
    }
    if (c == EOF && len == 0) {
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    return buf;
}

const char *config_value(const char *key)
{
    char name[64];
    snprintf(name, sizeof(name), "APP_%s", key);
    return getenv(name);
}
