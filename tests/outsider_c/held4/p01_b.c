#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define MEM_SIZE   4096
#define PROG_START 0x200
#define GFX_W      64
#define GFX_H      32

typedef struct {
    uint8_t *mem;
    uint8_t v[16];
    uint16_t i;
    uint16_t pc;
    uint16_t stack[16];
    uint8_t sp;
    uint8_t delay;
    uint8_t gfx[GFX_W * GFX_H];
} chip8_t;

static const uint8_t fontset[80] = {
    0xF0,0x90,0x90,0x90,0xF0, 0x20,0x60,0x20,0x20,0x70,
    0xF0,0x10,0xF0,0x80,0xF0, 0xF0,0x10,0xF0,0x10,0xF0,
    0x90,0x90,0xF0,0x10,0x10, 0xF0,0x80,0xF0,0x10,0xF0,
    0xF0,0x80,0xF0,0x90,0xF0, 0xF0,0x10,0x20,0x40,0x40,
    0xF0,0x90,0xF0,0x90,0xF0, 0xF0,0x90,0xF0,0x10,0xF0,
    0xF0,0x90,0xF0,0x90,0x90, 0xE0,0x90,0xE0,0x90,0xE0,
    0xF0,0x80,0x80,0x80,0xF0, 0xE0,0x90,0x90,0x90,0xE0,
    0xF0,0x80,0xF0,0x80,0xF0, 0xF0,0x80,0xF0,0x80,0x80
};

chip8_t *chip8_new(void)
{
    chip8_t *c = calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    c->mem = calloc(MEM_SIZE, 1);
    if (!c->mem) {
        free(c);
        return NULL;
    }
    memcpy(c->mem, fontset, sizeof(fontset));
    c->pc = PROG_START;
    return c;
}

void chip8_free(chip8_t *c)
{
    if (!c)
        return;
    free(c->mem);
    free(c);
}

int chip8_load(chip8_t *c, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t n = fread(c->mem + PROG_START, 1, MEM_SIZE - PROG_START, f);
    fclose(f);
    return n > 0 ? 0 : -1;
}

static void chip8_draw(chip8_t *c, uint8_t x, uint8_t y, uint8_t rows)
{
    c->v[15] = 0;
    for (uint8_t r = 0; r < rows; r++) {
        uint8_t bits = c->mem[(c->i + r) & 0xFFF];
        for (uint8_t b = 0; b < 8; b++) {
            if (!(bits & (0x80 >> b)))
                continue;
            unsigned px = (x + b) % GFX_W;
            unsigned py = (y + r) % GFX_H;
            uint8_t *cell = &c->gfx[py * GFX_W + px];
            if (*cell)
                c->v[15] = 1;
            *cell ^= 1;
        }
    }
}

int chip8_step(chip8_t *c)
{
    uint16_t op = (uint16_t)(c->mem[c->pc & 0xFFF] << 8) | c->mem[(c->pc + 1) & 0xFFF];
    uint8_t x = (op >> 8) & 0xF;
    uint8_t y = (op >> 4) & 0xF;
    uint8_t nn = op & 0xFF;
    uint16_t nnn = op & 0xFFF;
    c->pc += 2;

    switch (op & 0xF000) {
    case 0x0000:
        if (op == 0x00E0) {
            memset(c->gfx, 0, sizeof(c->gfx));
        } else if (op == 0x00EE) {
            if (c->sp == 0)
                return -1;
            c->pc = c->stack[--c->sp];
        } else if (op == 0x0000) {
            return 1;
        }
        break;
    case 0x1000: c->pc = nnn; break;
    case 0x2000:
        if (c->sp >= 16)
            return -1;
        c->stack[c->sp++] = c->pc;
        c->pc = nnn;
        break;
    case 0x3000: if (c->v[x] == nn) c->pc += 2; break;
    case 0x4000: if (c->v[x] != nn) c->pc += 2; break;
    case 0x6000: c->v[x] = nn; break;
    case 0x7000: c->v[x] += nn; break;
    case 0x8000:
        switch (op & 0xF) {
        case 0x0: c->v[x] = c->v[y]; break;
        case 0x1: c->v[x] |= c->v[y]; break;
        case 0x2: c->v[x] &= c->v[y]; break;
        case 0x4: {
            uint16_t s = c->v[x] + c->v[y];
            c->v[x] = s & 0xFF;
            c->v[15] = s > 0xFF;
            break;
        }
        default: return -1;
        }
        break;
    case 0xA000: c->i = nnn; break;
    case 0xD000: chip8_draw(c, c->v[x], c->v[y], op & 0xF); break;
    case 0xF000:
        switch (nn) {
        case 0x07: c->v[x] = c->delay; break;
        case 0x15: c->delay = c->v[x]; break;
        case 0x1E: c->i += c->v[x]; break;
        case 0x33:
            c->mem[c->i & 0xFFF] = c->v[x] / 100;
            c->mem[(c->i + 1) & 0xFFF] = (c->v[x] / 10) % 10;
            c->mem[(c->i + 2) & 0xFFF] = c->v[x] % 10;
            break;
        case 0x55:
            for (uint8_t r = 0; r <= x; r++)
                c->mem[c->i + r] = c->v[r];
            break;
        case 0x65:
            if (c->i + x >= MEM_SIZE)
                return -1;
            for (uint8_t r = 0; r <= x; r++)
                c->v[r] = c->mem[c->i + r];
            break;
        default: return -1;
        }
        break;
    default:
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s rom.ch8\n", argv[0]);
        return 1;
    }
    chip8_t *c = chip8_new();
    if (!c || chip8_load(c, argv[1]) != 0) {
        fprintf(stderr, "cannot load %s\n", argv[1]);
        chip8_free(c);
        return 1;
    }
    int rc = 0;
    for (int cycle = 0; cycle < 10000 && rc == 0; cycle++) {
        rc = chip8_step(c);
        if (c->delay)
            c->delay--;
    }
    char regs[128];
    int off = 0;
    for (int r = 0; r < 16; r++)
        off += sprintf(regs + off, "%02X ", c->v[r]);
    printf("pc=%03X i=%03X v=%s\n", c->pc, c->i, regs);
    chip8_free(c);
    return rc < 0 ? 2 : 0;
}
