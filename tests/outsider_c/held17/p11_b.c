#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAXDIM 16384

struct image {
    unsigned int width;
    unsigned int height;
    unsigned int maxval;
    unsigned char *rgb;
};

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "ppm2pgm: %s %s\n", msg, arg ? arg : "");
    exit(1);
}

static int skip_space(FILE *fp)
{
    int c;

    for (;;) {
        c = fgetc(fp);
        if (c == '#') {
            while (c != '\n' && c != EOF)
                c = fgetc(fp);
        } else if (!isspace(c)) {
            return c;
        }
    }
}

static unsigned int read_uint(FILE *fp, const char *what)
{
    unsigned int v;
    int c = skip_space(fp);

    if (c == EOF || !isdigit(c))
        die("invalid header field", what);
    ungetc(c, fp);
    if (fscanf(fp, "%u", &v) != 1)
        die("invalid header field", what);
    return v;
}

static void read_ppm(FILE *fp, struct image *img)
{
    char magic[3];
    unsigned int size, y, row;

    if (fread(magic, 1, 2, fp) != 2)
        die("short file", NULL);
    magic[2] = '\0';
    if (strcmp(magic, "P6") != 0)
        die("not a binary PPM, magic is", magic);
    img->width = read_uint(fp, "width");
    img->height = read_uint(fp, "height");
    img->maxval = read_uint(fp, "maxval");
    if (img->maxval == 0 || img->maxval > 255)
        die("unsupported maxval", NULL);
    if (img->width == 0 || img->height == 0 || img->width > MAXDIM || img->height > MAXDIM)
        die("unsupported image size", NULL);
    fgetc(fp);
    size = img->width * img->height * 3;
    img->rgb = malloc(size ? size : 1);
    if (!img->rgb)
        die("out of memory", NULL);
    row = img->width * 3;
    for (y = 0; y < img->height; y++)
        if (fread(img->rgb + (size_t)y * row, 1, row, fp) != row)
            die("truncated pixel data", NULL);
}

static void write_pgm(FILE *out, const struct image *img)
{
    char header[64];
    unsigned int i, n = img->width * img->height;
    const unsigned char *p = img->rgb;

    snprintf(header, sizeof(header), "P5\n%u %u\n%u\n", img->width, img->height, img->maxval);
    fputs(header, out);
    for (i = 0; i < n; i++, p += 3)
        fputc((299 * p[0] + 587 * p[1] + 114 * p[2]) / 1000, out);
}

int main(int argc, char **argv)
{
    FILE *in, *out;
    struct image img;
    char outname[512];

    if (argc < 2) {
        fprintf(stderr, "usage: %s image.ppm [out.pgm]\n", argv[0]);
        return 1;
    }
    in = fopen(argv[1], "rb");
    if (!in)
        die("cannot open", argv[1]);
    read_ppm(in, &img);
    fclose(in);
    if (argc > 2) {
        snprintf(outname, sizeof(outname), "%s", argv[2]);
    } else {
        size_t n = strlen(argv[1]);
        if (n > 4 && strcmp(argv[1] + n - 4, ".ppm") == 0)
            n -= 4;
        if (n + 5 > sizeof(outname))
            die("file name too long", argv[1]);
        memcpy(outname, argv[1], n);
        strcpy(outname + n, ".pgm");
    }
    out = fopen(outname, "wb");
    if (!out)
        die("cannot create", outname);
    write_pgm(out, &img);
    fclose(out);
    free(img.rgb);
    return 0;
}
