#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

enum { K_INT = 1, K_STR = 2, K_NIL = 3 };

struct kconst {
    int tag;
    uint32_t len;
    union {
        int32_t i;
        const char *s;
    } u;
};

struct arena {
    char *base;
    size_t used, cap;
};

struct kpool {
    struct kconst *items;
    uint32_t count;
    struct arena strings;
};

static void *arena_alloc(struct arena *a, size_t n)
{
    void *p;
    if (n > a->cap - a->used)
        return NULL;
    p = a->base + a->used;
    a->used += (n + 7) & ~(size_t)7;
    if (a->used > a->cap)
        a->used = a->cap;
    return p;
}

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int kpool_load(struct kpool *kp, const unsigned char *buf, size_t len)
{
    size_t off = 8;
    uint32_t i, count, bytes;
    if (len < 8 || memcmp(buf, "KPL1", 4) != 0)
        return -1;
    count = rd32(buf + 4);
    bytes = count * (uint32_t)sizeof(struct kconst);
    kp->items = malloc(bytes ? bytes : 1);
    kp->strings.base = malloc(len);
    kp->strings.cap = len;
    kp->strings.used = 0;
    if (!kp->items || !kp->strings.base)
        return -1;
    for (i = 0; i < count; i++) {
        struct kconst k;
        if (off + 5 > len)
            return -1;
        k.tag = buf[off];
        k.len = rd32(buf + off + 1);
        off += 5;
        switch (k.tag) {
        case K_INT:
            k.u.i = (int32_t)k.len;
            k.len = 0;
            break;
        case K_STR: {
            char *s;
            if (k.len > len - off || !(s = arena_alloc(&kp->strings, k.len + 1)))
                return -1;
            memcpy(s, buf + off, k.len);
            s[k.len] = '\0';
            k.u.s = s;
            off += k.len;
            break;
        }
        case K_NIL:
            k.u.s = NULL;
            break;
        default:
            return -1;
        }
        kp->items[i] = k;
        kp->count = i + 1;
    }
    return 0;
}

static void dump_const(const struct kconst *k, uint32_t idx)
{
    char text[48];
    switch (k->tag) {
    case K_INT:
        snprintf(text, sizeof text, "%d", (int)k->u.i);
        break;
    case K_STR:
        snprintf(text, sizeof text, "\"%.40s\"", k->u.s);
        break;
    default:
        strcpy(text, "nil");
        break;
    }
    printf("#%-4u %s\n", (unsigned)idx, text);
}

int main(int argc, char **argv)
{
    struct kpool kp;
    unsigned char *buf;
    size_t len;
    uint32_t i;
    FILE *f;
    long sz;
    int rc;
    if (argc < 2 || !(f = fopen(argv[1], "rb")))
        return 1;
    fseek(f, 0, SEEK_END);
    sz = ftell(f);
    rewind(f);
    if (sz <= 0 || !(buf = malloc((size_t)sz))) {
        fclose(f);
        return 1;
    }
    len = fread(buf, 1, (size_t)sz, f);
    fclose(f);
    memset(&kp, 0, sizeof kp);
    rc = kpool_load(&kp, buf, len);
    for (i = 0; i < kp.count; i++)
        dump_const(&kp.items[i], i);
    if (rc < 0)
        fprintf(stderr, "%s: malformed constant pool\n", argv[1]);
    free(kp.items);
    free(kp.strings.base);
    free(buf);
    return rc < 0;
}
