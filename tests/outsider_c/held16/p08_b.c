#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define CANVAS_W 160
#define CANVAS_H 144

typedef struct {
    char magic[4];
    uint16_t w, h;
    uint16_t fw, fh;
} SheetHeader;

typedef struct {
    int w, h, fw, fh, cols, rows;
    uint8_t *pix;
} Sheet;

typedef struct {
    int w, h;
    uint8_t *pix;
} Canvas;

int sheet_load(const char *path, Sheet *s)
{
    SheetHeader hdr;
    FILE *f = fopen(path, "rb");
    size_t n;

    if (!f)
        return -1;
    if (fread(&hdr, sizeof hdr, 1, f) != 1 || memcmp(hdr.magic, "SPR1", 4) != 0 ||
        hdr.w == 0 || hdr.h == 0 || hdr.w > 1024 || hdr.h > 1024 ||
        hdr.fw == 0 || hdr.fh == 0 || hdr.fw > hdr.w || hdr.fh > hdr.h) {
        fclose(f);
        return -1;
    }
    s->w = hdr.w;
    s->h = hdr.h;
    s->fw = hdr.fw;
    s->fh = hdr.fh;
    s->cols = s->w / s->fw;
    s->rows = s->h / s->fh;
    n = (size_t)s->w * s->h;
    s->pix = malloc(n);
    if (!s->pix || fread(s->pix, 1, n, f) != n) {
        free(s->pix);
        s->pix = NULL;
        fclose(f);
        return -1;
    }
    fclose(f);
    return 0;
}

void blit(Canvas *c, const Sheet *s, int frame, int dx, int dy)
{
    int sx, sy, x0 = 0, y0 = 0, x1 = s->fw, y1 = s->fh;

    if (frame < 0 || frame >= s->cols * s->rows)
        return;
    if (dx >= c->w || dy >= c->h || dx <= -s->fw || dy <= -s->fh)
        return;
    sx = (frame % s->cols) * s->fw;
    sy = (frame / s->cols) * s->fh;
    if (dx < 0)
        x0 = -dx;
    if (dy < 0)
        y0 = -dy;
    for (int y = y0; y < y1; y++) {
        for (int x = x0; x < x1; x++) {
            uint8_t p = s->pix[(sy + y) * s->w + sx + x];
            if (p)
                c->pix[(dy + y) * c->w + dx + x] = p;
        }
    }
}

static int canvas_save(const Canvas *c, const char *path)
{
    FILE *o = fopen(path, "wb");
    if (!o)
        return -1;
    fprintf(o, "P5\n%d %d\n255\n", c->w, c->h);
    fwrite(c->pix, 1, (size_t)c->w * c->h, o);
    return fclose(o);
}

int main(int argc, char **argv)
{
    Sheet sheet;
    Canvas cv = { CANVAS_W, CANVAS_H, NULL };
    char title[64];

    if (argc < 6) {
        fprintf(stderr, "usage: %s sheet.spr frame x y out.pgm\n", argv[0]);
        return 1;
    }
    if (sheet_load(argv[1], &sheet) != 0) {
        fprintf(stderr, "cannot load sheet\n");
        return 1;
    }
    cv.pix = calloc((size_t)cv.w * cv.h, 1);
    if (!cv.pix) {
        free(sheet.pix);
        return 1;
    }
    blit(&cv, &sheet, atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
    snprintf(title, sizeof title, "%dx%d frames=%d", sheet.w, sheet.h, sheet.cols * sheet.rows);
    puts(title);
    if (canvas_save(&cv, argv[5]) != 0)
        perror(argv[5]);
    free(cv.pix);
    free(sheet.pix);
    return 0;
}
