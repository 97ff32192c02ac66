#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define MAX_FRAMES (60 * 60 * 30)
#define BTN_MASK 0x0FFFu

typedef struct {
    char magic[4];
    uint32_t version;
    uint32_t nframes;
    uint32_t seed;
    char map[16];
} DemoHeader;

typedef struct {
    uint16_t buttons;
    int8_t dx, dy;
} Frame;

typedef struct {
    DemoHeader hdr;
    char map[17];
    Frame *frames;
    uint32_t nframes;
} Demo;

int demo_load(const char *path, Demo *d)
{
    FILE *f = fopen(path, "rb");
    Frame *frames;
    uint32_t i;

    if (!f)
        return -1;
    if (fread(&d->hdr, sizeof d->hdr, 1, f) != 1 || memcmp(d->hdr.magic, "DEM1", 4) != 0 ||
        d->hdr.version != 2 || d->hdr.nframes == 0 || d->hdr.nframes > MAX_FRAMES) {
        fclose(f);
        return -1;
    }
    frames = malloc(d->hdr.nframes * sizeof(Frame));
    if (!frames) {
        fclose(f);
        return -1;
    }
    for (i = 0; i < d->hdr.nframes; i++) {
        if (fread(&frames[i], sizeof(Frame), 1, f) != 1)
            break;
        if (frames[i].buttons & ~BTN_MASK) {
            fprintf(stderr, "%s: corrupt frame %u\n", path, i);
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    memcpy(d->map, d->hdr.map, sizeof d->hdr.map);
    d->map[16] = '\0';
    d->frames = frames;
    d->nframes = i;
    return 0;
}

static void demo_play(const Demo *d, long *x, long *y, unsigned *jumps)
{
    uint16_t prev = 0;
    *x = *y = 0;
    *jumps = 0;
    for (uint32_t i = 0; i < d->nframes; i++) {
        const Frame *fr = &d->frames[i];
        *x += fr->dx;
        *y += fr->dy;
        if ((fr->buttons & 1u) && !(prev & 1u))
            (*jumps)++;
        prev = fr->buttons;
    }
}

int demo_save(const char *path, const Demo *d)
{
    FILE *f = fopen(path, "wb");
    DemoHeader h = d->hdr;

    if (!f)
        return -1;
    h.nframes = d->nframes;
    fwrite(&h, sizeof h, 1, f);
    fwrite(d->frames, sizeof(Frame), d->nframes, f);
    return fclose(f);
}

int main(int argc, char **argv)
{
    int failures = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s demo.dem...\n", argv[0]);
        return 1;
    }
    for (int a = 1; a < argc; a++) {
        Demo d;
        long x, y;
        unsigned jumps;
        char summary[128];

        memset(&d, 0, sizeof d);
        if (demo_load(argv[a], &d) != 0) {
            failures++;
            continue;
        }
        demo_play(&d, &x, &y, &jumps);
        snprintf(summary, sizeof summary, "%s map=%s seed=%u frames=%u end=(%ld,%ld) jumps=%u",
                 argv[a], d.map, d.hdr.seed, d.nframes, x, y, jumps);
        puts(summary);
        if (d.nframes < d.hdr.nframes) {
            char out[256];
            snprintf(out, sizeof out, "%s.trim", argv[a]);
            demo_save(out, &d);
        }
        free(d.frames);
    }
    return failures ? 2 : 0;
}
