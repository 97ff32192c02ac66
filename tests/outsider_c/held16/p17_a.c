#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define MAX_SAMPLES 16
#define MAX_VOICES 8
#define MIX_FRAMES 256
#define MAX_WAV_BYTES (8u << 20)

typedef struct {
    char name[16];
    int16_t *data;
    size_t frames;
} Sample;

typedef struct {
    const int16_t *data;
    size_t frames, pos;
    int vol;
    int active;
} Voice;

typedef struct {
    char id[4];
    uint32_t size;
} ChunkHdr;

static Sample samples[MAX_SAMPLES];
static Voice voices[MAX_VOICES];
static int32_t peak;

static Sample *sample_find(const char *name)
{
    for (int i = 0; i < MAX_SAMPLES; i++)
        if (samples[i].data && strcmp(samples[i].name, name) == 0)
            return &samples[i];
    return NULL;
}

int sample_load(const char *name, const char *path)
{
    FILE *f = fopen(path, "rb");
    char riff[12];
    ChunkHdr ch;
    uint16_t fmt[8] = {0};
    Sample *s = NULL;

    if (!f)
        return -1;
    if (fread(riff, 1, 12, f) != 12 || memcmp(riff, "RIFF", 4) || memcmp(riff + 8, "WAVE", 4))
        goto fail;
    while (fread(&ch, sizeof ch, 1, f) == 1) {
        if (memcmp(ch.id, "fmt ", 4) == 0) {
            if (ch.size < 16 || fread(fmt, 1, 16, f) != 16)
                goto fail;
            fseek(f, (long)(ch.size - 16), SEEK_CUR);
        } else if (memcmp(ch.id, "data", 4) == 0) {
            if (fmt[0] != 1 || fmt[1] != 1 || fmt[7] != 16 || ch.size == 0 || ch.size > MAX_WAV_BYTES)
                goto fail;
            for (int i = 0; i < MAX_SAMPLES && !s; i++)
                if (!samples[i].data)
                    s = &samples[i];
            if (!s || !(s->data = malloc(ch.size)))
                goto fail;
            s->frames = fread(s->data, 2, ch.size / 2, f);
            strncpy(s->name, name, sizeof s->name - 1);
            fclose(f);
            return 0;
        } else {
            fseek(f, (long)ch.size, SEEK_CUR);
        }
    }
fail:
    fclose(f);
    return -1;
}

void sample_unload(const char *name)
{
    Sample *s = sample_find(name);
    if (!s)
        return;
    free(s->data);
    memset(s, 0, sizeof *s);
}

int play(const char *name, int vol)
{
    Sample *s = sample_find(name);
    if (!s || s->frames == 0)
        return -1;
    for (int i = 0; i < MAX_VOICES; i++) {
        if (!voices[i].active) {
            voices[i].data = s->data;
            voices[i].frames = s->frames;
            voices[i].pos = 0;
            voices[i].vol = vol < 0 ? 0 : vol > 128 ? 128 : vol;
            voices[i].active = 1;
            return i;
        }
    }
    return -1;
}

void mix(int16_t *out, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        int32_t acc = 0;
        for (int i = 0; i < MAX_VOICES; i++) {
            Voice *v = &voices[i];
            if (!v->active)
                continue;
            acc += v->data[v->pos] * v->vol / 128;
            if (++v->pos >= v->frames)
                v->active = 0;
        }
        if (acc > 32767) acc = 32767;
        if (acc < -32768) acc = -32768;
        if (abs(acc) > peak)
            peak = abs(acc);
        out[k] = (int16_t)acc;
    }
}

int main(int argc, char **argv)
{
    char line[256], a[64], b[160];
    int16_t buf[MIX_FRAMES];
    FILE *in = argc > 1 ? fopen(argv[1], "r") : stdin;
    int vol;

    if (!in)
        return 1;
    while (fgets(line, sizeof line, in)) {
        if (sscanf(line, "load %63s %159s", a, b) == 2) {
            if (sample_load(a, b) != 0)
                fprintf(stderr, "cannot load %s\n", b);
        } else if (sscanf(line, "play %63s %d", a, &vol) == 2) {
            play(a, vol);
        } else if (sscanf(line, "unload %63s", a) == 1) {
            sample_unload(a);
        } else if (sscanf(line, "mix %d", &vol) == 1) {
            while (vol-- > 0)
                mix(buf, MIX_FRAMES);
        }
    }
    if (in != stdin)
        fclose(in);
    printf("peak %d\n", (int)peak);
    for (int i = 0; i < MAX_SAMPLES; i++)
        free(samples[i].data);
    return 0;
}
