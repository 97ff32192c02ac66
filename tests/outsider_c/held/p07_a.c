#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HISTORY_DEPTH 16

struct history {
    char *items[HISTORY_DEPTH];
    int count;
};

struct buffer {
    char text[1024];
    size_t len;
};

static int history_push(struct history *h, const char *snapshot)
{
    char *copy = strdup(snapshot);
    if (!copy)
        return -1;
    if (h->count == HISTORY_DEPTH) {
        free(h->items[0]);
        memmove(h->items, h->items + 1, (HISTORY_DEPTH - 1) * sizeof(char *));
        h->count--;
    }
    h->items[h->count++] = copy;
    return 0;
}

static char *history_pop(struct history *h)
{
    if (h->count == 0)
        return NULL;
    return h->items[--h->count];
}

static void history_clear(struct history *h)
{
    int i;
    for (i = 0; i < h->count; i++) {
        free(h->items[i]);
    }
}

static void history_destroy(struct history *h)
{
    int i;
    for (i = 0; i < h->count; i++)
        free(h->items[i]);
    h->count = 0;
}

static void buffer_append(struct buffer *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n >= sizeof(b->text))
        n = sizeof(b->text) - 1 - b->len;
    memcpy(b->text + b->len, s, n);
    b->len += n;
    b->text[b->len] = '\0';
}

int editor_run(FILE *in, FILE *out)
{
    struct history h;
    struct buffer buf;
    char line[256];

    memset(&h, 0, sizeof(h));
    memset(&buf, 0, sizeof(buf));
    while (fgets(line, sizeof(line), in)) {
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "a ", 2) == 0) {
            if (history_push(&h, buf.text) != 0)
                break;
            buffer_append(&buf, line + 2);
        } else if (strcmp(line, "u") == 0) {
            char *prev = history_pop(&h);
            if (prev) {
                strcpy(buf.text, prev);
                buf.len = strlen(prev);
                free(prev);
            }
        } else if (strcmp(line, "commit") == 0) {
            history_clear(&h);
            fprintf(out, "committed %zu bytes\n", buf.len);
        } else if (strcmp(line, "p") == 0) {
            fprintf(out, "%s\n", buf.text);
        }
    }
    history_destroy(&h);
    return 0;
}

int main(int argc, char **argv)
{
    FILE *in = stdin;
    int rc;

    if (argc > 1) {
        in = fopen(argv[1], "r");
        if (!in) {
            perror(argv[1]);
            return 1;
        }
    }
    rc = editor_run(in, stdout);
    if (in != stdin)
        fclose(in);
    return rc;
}
