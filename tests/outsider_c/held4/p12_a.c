#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define MAX_INST  64
#define NUM_PROGS 128

enum wave { W_SINE, W_SQUARE, W_SAW, W_NOISE };

typedef struct {
    char name[24];
    enum wave wave;
    uint16_t attack, decay, release;
    uint8_t sustain;
} instrument_t;

typedef struct {
    const instrument_t *inst;
    int8_t transpose;
    uint8_t volume;
} program_t;

typedef struct {
    instrument_t inst[MAX_INST];
    int ninst;
    program_t progs[NUM_PROGS];
} soundbank_t;

static soundbank_t g_bank;

static int wave_from_name(const char *s)
{
    static const char *names[] = { "sine", "square", "saw", "noise" };
    for (int i = 0; i < 4; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

static const instrument_t *bank_find(const soundbank_t *b, const char *name)
{
    for (int i = 0; i < b->ninst; i++)
        if (strcmp(b->inst[i].name, name) == 0)
            return &b->inst[i];
    return NULL;
}

static int parse_inst(soundbank_t *b, const char *line)
{
    char name[24], wave[16];
    unsigned a, d, s, r;
    if (b->ninst >= MAX_INST)
        return -1;
    if (sscanf(line, "inst %23s %15s %u %u %u %u", name, wave, &a, &d, &s, &r) != 6)
        return -1;
    int w = wave_from_name(wave);
    if (w < 0 || s > 127)
        return -1;
    instrument_t *in = &b->inst[b->ninst++];
    strcpy(in->name, name);
    in->wave = (enum wave)w;
    in->attack = (uint16_t)a;
    in->decay = (uint16_t)d;
    in->sustain = (uint8_t)s;
    in->release = (uint16_t)r;
    return 0;
}

static int parse_prog(soundbank_t *b, const char *line)
{
    char name[24];
    int num, tr, vol;
    if (sscanf(line, "prog %d %23s %d %d", &num, name, &tr, &vol) != 4)
        return -1;
    if (num < 0 || num >= NUM_PROGS || tr < -48 || tr > 48 || vol < 0 || vol > 127)
        return -1;
    const instrument_t *in = bank_find(b, name);
    if (!in) {
        fprintf(stderr, "prog %d: unknown instrument %s\n", num, name);
        return -1;
    }
    program_t *p = &b->progs[num];
    p->inst = in;
    p->transpose = (int8_t)tr;
    p->volume = (uint8_t)((vol * p->inst->sustain) / 127);
    return 0;
}

int bank_load(soundbank_t *b, FILE *f)
{
    char line[160];
    int errs = 0;
    while (fgets(line, sizeof(line), f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (strncmp(line, "inst ", 5) == 0)
            errs += parse_inst(b, line) != 0;
        else if (strncmp(line, "prog ", 5) == 0)
            errs += parse_prog(b, line) != 0;
        else
            errs++;
    }
    return errs;
}

static void bank_dump(const soundbank_t *b)
{
    static const char *wn[] = { "sine", "square", "saw", "noise" };
    for (int i = 0; i < NUM_PROGS; i++) {
        const program_t *p = &b->progs[i];
        if (!p->inst)
            continue;
        printf("%3d %-23s %-6s A%u D%u S%u R%u tr%+d vol%u\n", i, p->inst->name, wn[p->inst->wave],
               p->inst->attack, p->inst->decay, p->inst->sustain, p->inst->release,
               p->transpose, p->volume);
    }
}

int main(int argc, char **argv)
{
    FILE *f = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    int errs = bank_load(&g_bank, f);
    if (f != stdin)
        fclose(f);
    if (errs)
        fprintf(stderr, "%d rejected lines\n", errs);
    bank_dump(&g_bank);
    return 0;
}
