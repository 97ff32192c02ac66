#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <time.h>

#define RING_CAP 8
#define MSG_MAX 200

struct ring {
    char *msg[RING_CAP];
    time_t stamp[RING_CAP];
    size_t head;
    size_t count;
    unsigned long dropped;
};

void ring_init(struct ring *r)
{
    memset(r, 0, sizeof(*r));
}

int ring_push(struct ring *r, const char *text)
{
    char *copy = strdup(text);

    if (copy == NULL)
        return -1;
    if (r->count == RING_CAP) {
        free(r->msg[r->head]);
        r->dropped++;
    } else {
        r->count++;
    }
    r->msg[r->head] = copy;
    r->stamp[r->head] = time(NULL);
    r->head = (r->head + 1) % RING_CAP;
    return 0;
}

int ring_logf(struct ring *r, const char *fmt, ...)
{
    char buf[MSG_MAX];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    return ring_push(r, buf);
}

void ring_pop(struct ring *r)
{
    size_t idx;

    if (r->count == 0)
        return;
    idx = (r->head + RING_CAP - r->count) % RING_CAP;
    free(r->msg[idx]);
    r->count--;
}

void ring_dump(const struct ring *r, FILE *out)
{
    size_t i, idx;
    char when[32];
    struct tm tm;

    for (i = 0; i < r->count; i++) {
        idx = (r->head + RING_CAP - r->count + i) % RING_CAP;
        localtime_r(&r->stamp[idx], &tm);
        strftime(when, sizeof(when), "%H:%M:%S", &tm);
        fprintf(out, "%s %s\n", when, r->msg[idx]);
    }
    if (r->dropped)
        fprintf(out, "(%lu older messages dropped)\n", r->dropped);
}

void ring_release(struct ring *r)
{
    size_t i;

    for (i = 0; i < RING_CAP; i++)
        free(r->msg[i]);
    memset(r, 0, sizeof(*r));
}

int main(int argc, char **argv)
{
    struct ring r;
    char line[512];
    FILE *in = stdin;
    int lineno = 0;

    if (argc > 1) {
        in = fopen(argv[1], "r");
        if (in == NULL) {
            perror(argv[1]);
            return 1;
        }
    }
    ring_init(&r);
    while (fgets(line, sizeof(line), in)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "log ", 4) == 0)
            ring_logf(&r, "[%d] %s", lineno, line + 4);
        else if (strcmp(line, "pop") == 0)
            ring_pop(&r);
        else if (strcmp(line, "dump") == 0)
            ring_dump(&r, stdout);
        else if (line[0] != '\0')
            fprintf(stderr, "line %d: unknown command\n", lineno);
    }
    if (in != stdin)
        fclose(in);
    ring_release(&r);
    return 0;
}
