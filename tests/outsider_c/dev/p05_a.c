#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define IMG_MAGIC "IMGF"
#define IMG_HDR_SIZE 13
#define IMG_MAX_DIM 16384

struct image {
    uint32_t width;
    uint32_t height;
    uint8_t channels;
    unsigned char *pixels;
};

static uint32_t read_be32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
           ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

void image_free(struct image *img)
{
    free(img->pixels);
    img->pixels = NULL;
}

int image_load(const char *path, struct image *img)
{
    unsigned char hdr[IMG_HDR_SIZE];
    FILE *fp;
    size_t row_bytes;
    size_t total;
    uint32_t y;

    memset(img, 0, sizeof(*img));
    fp = fopen(path, "rb");
    if (fp == NULL)
        return -1;
    if (fread(hdr, 1, sizeof(hdr), fp) != sizeof(hdr) ||
        memcmp(hdr, IMG_MAGIC, 4) != 0) {
        fclose(fp);
        return -1;
    }
    img->width = read_be32(hdr + 4);
    img->height = read_be32(hdr + 8);
    img->channels = hdr[12];
    if (img->channels != 1 && img->channels != 3 && img->channels != 4) {
        fclose(fp);
        return -1;
    }
    if (img->width == 0 || img->height == 0) {
        fclose(fp);
        return -1;
    }
    if (img->width > IMG_MAX_DIM || img->height > IMG_MAX_DIM) {
        fclose(fp);
        return -1;
    }
    row_bytes = (size_t)img->width * img->channels;
    total = row_bytes * img->height;
    img->pixels = malloc(total);
    if (img->pixels == NULL) {
        fclose(fp);
        return -1;
    }
    for (y = 0; y < img->height; y++) {
        if (fread(img->pixels + (size_t)y * row_bytes, 1, row_bytes, fp) != row_bytes) {
            image_free(img);
            fclose(fp);
            return -1;
        }
    }
    fclose(fp);
    return 0;
}

static double image_mean(const struct image *img)
{
    size_t n = (size_t)img->width * img->height * img->channels;
    size_t i;
    unsigned long long sum = 0;

    for (i = 0; i < n; i++)
        sum += img->pixels[i];
    return (double)sum / (double)n;
}

static int image_flip(struct image *img)
{
    size_t row = (size_t)img->width * img->channels;
    unsigned char *tmp = malloc(row);
    uint32_t top, bottom;

    if (tmp == NULL)
        return -1;
    for (top = 0, bottom = img->height - 1; top < bottom; top++, bottom--) {
        memcpy(tmp, img->pixels + (size_t)top * row, row);
        memcpy(img->pixels + (size_t)top * row, img->pixels + (size_t)bottom * row, row);
        memcpy(img->pixels + (size_t)bottom * row, tmp, row);
    }
    free(tmp);
    return 0;
}

int main(int argc, char **argv)
{
    struct image img;
    char desc[64];

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [--flip]\n", argv[0]);
        return 2;
    }
    if (image_load(argv[1], &img) != 0) {
        fprintf(stderr, "%s: cannot decode image\n", argv[1]);
        return 1;
    }
    if (argc > 2 && strcmp(argv[2], "--flip") == 0 && image_flip(&img) != 0)
        fprintf(stderr, "flip failed\n");
    sprintf(desc, "%ux%u, %u channel(s)", (unsigned)img.width,
            (unsigned)img.height, (unsigned)img.channels);
    printf("%s: %s, mean %.2f\n", argv[1], desc, image_mean(&img));
    image_free(&img);
    return 0;
}
