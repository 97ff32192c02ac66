#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RING_CAP 48
#define CHUNK 128
#define LINE_MAX_LEN 64

struct ring {
    unsigned char *data;
    size_t cap;
    size_t head;
    size_t tail;
    size_t count;
};

static struct ring *ring_new(size_t cap)
{
    struct ring *rb = calloc(1, sizeof(*rb));
    if (!rb)
        return NULL;
    rb->data = malloc(cap);
    if (!rb->data) {
        free(rb);
        return NULL;
    }
    rb->cap = cap;
    return rb;
}

static void ring_free(struct ring *rb)
{
    if (!rb)
        return;
    free(rb->data);
    free(rb);
}

size_t ring_write(struct ring *rb, const unsigned char *src, size_t len)
{
    size_t space = rb->cap - rb->count;
    size_t first;

    if (space == 0)
        return 0;
    if (len > space)
        len = space;
    first = rb->cap - rb->head;
    if (first > len)
        first = len;
    memcpy(rb->data + rb->head, src, first);
    memcpy(rb->data, src + first, len - first);
    rb->head = (rb->head + len) % rb->cap;
    rb->count += len;
    return len;
}

size_t ring_read(struct ring *rb, unsigned char *dst, size_t len)
{
    size_t first;

    if (len > rb->count)
        len = rb->count;
    first = rb->cap - rb->tail;
    if (first > len)
        first = len;
    memcpy(dst, rb->data + rb->tail, first);
    memcpy(dst + first, rb->data, len - first);
    rb->tail = (rb->tail + len) % rb->cap;
    rb->count -= len;
    return len;
}

static size_t ring_find(const struct ring *rb, unsigned char c)
{
    size_t i;

    for (i = 0; i < rb->count; i++) {
        if (rb->data[(rb->tail + i) % rb->cap] == c)
            return i + 1;
    }
    return 0;
}

static void emit(const char *prefix, unsigned long no, const unsigned char *buf, size_t n)
{
    char line[LINE_MAX_LEN + 1];

    memcpy(line, buf, n);
    line[n] = '\0';
    if (n > 0 && line[n - 1] == '\n')
        line[n - 1] = '\0';
    printf("%s%4lu| %s\n", prefix, no, line);
}

static unsigned long drain(struct ring *rb, const char *prefix, unsigned long no, int flush)
{
    unsigned char tmp[LINE_MAX_LEN];
    size_t n;

    while ((n = ring_find(rb, '\n')) > 0) {
        ring_read(rb, tmp, n);
        emit(prefix, ++no, tmp, n);
    }
    if ((flush || rb->count == rb->cap) && rb->count > 0) {
        n = ring_read(rb, tmp, sizeof(tmp));
        emit(prefix, ++no, tmp, n);
    }
    return no;
}

int main(int argc, char **argv)
{
    unsigned char chunk[CHUNK];
    char prefix[32];
    struct ring *rb;
    unsigned long no = 0;
    size_t n, off, w;
    FILE *fp;

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [PREFIX]\n", argv[0]);
        return 1;
    }
    strcpy(prefix, "");
    if (argc > 2 && strlen(argv[2]) < sizeof(prefix))
        strcpy(prefix, argv[2]);
    fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    rb = ring_new(RING_CAP);
    if (!rb) {
        fclose(fp);
        return 1;
    }
    while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0) {
        off = 0;
        while (off < n) {
            w = ring_write(rb, chunk + off, n - off);
            off += w;
            no = drain(rb, prefix, no, 0);
        }
    }
    no = drain(rb, prefix, no, 1);
    fprintf(stderr, "%lu lines\n", no);
    ring_free(rb);
    fclose(fp);
    return 0;
}
