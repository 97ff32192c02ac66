#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define LABEL_MAX 32
#define MAX_LABELS 128
#define MAX_CODE 4096

enum { OP_HALT, OP_PUSH, OP_ADD, OP_SUB, OP_JMP, OP_JZ, OP_PRINT };

struct label {
    char name[LABEL_MAX];
    int addr;
};

struct reloc {
    int at;
    int label;
};

struct assembler {
    unsigned char code[MAX_CODE];
    int ncode;
    struct label labels[MAX_LABELS];
    int nlabels;
    struct reloc relocs[MAX_LABELS];
    int nrelocs;
    int lineno;
};

static const struct { const char *name; int op; int nargs; } optab[] = {
    { "halt", OP_HALT, 0 }, { "push", OP_PUSH, 1 }, { "add", OP_ADD, 0 },
    { "sub", OP_SUB, 0 }, { "jmp", OP_JMP, 1 }, { "jz", OP_JZ, 1 },
    { "print", OP_PRINT, 0 },
};

static int find_label(struct assembler *as, const char *p, size_t n)
{
    char name[LABEL_MAX];
    int i;
    if (n > sizeof name)
        return -1;
    memcpy(name, p, n);
    name[n] = '\0';
    for (i = 0; i < as->nlabels; i++)
        if (strcmp(as->labels[i].name, name) == 0)
            return i;
    if (as->nlabels >= MAX_LABELS)
        return -1;
    strcpy(as->labels[as->nlabels].name, name);
    as->labels[as->nlabels].addr = -1;
    return as->nlabels++;
}

static int emit(struct assembler *as, int byte)
{
    if (as->ncode >= MAX_CODE)
        return -1;
    as->code[as->ncode++] = (unsigned char)byte;
    return 0;
}

static int assemble_line(struct assembler *as, const char *p, size_t n)
{
    size_t i = 0, w;
    unsigned k;
    int l;
    while (i < n && isspace((unsigned char)p[i]))
        i++;
    w = i;
    while (w < n && !isspace((unsigned char)p[w]) && p[w] != ':' && p[w] != ';')
        w++;
    if (w == i)
        return 0;
    if (w < n && p[w] == ':') {
        if ((l = find_label(as, p + i, w - i)) < 0)
            return -1;
        as->labels[l].addr = as->ncode;
        return assemble_line(as, p + w + 1, n - w - 1);
    }
    for (k = 0; k < sizeof optab / sizeof optab[0]; k++) {
        if (strlen(optab[k].name) != w - i || memcmp(optab[k].name, p + i, w - i) != 0)
            continue;
        if (emit(as, optab[k].op) < 0)
            return -1;
        if (!optab[k].nargs)
            return 0;
        while (w < n && isspace((unsigned char)p[w]))
            w++;
        if (optab[k].op == OP_PUSH)
            return emit(as, atoi(p + w) & 0xff);
        i = w;
        while (w < n && !isspace((unsigned char)p[w]))
            w++;
        if ((l = find_label(as, p + i, w - i)) < 0 || as->nrelocs >= MAX_LABELS)
            return -1;
        as->relocs[as->nrelocs].at = as->ncode;
        as->relocs[as->nrelocs++].label = l;
        return emit(as, 0);
    }
    return -1;
}

int assemble(struct assembler *as, FILE *in)
{
    char line[512];
    int i;
    while (fgets(line, sizeof line, in)) {
        as->lineno++;
        if (assemble_line(as, line, strlen(line)) < 0) {
            fprintf(stderr, "line %d: syntax error\n", as->lineno);
            return -1;
        }
    }
    for (i = 0; i < as->nrelocs; i++) {
        struct label *lb = &as->labels[as->relocs[i].label];
        if (lb->addr < 0) {
            fprintf(stderr, "undefined label %s\n", lb->name);
            return -1;
        }
        as->code[as->relocs[i].at] = (unsigned char)lb->addr;
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct assembler *as = calloc(1, sizeof *as);
    FILE *in = stdin;
    int i;
    if (!as)
        return 1;
    if (argc > 1 && !(in = fopen(argv[1], "r"))) {
        perror(argv[1]);
        free(as);
        return 1;
    }
    if (assemble(as, in) == 0) {
        for (i = 0; i < as->ncode; i++)
            printf("%02x%c", as->code[i], (i % 16 == 15) ? '\n' : ' ');
        putchar('\n');
    }
    if (in != stdin)
        fclose(in);
    free(as);
    return 0;
}
