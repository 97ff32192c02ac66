#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define FLAG_C 0x01
#define FLAG_Z 0x02
#define FLAG_I 0x04
#define FLAG_V 0x40
#define FLAG_N 0x80

typedef struct {
    uint8_t a, x, y, sp, p;
    uint16_t pc;
    uint64_t cycles;
} Cpu6502;

static uint8_t ram[0x800];
static uint8_t *prg;
static size_t prg_size;

uint8_t bus_read(uint16_t addr)
{
    if (addr < 0x2000)
        return ram[addr & 0x7FF];
    if (addr >= 0x8000)
        return prg[(addr - 0x8000) % prg_size];
    return 0;
}

void bus_write(uint16_t addr, uint8_t v)
{
    if (addr < 0x2000)
        ram[addr & 0x7FF] = v;
}

void cpu_reset(Cpu6502 *c)
{
    c->a = c->x = c->y = 0;
    c->sp = 0xFD;
    c->pc = (uint16_t)(bus_read(0xFFFC) | (bus_read(0xFFFD) << 8));
    c->cycles = 7;
}

static void set_zn(Cpu6502 *c, uint8_t v)
{
    c->p = (uint8_t)((c->p & ~(FLAG_Z | FLAG_N)) | (v ? 0 : FLAG_Z) | (v & FLAG_N));
}

static uint8_t imm(Cpu6502 *c)
{
    return bus_read(c->pc++);
}

static void branch(Cpu6502 *c, int take)
{
    int8_t off = (int8_t)imm(c);
    c->cycles += 2;
    if (take) {
        c->pc = (uint16_t)(c->pc + off);
        c->cycles++;
    }
}

int cpu_step(Cpu6502 *c)
{
    uint8_t op = bus_read(c->pc++);
    uint16_t addr;
    unsigned sum;

    switch (op) {
    case 0xA9: c->a = imm(c); set_zn(c, c->a); c->cycles += 2; break;
    case 0xA2: c->x = imm(c); set_zn(c, c->x); c->cycles += 2; break;
    case 0xE8: c->x++; set_zn(c, c->x); c->cycles += 2; break;
    case 0xCA: c->x--; set_zn(c, c->x); c->cycles += 2; break;
    case 0x18: c->p &= (uint8_t)~FLAG_C; c->cycles += 2; break;
    case 0x38: c->p |= FLAG_C; c->cycles += 2; break;
    case 0x69:
        sum = c->a + imm(c) + (c->p & FLAG_C);
        c->p = (uint8_t)((c->p & ~FLAG_C) | (sum > 0xFF ? FLAG_C : 0));
        c->a = (uint8_t)sum;
        set_zn(c, c->a);
        c->cycles += 2;
        break;
    case 0x8D:
        addr = imm(c);
        addr |= (uint16_t)(imm(c) << 8);
        bus_write(addr, c->a);
        c->cycles += 4;
        break;
    case 0x4C:
        addr = imm(c);
        addr |= (uint16_t)(imm(c) << 8);
        c->pc = addr;
        c->cycles += 3;
        break;
    case 0x90: branch(c, !(c->p & FLAG_C)); break;
    case 0xB0: branch(c, c->p & FLAG_C); break;
    case 0xD0: branch(c, !(c->p & FLAG_Z)); break;
    case 0xF0: branch(c, c->p & FLAG_Z); break;
    case 0xEA: c->cycles += 2; break;
    default:
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    Cpu6502 cpu;
    FILE *f;
    long len;
    char hud[80];

    if (argc < 2) {
        fprintf(stderr, "usage: %s prg.bin\n", argv[0]);
        return 1;
    }
    if (!(f = fopen(argv[1], "rb")))
        return 1;
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    rewind(f);
    if (len != 0x4000 && len != 0x8000) {
        fclose(f);
        fprintf(stderr, "PRG must be 16K or 32K\n");
        return 1;
    }
    prg_size = (size_t)len;
    prg = malloc(prg_size);
    if (!prg || fread(prg, 1, prg_size, f) != prg_size) {
        fclose(f);
        free(prg);
        return 1;
    }
    fclose(f);
    cpu_reset(&cpu);
    while (cpu.cycles < 100000 && cpu_step(&cpu) == 0)
        ;
    snprintf(hud, sizeof hud, "A=%02X X=%02X P=%02X PC=%04X cyc=%llu",
             cpu.a, cpu.x, cpu.p, cpu.pc, (unsigned long long)cpu.cycles);
    puts(hud);
    printf("$0200 = %02X\n", ram[0x200]);
    free(prg);
    return 0;
}
