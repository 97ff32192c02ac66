#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define STACK_MAX 64
#define CODE_MAX  4096

enum {
    OP_HALT, OP_PUSH, OP_POP, OP_ADD, OP_SUB, OP_MUL, OP_DUP,
    OP_SWAP, OP_JMP, OP_JZ, OP_PRINT, OP_COUNT
};

static const int8_t stack_grow[OP_COUNT] = { 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0 };
static const char *op_names[OP_COUNT] = {
    "halt", "push", "pop", "add", "sub", "mul", "dup", "swap", "jmp", "jz", "print"
};

static uint8_t g_code[CODE_MAX];
static size_t g_code_len;
static int g_trace;

static int32_t vm_pop(int32_t *stack, int *sp)
{
    *sp -= 1;
    return stack[*sp];
}

static uint16_t fetch16(const uint8_t *code, size_t len, size_t *pc)
{
    if (*pc + 2 > len) {
        *pc = len;
        return 0;
    }
    uint16_t v = (uint16_t)(code[*pc] | code[*pc + 1] << 8);
    *pc += 2;
    return v;
}

int vm_run(const uint8_t *code, size_t len, FILE *out)
{
    int32_t stack[STACK_MAX];
    int sp = 0;
    size_t pc = 0;
    unsigned steps = 0;

    while (pc < len && steps++ < 100000) {
        uint8_t op = code[pc++];
        if (op >= OP_COUNT)
            return -1;
        if (sp + stack_grow[op] > STACK_MAX)
            return -2;
        if (g_trace)
            fprintf(stderr, "%04zx %-5s sp=%d\n", pc - 1, op_names[op], sp);
        int32_t a, b;
        switch (op) {
        case OP_HALT: return 0;
        case OP_PUSH: stack[sp++] = (int16_t)fetch16(code, len, &pc); break;
        case OP_POP: vm_pop(stack, &sp); break;
        case OP_ADD: b = vm_pop(stack, &sp); a = vm_pop(stack, &sp); stack[sp++] = a + b; break;
        case OP_SUB: b = vm_pop(stack, &sp); a = vm_pop(stack, &sp); stack[sp++] = a - b; break;
        case OP_MUL: b = vm_pop(stack, &sp); a = vm_pop(stack, &sp); stack[sp++] = (int32_t)((int64_t)a * b); break;
        case OP_DUP: a = stack[sp - 1]; stack[sp++] = a; break;
        case OP_SWAP: a = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = a; break;
        case OP_JMP: pc = fetch16(code, len, &pc); break;
        case OP_JZ: {
            uint16_t target = fetch16(code, len, &pc);
            if (vm_pop(stack, &sp) == 0)
                pc = target;
            break;
        }
        case OP_PRINT: fprintf(out, "%d\n", vm_pop(stack, &sp)); break;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    int argi = 1;
    if (argi < argc && strcmp(argv[argi], "-t") == 0) {
        g_trace = 1;
        argi++;
    }
    if (argi >= argc) {
        fprintf(stderr, "usage: %s [-t] program.bin\n", argv[0]);
        return 1;
    }
    FILE *f = fopen(argv[argi], "rb");
    if (!f) {
        perror(argv[argi]);
        return 1;
    }
    g_code_len = fread(g_code, 1, sizeof(g_code), f);
    fclose(f);
    int rc = vm_run(g_code, g_code_len, stdout);
    if (rc != 0)
        fprintf(stderr, "vm error %d\n", rc);
    return rc == 0 ? 0 : 2;
}
