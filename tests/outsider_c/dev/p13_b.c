#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define FRAME_HDR 8
#define FRAME_MAX (1u << 20)
#define FRAME_MAGIC 0xB17Eu

struct frame {
    uint8_t type;
    uint8_t flags;
    uint32_t body_len;
    unsigned char *body;
};

static uint16_t rd16(const unsigned char *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

static uint32_t rd32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
           ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

int read_frame(FILE *fp, struct frame *f)
{
    unsigned char hdr[FRAME_HDR];
    uint32_t total;

    memset(f, 0, sizeof(*f));
    if (fread(hdr, 1, sizeof(hdr), fp) != sizeof(hdr))
        return 0;
    if (rd16(hdr) != FRAME_MAGIC)
        return -1;
    f->type = hdr[2];
    f->flags = hdr[3];
    total = rd32(hdr + 4);
    if (total > FRAME_MAX + FRAME_HDR)
        return -1;
    f->body_len = total - FRAME_HDR;
    f->body = malloc(f->body_len + 1);
    if (f->body == NULL)
        return -1;
    if (fread(f->body, 1, f->body_len, fp) != f->body_len) {
        free(f->body);
        f->body = NULL;
        return -1;
    }
    f->body[f->body_len] = '\0';
    return 1;
}

static void frame_release(struct frame *f)
{
    free(f->body);
    f->body = NULL;
}

static void show_text(const struct frame *f)
{
    char preview[48];
    size_t n = f->body_len < sizeof(preview) - 1 ? f->body_len : sizeof(preview) - 1;

    memcpy(preview, f->body, n);
    preview[n] = '\0';
    printf("text  %6u  \"%s%s\"\n", (unsigned)f->body_len, preview,
           f->body_len > n ? "..." : "");
}

static void show_binary(const struct frame *f)
{
    uint32_t i;
    unsigned sum = 0;

    for (i = 0; i < f->body_len; i++)
        sum = (sum * 31u + f->body[i]) & 0xffffffu;
    printf("bin   %6u  %06x\n", (unsigned)f->body_len, sum);
}

int main(int argc, char **argv)
{
    struct frame f;
    FILE *fp;
    int rc, frames = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s CAPTURE\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "rb");
    if (fp == NULL) {
        perror(argv[1]);
        return 1;
    }
    while ((rc = read_frame(fp, &f)) > 0) {
        if (f.type == 1)
            show_text(&f);
        else
            show_binary(&f);
        frame_release(&f);
        frames++;
    }
    fclose(fp);
    if (rc < 0) {
        fprintf(stderr, "corrupt frame after %d frames\n", frames);
        return 1;
    }
    printf("%d frames\n", frames);
    return 0;
}
