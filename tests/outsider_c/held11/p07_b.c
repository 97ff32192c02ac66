#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define STACK_CELLS 64
#define MAX_WORDS 64
#define MAX_BODY 256

struct word {
    char name[32];
    char body[MAX_BODY];
};

struct vm {
    long *stack;
    int sp;
    struct word dict[MAX_WORDS];
    int nwords;
    int depth;
    const char *err;
};

static void push(struct vm *vm, long v)
{
    if (vm->sp >= STACK_CELLS) {
        vm->err = "stack full";
        return;
    }
    vm->stack[vm->sp++] = v;
}

static long pop(struct vm *vm)
{
    if (vm->sp <= 0) {
        vm->err = "stack empty";
        return 0;
    }
    return vm->stack[--vm->sp];
}

static struct word *lookup(struct vm *vm, const char *p, size_t n)
{
    int i;
    for (i = vm->nwords - 1; i >= 0; i--)
        if (strlen(vm->dict[i].name) == n && strncmp(vm->dict[i].name, p, n) == 0)
            return &vm->dict[i];
    return NULL;
}

int vm_eval(struct vm *vm, const char *p, size_t n);

static void exec_word(struct vm *vm, const char *w, size_t n)
{
    long a, b;
    struct word *d;
    char num[32];
    if ((d = lookup(vm, w, n)) != NULL) {
        if (vm->depth > 16) {
            vm->err = "recursion too deep";
            return;
        }
        vm->depth++;
        vm_eval(vm, d->body, strlen(d->body));
        vm->depth--;
        return;
    }
    if (n == 1) {
        switch (w[0]) {
        case '+': b = pop(vm); a = pop(vm); push(vm, a + b); return;
        case '-': b = pop(vm); a = pop(vm); push(vm, a - b); return;
        case '*': b = pop(vm); a = pop(vm); push(vm, a * b); return;
        case '/':
            b = pop(vm); a = pop(vm);
            if (b == 0) { vm->err = "division by zero"; return; }
            push(vm, a / b);
            return;
        case '.': printf("%ld ", pop(vm)); return;
        }
    }
    if (n == 3 && memcmp(w, "dup", 3) == 0) { a = pop(vm); push(vm, a); push(vm, a); return; }
    if (n == 4 && memcmp(w, "drop", 4) == 0) { pop(vm); return; }
    if (n == 4 && memcmp(w, "swap", 4) == 0) { b = pop(vm); a = pop(vm); push(vm, b); push(vm, a); return; }
    if (n == 2 && memcmp(w, "cr", 2) == 0) { putchar('\n'); return; }
    if (n < sizeof num && (isdigit((unsigned char)w[0]) || (w[0] == '-' && n > 1))) {
        memcpy(num, w, n);
        num[n] = '\0';
        push(vm, atol(num));
        return;
    }
    vm->err = "unknown word";
}

static int define_word(struct vm *vm, const char *p, size_t n, size_t *used)
{
    const char *end = memchr(p, ';', n);
    size_t i = 0, s, blen;
    struct word *d;
    if (!end || vm->nwords >= MAX_WORDS)
        return -1;
    while (p + i < end && isspace((unsigned char)p[i])) i++;
    s = i;
    while (p + i < end && !isspace((unsigned char)p[i])) i++;
    blen = (size_t)(end - (p + i));
    if (i == s || i - s >= sizeof d->name || blen >= MAX_BODY)
        return -1;
    d = &vm->dict[vm->nwords++];
    memcpy(d->name, p + s, i - s);
    d->name[i - s] = '\0';
    memcpy(d->body, p + i, blen);
    d->body[blen] = '\0';
    *used = (size_t)(end - p) + 1;
    return 0;
}

int vm_eval(struct vm *vm, const char *p, size_t n)
{
    size_t i = 0, s, used;
    while (i < n && !vm->err) {
        switch (p[i]) {
        case ' ': case '\t': case '\n': case '\r':
            i++;
            continue;
        case ':':
            if (define_word(vm, p + i + 1, n - i - 1, &used) < 0)
                vm->err = "invalid definition";
            else
                i += used + 1;
            continue;
        }
        s = i;
        while (i < n && !isspace((unsigned char)p[i]))
            i++;
        exec_word(vm, p + s, i - s);
    }
    return vm->err ? -1 : 0;
}

int main(void)
{
    struct vm *vm = calloc(1, sizeof *vm);
    char line[1024];
    if (!vm || !(vm->stack = malloc(STACK_CELLS * sizeof(long))))
        return 1;
    while (fgets(line, sizeof line, stdin)) {
        vm->err = NULL;
        vm->depth = 0;
        if (vm_eval(vm, line, strlen(line)) < 0) {
            printf("error: %s\n", vm->err);
            vm->sp = 0;
        }
    }
    putchar('\n');
    free(vm->stack);
    free(vm);
    return 0;
}
