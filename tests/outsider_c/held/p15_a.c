#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define REC_HDR 12
#define MAX_EVENTS 256

struct event {
    uint32_t start;
    uint32_t duration;
    uint16_t flags;
    char title[64];
};

static uint16_t get16(const unsigned char *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

int decode_event(const unsigned char *p, size_t avail, struct event *ev, size_t *consumed)
{
    int rec_len, title_len;

    if (avail < REC_HDR)
        return -1;
    rec_len = get16(p);
    if ((size_t)rec_len > avail)
        return -1;
    ev->start = get32(p + 2);
    ev->duration = get32(p + 6);
    ev->flags = get16(p + 10);
    title_len = rec_len - REC_HDR;
    if (title_len > (int)sizeof(ev->title) - 1)
        title_len = (int)sizeof(ev->title) - 1;
    memcpy(ev->title, p + REC_HDR, title_len);
    ev->title[title_len] = '\0';
    *consumed = (size_t)rec_len;
    return 0;
}

static void format_time(uint32_t minutes, char *buf, size_t len)
{
    unsigned day = minutes / 1440;
    unsigned hh = (minutes % 1440) / 60;
    unsigned mm = minutes % 60;
    snprintf(buf, len, "day %u %02u:%02u", day, hh, mm);
}

static int overlaps(const struct event *a, const struct event *b)
{
    return a->start < b->start + b->duration && b->start < a->start + a->duration;
}

int main(int argc, char **argv)
{
    static unsigned char data[65536];
    static struct event ev[MAX_EVENTS];
    FILE *fp;
    size_t size, pos = 0;
    int n = 0, i, j;

    if (argc < 2) {
        fprintf(stderr, "usage: %s calendar.bin\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    size = fread(data, 1, sizeof(data), fp);
    fclose(fp);

    while (pos < size && n < MAX_EVENTS) {
        size_t used;
        if (decode_event(data + pos, size - pos, &ev[n], &used) != 0) {
            fprintf(stderr, "corrupt record at offset %zu\n", pos);
            break;
        }
        pos += used;
        n++;
    }
    for (i = 0; i < n; i++) {
        char when[32];
        format_time(ev[i].start, when, sizeof(when));
        printf("%-16s %4u min  %s%s\n", when, ev[i].duration, ev[i].title,
               (ev[i].flags & 1) ? " [busy]" : "");
        for (j = 0; j < i; j++)
            if (overlaps(&ev[i], &ev[j]))
                printf("    conflicts with \"%s\"\n", ev[j].title);
    }
    return 0;
}
