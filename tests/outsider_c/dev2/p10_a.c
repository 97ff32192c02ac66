#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define BMP_FILE_HDR 14
#define BMP_INFO_HDR 40
#define BMP_MAX_DIM 65535

struct bmp_image {
    uint32_t width;
    uint32_t height;
    uint16_t bpp;
    uint32_t stride;
    uint8_t *pixels;
};

struct reader {
    const uint8_t *p;
    const uint8_t *end;
};

static int rd_u16le(struct reader *r, uint16_t *v)
{
    if (r->end - r->p < 2)
        return -1;
    *v = (uint16_t)(r->p[0] | (r->p[1] << 8));
    r->p += 2;
    return 0;
}

static int rd_u32le(struct reader *r, uint32_t *v)
{
    if (r->end - r->p < 4)
        return -1;
    *v = (uint32_t)r->p[0] | ((uint32_t)r->p[1] << 8) |
         ((uint32_t)r->p[2] << 16) | ((uint32_t)r->p[3] << 24);
    r->p += 4;
    return 0;
}

int bmp_parse_header(const uint8_t *hdr, size_t len, struct bmp_image *img, uint32_t *data_off)
{
    struct reader r = { hdr, hdr + len };
    uint16_t magic, planes, bpp;
    uint32_t fsize, reserved, isz, w, h, compression;
    int32_t sh;

    if (rd_u16le(&r, &magic) || magic != 0x4D42)
        return -1;
    if (rd_u32le(&r, &fsize) || rd_u32le(&r, &reserved) || rd_u32le(&r, data_off))
        return -1;
    if (rd_u32le(&r, &isz) || isz < BMP_INFO_HDR)
        return -1;
    if (rd_u32le(&r, &w) || rd_u32le(&r, &h) || rd_u16le(&r, &planes) ||
        rd_u16le(&r, &bpp) || rd_u32le(&r, &compression))
        return -1;
    sh = (int32_t)h;
    if ((int32_t)w <= 0 || sh == 0 || planes != 1 || compression != 0)
        return -1;
    if (bpp != 8 && bpp != 24 && bpp != 32)
        return -1;
    img->width = w;
    img->height = sh < 0 ? (uint32_t)(-(int64_t)sh) : (uint32_t)sh;
    img->bpp = bpp;
    return 0;
}

int bmp_load(FILE *fp, struct bmp_image *img)
{
    uint8_t hdr[BMP_FILE_HDR + BMP_INFO_HDR];
    uint32_t off, total, y;

    img->pixels = NULL;
    if (fread(hdr, 1, sizeof(hdr), fp) != sizeof(hdr))
        return -1;
    if (bmp_parse_header(hdr, sizeof(hdr), img, &off) != 0)
        return -1;
    img->stride = ((img->width * img->bpp + 31) / 32) * 4;
    total = img->stride * img->height;
    img->pixels = malloc(total ? total : 1);
    if (!img->pixels)
        return -1;
    if (fseek(fp, (long)off, SEEK_SET) != 0)
        goto fail;
    for (y = 0; y < img->height; y++) {
        if (fread(img->pixels + (size_t)y * img->stride, 1, img->stride, fp) != img->stride)
            goto fail;
    }
    return 0;
fail:
    free(img->pixels);
    img->pixels = NULL;
    return -1;
}

static void channel_means(const struct bmp_image *img, double mean[4])
{
    uint32_t x, y, c, bytes = img->bpp / 8;
    double n = (double)img->width * img->height;

    memset(mean, 0, 4 * sizeof(double));
    for (y = 0; y < img->height; y++) {
        const uint8_t *row = img->pixels + (size_t)y * img->stride;

        for (x = 0; x < img->width; x++)
            for (c = 0; c < bytes; c++)
                mean[c] += row[x * bytes + c];
    }
    for (c = 0; c < 4; c++)
        mean[c] /= n;
}

int main(int argc, char **argv)
{
    struct bmp_image img;
    double mean[4];
    char desc[64];
    FILE *fp;
    int rc;

    if (argc < 2) {
        fprintf(stderr, "usage: %s image.bmp\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    rc = bmp_load(fp, &img);
    fclose(fp);
    if (rc != 0) {
        fprintf(stderr, "%s: not a supported bitmap\n", argv[1]);
        return 1;
    }
    sprintf(desc, "%ux%u %u-bit", (unsigned)img.width, (unsigned)img.height, (unsigned)img.bpp);
    channel_means(&img, mean);
    printf("%s: %s stride=%u\n", argv[1], desc, (unsigned)img.stride);
    printf("mean B=%.1f G=%.1f R=%.1f\n", mean[0], mean[1], mean[2]);
    free(img.pixels);
    return 0;
}
