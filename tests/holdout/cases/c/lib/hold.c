#include "hold.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static struct account accounts[] = {
    {"alice", 120},
    {"bob", 75},
};

void note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

size_t put_bounded(char *dst, size_t cap, const char *src)
{
    int n = snprintf(dst, cap, "%s", src);
    return n < 0 ? 0 : (size_t)n;
}

void put_raw(char *dst, const char *src)
{
    strcpy(dst, src);
}

struct account *lookup_account(const char *name)
{
    for (size_t i = 0; i < sizeof accounts / sizeof accounts[0]; i++) {
        if (strcmp(accounts[i].name, name) == 0)
            return &accounts[i];
    }
    return NULL;
}

int launch(const char *cmd)
{
    return system(cmd);
}

char *slurp_line(FILE *in)
{
    char *buf = malloc(256);
    if (buf == NULL)
        return NULL;
    if (fgets(buf, 256, in) == NULL) {
        free(buf);
        return NULL;
    }
    buf[strcspn(buf, "\n")] = '\0';
    return buf;
}
