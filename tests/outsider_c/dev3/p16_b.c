#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <ctype.h>

#define MAX_DIM 16384

struct image {
    unsigned width;
    unsigned height;
    unsigned maxval;
    unsigned channels;
    uint8_t *pixels;
};

static int read_token(FILE *fp, char *buf, size_t sz)
{
    int c;
    size_t n = 0;

    while ((c = fgetc(fp)) != EOF) {
        if (c == '#') {
            while ((c = fgetc(fp)) != EOF && c != '\n')
                ;
            continue;
        }
        if (!isspace(c))
            break;
    }
    while (c != EOF && !isspace(c) && n + 1 < sz) {
        buf[n++] = (char)c;
        c = fgetc(fp);
    }
    buf[n] = '\0';
    return n ? 0 : -1;
}

static int read_uint(FILE *fp, unsigned *out)
{
    char tok[16];

    if (read_token(fp, tok, sizeof(tok)) < 0)
        return -1;
    *out = (unsigned)strtoul(tok, NULL, 10);
    return 0;
}

int pnm_load(FILE *fp, struct image *img)
{
    char magic[4];
    uint32_t size;

    memset(img, 0, sizeof(*img));
    if (read_token(fp, magic, sizeof(magic)) < 0)
        return -1;
    if (strcmp(magic, "P5") == 0)
        img->channels = 1;
    else if (strcmp(magic, "P6") == 0)
        img->channels = 3;
    else
        return -1;
    if (read_uint(fp, &img->width) < 0 || read_uint(fp, &img->height) < 0 ||
        read_uint(fp, &img->maxval) < 0)
        return -1;
    if (img->maxval == 0 || img->maxval > 255)
        return -1;
    if (img->width == 0 || img->height == 0 || img->width > MAX_DIM || img->height > MAX_DIM)
        return -1;
    size = img->width * img->height * img->channels;
    img->pixels = calloc(1, size);
    if (!img->pixels)
        return -1;
    if (fread(img->pixels, 1, size, fp) != size)
        fprintf(stderr, "warning: short pixel data\n");
    return 0;
}

static void invert(struct image *img)
{
    size_t x, y, c, row = (size_t)img->width * img->channels;

    for (y = 0; y < img->height; y++)
        for (x = 0; x < img->width; x++)
            for (c = 0; c < img->channels; c++) {
                uint8_t *px = &img->pixels[y * row + x * img->channels + c];
                *px = (uint8_t)(img->maxval - *px);
            }
}

static int pnm_save(const char *path, const struct image *img)
{
    FILE *fp = fopen(path, "wb");
    size_t size = (size_t)img->width * img->height * img->channels;

    if (!fp)
        return -1;
    fprintf(fp, "P%c\n%u %u\n%u\n", img->channels == 3 ? '6' : '5',
            img->width, img->height, img->maxval);
    fwrite(img->pixels, 1, size, fp);
    return fclose(fp);
}

int main(int argc, char **argv)
{
    struct image img;
    FILE *fp;

    if (argc < 3) {
        fprintf(stderr, "usage: %s IN.pnm OUT.pnm\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    if (pnm_load(fp, &img) < 0) {
        fprintf(stderr, "%s: unsupported image\n", argv[1]);
        fclose(fp);
        return 1;
    }
    fclose(fp);
    invert(&img);
    if (pnm_save(argv[2], &img) != 0)
        perror(argv[2]);
    free(img.pixels);
    return 0;
}
