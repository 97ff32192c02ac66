#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define MEM_SIZE 4096
#define PROG_START 0x200
#define FONT_START 0x050
#define SCR_W 64
#define SCR_H 32

typedef struct {
    uint8_t v[16];
    uint16_t i;
    uint16_t pc;
    uint16_t stack[16];
    uint8_t sp;
    uint8_t delay;
    uint8_t sound;
    uint32_t cycles;
} Chip8;

static uint8_t mem[MEM_SIZE];
static uint8_t screen[SCR_W * SCR_H];
static Chip8 cpu;

static const uint8_t font[20] = {
    0xF0, 0x90, 0x90, 0x90, 0xF0,
    0x20, 0x60, 0x20, 0x20, 0x70,
    0xF0, 0x10, 0xF0, 0x80, 0xF0,
    0xF0, 0x10, 0xF0, 0x10, 0xF0
};

void chip8_reset(void)
{
    memset(&cpu, 0, sizeof cpu);
    memset(mem, 0, sizeof mem);
    memset(screen, 0, sizeof screen);
    memcpy(mem + FONT_START, font, sizeof font);
    cpu.pc = PROG_START;
}

int chip8_load(const char *path)
{
    FILE *f = fopen(path, "rb");
    size_t n;

    if (!f)
        return -1;
    n = fread(mem + PROG_START, 1, MEM_SIZE - PROG_START, f);
    fclose(f);
    return n > 0 ? (int)n : -1;
}

static uint16_t fetch(void)
{
    uint16_t op = (uint16_t)((mem[cpu.pc] << 8) | mem[(cpu.pc + 1) & 0xFFF]);
    cpu.pc = (cpu.pc + 2) & 0xFFF;
    return op;
}

static void draw(uint8_t x, uint8_t y, uint8_t rows)
{
    cpu.v[15] = 0;
    for (uint8_t r = 0; r < rows; r++) {
        uint8_t bits = mem[(cpu.i + r) & 0xFFF];
        for (int c = 0; c < 8; c++) {
            if (!(bits & (0x80 >> c)))
                continue;
            int px = (x + c) % SCR_W;
            int py = (y + r) % SCR_H;
            if (screen[py * SCR_W + px])
                cpu.v[15] = 1;
            screen[py * SCR_W + px] ^= 1;
        }
    }
}

int chip8_step(void)
{
    uint16_t op = fetch();
    uint8_t x = (op >> 8) & 0xF;
    uint8_t y = (op >> 4) & 0xF;
    uint16_t nnn = op & 0xFFF;
    uint8_t nn = op & 0xFF;

    cpu.cycles++;
    switch (op >> 12) {
    case 0x0:
        if (op == 0x00E0) {
            memset(screen, 0, sizeof screen);
        } else if (op == 0x00EE) {
            if (cpu.sp == 0)
                return -1;
            cpu.pc = cpu.stack[--cpu.sp];
        }
        break;
    case 0x1: cpu.pc = nnn; break;
    case 0x2:
        if (cpu.sp >= 16)
            return -1;
        cpu.stack[cpu.sp++] = cpu.pc;
        cpu.pc = nnn;
        break;
    case 0x3: if (cpu.v[x] == nn) cpu.pc = (cpu.pc + 2) & 0xFFF; break;
    case 0x6: cpu.v[x] = nn; break;
    case 0x7: cpu.v[x] += nn; break;
    case 0xA: cpu.i = nnn; break;
    case 0xB: cpu.pc = (nnn + cpu.v[0]) & 0xFFF; break;
    case 0xD: draw(cpu.v[x], cpu.v[y], op & 0xF); break;
    case 0xF:
        if (nn == 0x1E) {
            cpu.i = (cpu.i + cpu.v[x]) & 0xFFF;
        } else if (nn == 0x65) {
            for (int k = 0; k <= x; k++)
                cpu.v[k] = mem[(cpu.i + k) & 0xFFF];
        }
        break;
    default:
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    char hud[64];
    long limit = 1000;

    if (argc < 2) {
        fprintf(stderr, "usage: %s rom [cycles]\n", argv[0]);
        return 1;
    }
    if (argc > 2)
        limit = atol(argv[2]);
    chip8_reset();
    if (chip8_load(argv[1]) < 0) {
        fprintf(stderr, "cannot load %s\n", argv[1]);
        return 1;
    }
    while (cpu.cycles < (uint32_t)limit) {
        if (chip8_step() < 0)
            break;
    }
    snprintf(hud, sizeof hud, "PC=%03X I=%03X V0=%02X cyc=%u",
             cpu.pc, cpu.i, cpu.v[0], cpu.cycles);
    puts(hud);
    return 0;
}
