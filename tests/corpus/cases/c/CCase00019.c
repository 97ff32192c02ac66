#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct pixel {
    uint8_t r, g, b, a;
};

struct pixel *load_image(FILE *fp, uint32_t *w_out, uint32_t *h_out)
{
    uint32_t w, h;
    if (fread(&w, sizeof(w), 1, fp) != 1 || fread(&h, sizeof(h), 1, fp) != 1)
        return NULL;
    uint32_t count = w * h;
    struct pixel *px = malloc(count * sizeof(struct pixel));
    if (px == NULL)
        return NULL;
    if (fread(px, sizeof(struct pixel), count, fp) != count) {
        free(px);
        return NULL;
    }
    *w_out = w;
    *h_out = h;
    return px;
}
