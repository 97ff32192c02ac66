#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RING_MAX 4096

struct ring {
    char **slot;
    size_t cap;
    size_t head;
    size_t count;
    unsigned long dropped;
    unsigned long dropped_bytes;
};

int ring_init(struct ring *r, size_t cap)
{
    r->slot = calloc(cap, sizeof(*r->slot));
    if (!r->slot)
        return -1;
    r->cap = cap;
    r->head = 0;
    r->count = 0;
    r->dropped = 0;
    r->dropped_bytes = 0;
    return 0;
}

static void ring_evict(struct ring *r)
{
    char *old = r->slot[r->head];

    free(old);
    r->dropped_bytes += strlen(old);
    r->slot[r->head] = NULL;
    r->dropped++;
    r->head = (r->head + 1) % r->cap;
    r->count--;
}

int ring_push(struct ring *r, const char *msg)
{
    char stamp[32];
    char *entry;
    size_t len;
    time_t now = time(NULL);
    struct tm tmv;

    if (r->count == r->cap)
        ring_evict(r);
    gmtime_r(&now, &tmv);
    strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tmv);
    len = strlen(stamp) + 1 + strlen(msg) + 1;
    entry = malloc(len);
    if (!entry)
        return -1;
    sprintf(entry, "%s %s", stamp, msg);
    r->slot[(r->head + r->count) % r->cap] = entry;
    r->count++;
    return 0;
}

int ring_dump(const struct ring *r, FILE *out)
{
    size_t i;

    for (i = 0; i < r->count; i++)
        if (fprintf(out, "%s\n", r->slot[(r->head + i) % r->cap]) < 0)
            return -1;
    return 0;
}

void ring_free(struct ring *r)
{
    size_t i;

    for (i = 0; i < r->cap; i++)
        free(r->slot[i]);
    free(r->slot);
    r->slot = NULL;
    r->count = 0;
}

int main(int argc, char **argv)
{
    struct ring r;
    char line[512];
    size_t n;
    int cap = 16;
    FILE *out = stdout;

    if (argc > 1)
        cap = atoi(argv[1]);
    if (cap < 1 || cap > RING_MAX) {
        fprintf(stderr, "capacity must be 1..%d\n", RING_MAX);
        return 2;
    }
    if (ring_init(&r, (size_t)cap) != 0)
        return 1;
    while (fgets(line, sizeof(line), stdin)) {
        n = strlen(line);
        if (n > 0 && line[n - 1] == '\n')
            line[n - 1] = '\0';
        if (ring_push(&r, line) != 0)
            break;
    }
    if (argc > 2 && !(out = fopen(argv[2], "w"))) {
        perror(argv[2]);
        ring_free(&r);
        return 1;
    }
    ring_dump(&r, out);
    fprintf(stderr, "kept %zu, dropped %lu (%lu bytes)\n", r.count, r.dropped, r.dropped_bytes);
    if (out != stdout)
        fclose(out);
    ring_free(&r);
    return 0;
}
