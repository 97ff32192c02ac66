#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

enum operand { A_NONE, A_U8, A_I16, A_U16, A_STR };

struct opinfo {
    const char *name;
    enum operand arg;
};

static const struct opinfo ops[] = {
    { "nop", A_NONE }, { "push8", A_U8 }, { "push16", A_I16 }, { "pushs", A_STR },
    { "add", A_NONE }, { "sub", A_NONE }, { "mul", A_NONE }, { "div", A_NONE },
    { "load", A_U8 }, { "store", A_U8 }, { "jmp", A_U16 }, { "jz", A_U16 },
    { "call", A_U16 }, { "ret", A_NONE }, { "print", A_NONE }, { "halt", A_NONE },
};

#define NOPS (sizeof ops / sizeof ops[0])

struct image {
    const uint8_t *code;
    size_t len;
};

static void quote_into(char *dst, size_t dstsz, const char *src, size_t n)
{
    size_t i, k = 0;
    for (i = 0; i < n && k + 3 < dstsz; i++) {
        switch (src[i]) {
        case '\n': dst[k++] = '\\'; dst[k++] = 'n'; break;
        case '"': dst[k++] = '\\'; dst[k++] = '"'; break;
        default: dst[k++] = (src[i] >= 32 && src[i] < 127) ? src[i] : '.'; break;
        }
    }
    dst[k] = '\0';
}

static size_t disasm_one(const struct image *im, size_t pc, char *out, size_t outsz)
{
    const struct opinfo *op;
    uint8_t b = im->code[pc];
    char text[64], shown[160];
    size_t n;
    if (b >= NOPS) {
        snprintf(out, outsz, "%04zx  .byte 0x%02x", pc, b);
        return 1;
    }
    op = &ops[b];
    switch (op->arg) {
    case A_NONE:
        snprintf(out, outsz, "%04zx  %s", pc, op->name);
        return 1;
    case A_U8:
        if (pc + 1 >= im->len)
            break;
        snprintf(out, outsz, "%04zx  %-7s %u", pc, op->name, im->code[pc + 1]);
        return 2;
    case A_I16:
    case A_U16:
        if (pc + 2 >= im->len)
            break;
        n = (size_t)im->code[pc + 1] | (size_t)im->code[pc + 2] << 8;
        if (op->arg == A_I16)
            snprintf(out, outsz, "%04zx  %-7s %d", pc, op->name, (int)(int16_t)n);
        else
            snprintf(out, outsz, "%04zx  %-7s 0x%04zx", pc, op->name, n);
        return 3;
    case A_STR:
        if (pc + 1 >= im->len)
            break;
        n = im->code[pc + 1];
        if (n > im->len - pc - 2)
            break;
        memcpy(text, im->code + pc + 2, n);
        text[n] = '\0';
        quote_into(shown, sizeof shown, text, strlen(text));
        snprintf(out, outsz, "%04zx  %-7s \"%s\"", pc, op->name, shown);
        return 2 + n;
    }
    snprintf(out, outsz, "%04zx  %s <truncated>", pc, op->name);
    return im->len - pc;
}

int disassemble(const uint8_t *code, size_t len, FILE *out)
{
    struct image im;
    char line[256];
    size_t pc = 0;
    im.code = code;
    im.len = len;
    while (pc < len) {
        pc += disasm_one(&im, pc, line, sizeof line);
        fprintf(out, "%s\n", line);
    }
    return 0;
}

int main(int argc, char **argv)
{
    uint8_t *buf;
    size_t len = 0, cap = 1 << 16;
    FILE *f = argc > 1 ? fopen(argv[1], "rb") : stdin;
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    if (!(buf = malloc(cap)))
        return 1;
    len = fread(buf, 1, cap, f);
    if (f != stdin)
        fclose(f);
    if (len >= 4 && memcmp(buf, "SVM\x01", 4) == 0)
        disassemble(buf + 4, len - 4, stdout);
    else
        fprintf(stderr, "not a bytecode image\n");
    free(buf);
    return 0;
}
