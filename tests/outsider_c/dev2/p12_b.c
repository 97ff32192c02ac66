#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#define HIST_DEFAULT_MAX 100
#define LINE_LEN 512

struct history {
    char **lines;
    size_t count;
    size_t max;
    size_t pos;
};

int hist_init(struct history *h, size_t max)
{
    h->lines = calloc(max, sizeof(*h->lines));
    if (!h->lines)
        return -1;
    h->count = 0;
    h->max = max;
    h->pos = 0;
    return 0;
}

int hist_add(struct history *h, const char *line)
{
    size_t n = strlen(line);
    char *copy;

    if (n == 0)
        return 0;
    if (h->count > 0 && strcmp(h->lines[h->count - 1], line) == 0) {
        h->pos = h->count;
        return 0;
    }
    copy = malloc(n + 1);
    if (!copy)
        return -1;
    memcpy(copy, line, n + 1);
    if (h->count == h->max) {
        free(h->lines[0]);
        memmove(h->lines, h->lines + 1, (h->max - 1) * sizeof(*h->lines));
        h->count--;
    }
    h->lines[h->count++] = copy;
    h->pos = h->count;
    return 0;
}

static const char *hist_prev(struct history *h)
{
    if (h->pos == 0)
        return NULL;
    return h->lines[--h->pos];
}

static const char *hist_next(struct history *h)
{
    if (h->pos + 1 >= h->count) {
        h->pos = h->count;
        return NULL;
    }
    return h->lines[++h->pos];
}

void hist_clear(struct history *h)
{
    size_t i;

    for (i = 0; i < h->count; i++)
        free(h->lines[i]);
    h->count = 0;
    h->pos = 0;
}

void hist_free(struct history *h)
{
    size_t i;

    for (i = 0; i < h->count; i++)
        free(h->lines[i]);
    free(h->lines);
    h->lines = NULL;
}

static int hist_save(const struct history *h, const char *path)
{
    FILE *fp = fopen(path, "w");
    size_t i;

    if (!fp)
        return -1;
    for (i = 0; i < h->count; i++)
        fprintf(fp, "%s\n", h->lines[i]);
    return fclose(fp);
}

static int hist_load(struct history *h, const char *path)
{
    char buf[LINE_LEN];
    FILE *fp = fopen(path, "r");

    if (!fp)
        return errno == ENOENT ? 0 : -1;
    while (fgets(buf, sizeof(buf), fp)) {
        buf[strcspn(buf, "\n")] = '\0';
        if (hist_add(h, buf) != 0)
            break;
    }
    fclose(fp);
    return 0;
}

int main(int argc, char **argv)
{
    struct history h;
    char line[LINE_LEN];
    const char *file = NULL;
    const char *s;
    size_t max = HIST_DEFAULT_MAX, i;

    if (argc > 1)
        file = argv[1];
    if (argc > 2) {
        char *end;
        unsigned long v = strtoul(argv[2], &end, 10);

        if (*end || v == 0 || v > 10000) {
            fprintf(stderr, "invalid history size\n");
            return 2;
        }
        max = v;
    }
    if (hist_init(&h, max) != 0)
        return 1;
    if (file && hist_load(&h, file) != 0)
        perror(file);
    while (fgets(line, sizeof(line), stdin)) {
        line[strcspn(line, "\n")] = '\0';
        if (strcmp(line, ":prev") == 0) {
            s = hist_prev(&h);
            printf("%s\n", s ? s : "(start)");
        } else if (strcmp(line, ":next") == 0) {
            s = hist_next(&h);
            printf("%s\n", s ? s : "(end)");
        } else if (strcmp(line, ":list") == 0) {
            for (i = 0; i < h.count; i++)
                printf("%4zu  %s\n", i + 1, h.lines[i]);
        } else if (strcmp(line, ":clear") == 0) {
            hist_clear(&h);
        } else {
            hist_add(&h, line);
            printf("> %s\n", line);
        }
    }
    if (file && hist_save(&h, file) != 0)
        perror(file);
    hist_free(&h);
    return 0;
}
