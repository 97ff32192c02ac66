#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define FB_W 160
#define FB_H 120

typedef struct {
    uint16_t w, h;
    uint8_t *rgb;
} framebuffer_t;

static framebuffer_t g_fb;

static int fb_init(framebuffer_t *fb, uint16_t w, uint16_t h)
{
    fb->w = w;
    fb->h = h;
    fb->rgb = calloc((size_t)w * h, 3);
    return fb->rgb ? 0 : -1;
}

static void fb_test_pattern(framebuffer_t *fb, unsigned seed)
{
    for (unsigned y = 0; y < fb->h; y++) {
        for (unsigned x = 0; x < fb->w; x++) {
            uint8_t *px = fb->rgb + 3 * ((size_t)y * fb->w + x);
            px[0] = (uint8_t)(x * 255 / fb->w);
            px[1] = (uint8_t)(y * 255 / fb->h);
            px[2] = (uint8_t)((x ^ y) + seed);
        }
    }
}

static int write_ppm(const framebuffer_t *fb, FILE *f)
{
    fprintf(f, "P6\n%u %u\n255\n", fb->w, fb->h);
    size_t n = (size_t)fb->w * fb->h * 3;
    return fwrite(fb->rgb, 1, n, f) == n ? 0 : -1;
}

static int write_tga(const framebuffer_t *fb, FILE *f)
{
    uint8_t hdr[18];
    uint8_t row[FB_W * 3];
    memset(hdr, 0, sizeof(hdr));
    hdr[2] = 2;
    hdr[12] = fb->w & 0xFF;
    hdr[13] = fb->w >> 8;
    hdr[14] = fb->h & 0xFF;
    hdr[15] = fb->h >> 8;
    hdr[16] = 24;
    hdr[17] = 0x20;
    if (fwrite(hdr, 1, sizeof(hdr), f) != sizeof(hdr))
        return -1;
    for (unsigned y = 0; y < fb->h; y++) {
        const uint8_t *src = fb->rgb + (size_t)y * fb->w * 3;
        for (unsigned x = 0; x < fb->w; x++) {
            row[3 * x + 0] = src[3 * x + 2];
            row[3 * x + 1] = src[3 * x + 1];
            row[3 * x + 2] = src[3 * x + 0];
        }
        if (fwrite(row, 3, fb->w, f) != fb->w)
            return -1;
    }
    return 0;
}

int save_screenshot(const framebuffer_t *fb, const char *dir, const char *fmt)
{
    char path[64];
    const char *ext = strcmp(fmt, "tga") == 0 ? "tga" : "ppm";
    unsigned idx;

    for (idx = 0; idx < 10000; idx++) {
        int w = snprintf(path, sizeof(path), "%s/shot%04u.%s", dir, idx, ext);
        if (w < 0 || (size_t)w >= sizeof(path)) {
            fprintf(stderr, "screenshot path too long\n");
            return -1;
        }
        FILE *probe = fopen(path, "rb");
        if (!probe)
            break;
        fclose(probe);
    }
    if (idx == 10000)
        return -1;
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return -1;
    }
    int rc = ext[0] == 't' ? write_tga(fb, f) : write_ppm(fb, f);
    if (fclose(f) != 0)
        rc = -1;
    if (rc == 0)
        printf("saved %s\n", path);
    return rc;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    const char *fmt = argc > 2 ? argv[2] : "ppm";
    unsigned seed = argc > 3 ? (unsigned)atoi(argv[3]) : 0;

    if (fb_init(&g_fb, FB_W, FB_H) != 0)
        return 1;
    fb_test_pattern(&g_fb, seed);
    int rc = save_screenshot(&g_fb, dir, fmt);
    free(g_fb.rgb);
    return rc == 0 ? 0 : 1;
}
