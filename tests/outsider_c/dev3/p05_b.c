#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

struct blob {
    uint32_t len;
    unsigned char data[60];
};

struct bundle {
    struct blob *items;
    uint32_t count;
    uint32_t used;
};

static int b64_value(int c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

static long b64_decode(const char *in, unsigned char *out, size_t outsz)
{
    uint32_t acc = 0;
    int bits = 0, v;
    size_t n = 0;

    for (; *in && *in != '='; in++) {
        if (*in == '\n' || *in == '\r')
            continue;
        v = b64_value((unsigned char)*in);
        if (v < 0)
            return -1;
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (n >= outsz)
                return -1;
            out[n++] = (unsigned char)(acc >> bits);
        }
    }
    return (long)n;
}

static int bundle_init(struct bundle *b, const char *header)
{
    unsigned long count;
    uint32_t bytes;

    if (sscanf(header, "count=%lu", &count) != 1)
        return -1;
    if (count == 0 || count > UINT32_MAX / sizeof(struct blob))
        return -1;
    b->count = (uint32_t)count;
    bytes = b->count * (uint32_t)sizeof(struct blob);
    b->items = malloc(bytes);
    if (!b->items)
        return -1;
    b->used = 0;
    return 0;
}

int bundle_load(struct bundle *b, FILE *fp)
{
    char line[256];
    long n;

    if (!fgets(line, sizeof(line), fp) || bundle_init(b, line) < 0)
        return -1;
    while (b->used < b->count && fgets(line, sizeof(line), fp)) {
        struct blob *bl = &b->items[b->used];
        n = b64_decode(line, bl->data, sizeof(bl->data));
        if (n < 0) {
            fprintf(stderr, "record %u: invalid encoding\n", b->used);
            continue;
        }
        bl->len = (uint32_t)n;
        b->used++;
    }
    return 0;
}

static void hexdump(const struct blob *bl)
{
    char hex[sizeof(bl->data) * 2 + 1];
    uint32_t i;

    hex[0] = '\0';
    for (i = 0; i < bl->len; i++)
        sprintf(hex + i * 2, "%02x", bl->data[i]);
    printf("%2u bytes: %s\n", bl->len, hex);
}

int main(int argc, char **argv)
{
    struct bundle b = { 0 };
    FILE *fp = stdin;
    uint32_t i;

    if (argc > 1 && (fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    if (bundle_load(&b, fp) < 0) {
        fprintf(stderr, "cannot load bundle\n");
        if (fp != stdin)
            fclose(fp);
        return 1;
    }
    for (i = 0; i < b.used; i++)
        hexdump(&b.items[i]);
    free(b.items);
    if (fp != stdin)
        fclose(fp);
    return 0;
}
