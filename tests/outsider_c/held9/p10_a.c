#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FLASH_SIZE   0x8000u
#define LINE_MAX_LEN 600

enum { REC_DATA = 0, REC_EOF = 1, REC_EXT_SEG = 2, REC_EXT_LIN = 4, REC_START_LIN = 5 };

typedef struct {
    uint8_t *image;
    uint32_t base;
    uint32_t high_water;
    uint32_t start;
    unsigned lineno;
} hex_ctx_t;

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

static int hexbyte(const char *s)
{
    int hi = hexval(s[0]), lo = hexval(s[1]);
    return (hi < 0 || lo < 0) ? -1 : (hi << 4) | lo;
}

static int parse_record(hex_ctx_t *ctx, const char *line)
{
    uint8_t rec[5 + 255];
    size_t len = strlen(line);
    size_t nbytes;
    uint8_t sum = 0;
    uint32_t addr;

    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    if (len < 11 || line[0] != ':' || (len - 1) % 2 != 0)
        return -1;
    nbytes = (len - 1) / 2;
    if (nbytes > sizeof(rec))
        return -1;
    for (size_t i = 0; i < nbytes; i++) {
        int b = hexbyte(line + 1 + 2 * i);
        if (b < 0)
            return -1;
        rec[i] = (uint8_t)b;
        sum = (uint8_t)(sum + b);
    }
    if (sum != 0 || nbytes != (size_t)rec[0] + 5)
        return -1;

    addr = ctx->base + (uint32_t)((rec[1] << 8) | rec[2]);
    switch (rec[3]) {
    case REC_DATA:
        if (addr >= FLASH_SIZE || rec[0] > FLASH_SIZE - addr)
            return -2;
        memcpy(ctx->image + addr, rec + 4, rec[0]);
        if (addr + rec[0] > ctx->high_water)
            ctx->high_water = addr + rec[0];
        return 0;
    case REC_EOF:
        return 1;
    case REC_EXT_SEG:
        if (rec[0] != 2)
            return -1;
        ctx->base = (uint32_t)((rec[4] << 8) | rec[5]) << 4;
        return 0;
    case REC_EXT_LIN:
        if (rec[0] != 2)
            return -1;
        ctx->base = (uint32_t)((rec[4] << 8) | rec[5]) << 16;
        return 0;
    case REC_START_LIN:
        if (rec[0] != 4)
            return -1;
        ctx->start = ((uint32_t)rec[4] << 24) | ((uint32_t)rec[5] << 16) |
                     ((uint32_t)rec[6] << 8) | rec[7];
        return 0;
    default:
        return 0;
    }
}

int main(int argc, char **argv)
{
    char line[LINE_MAX_LEN];
    hex_ctx_t ctx;
    FILE *in, *out;
    int rc = 0;

    if (argc != 3) {
        fprintf(stderr, "usage: %s in.hex out.bin\n", argv[0]);
        return 2;
    }
    memset(&ctx, 0, sizeof(ctx));
    ctx.image = malloc(FLASH_SIZE);
    if (ctx.image == NULL)
        return 1;
    memset(ctx.image, 0xFF, FLASH_SIZE);

    in = fopen(argv[1], "r");
    if (in == NULL) {
        perror(argv[1]);
        free(ctx.image);
        return 1;
    }
    while (fgets(line, sizeof(line), in) != NULL) {
        ctx.lineno++;
        rc = parse_record(&ctx, line);
        if (rc < 0) {
            fprintf(stderr, "%s:%u: malformed record\n", argv[1], ctx.lineno);
            break;
        }
        if (rc == 1)
            break;
    }
    fclose(in);

    if (rc == 1) {
        out = fopen(argv[2], "wb");
        if (out != NULL) {
            fwrite(ctx.image, 1, ctx.high_water, out);
            fclose(out);
            printf("%lu bytes, start 0x%08lX\n", (unsigned long)ctx.high_water,
                   (unsigned long)ctx.start);
        }
    }
    free(ctx.image);
    return rc == 1 ? 0 : 1;
}
