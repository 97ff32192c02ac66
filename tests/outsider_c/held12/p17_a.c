#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>

#define MAX_EXIF (1u << 16)
#define MAX_STRIPS 64

static const uint32_t type_size[13] = { 0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8 };

struct exif_info {
    int big_endian;
    char make[64];
    char model[64];
    uint32_t width, height;
    uint32_t nstrips;
    uint32_t strip_offsets[MAX_STRIPS];
    uint64_t strip_bytes;
};

struct tiff_ctx {
    const uint8_t *base;
    uint32_t len;
    int be;
};

static uint16_t rd16(const struct tiff_ctx *t, const uint8_t *p)
{
    return t->be ? (uint16_t)((p[0] << 8) | p[1]) : (uint16_t)(p[0] | (p[1] << 8));
}

static uint32_t rd32(const struct tiff_ctx *t, const uint8_t *p)
{
    if (t->be)
        return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
    return p[0] | (p[1] << 8) | (p[2] << 16) | ((uint32_t)p[3] << 24);
}

static uint32_t rd_value(const struct tiff_ctx *t, uint16_t type, const uint8_t *p)
{
    return type == 3 ? rd16(t, p) : rd32(t, p);
}

static int handle_entry(struct exif_info *ei, const struct tiff_ctx *t, const uint8_t *e)
{
    uint16_t tag = rd16(t, e), type = rd16(t, e + 2);
    uint32_t count = rd32(t, e + 4), size, off, i;
    const uint8_t *data;

    if (type == 0 || type > 12)
        return 0;
    if (count > t->len / type_size[type])
        return -EINVAL;
    size = count * type_size[type];
    if (size <= 4) {
        data = e + 8;
    } else {
        off = rd32(t, e + 8);
        if (off > t->len || size > t->len - off)
            return -EINVAL;
        data = t->base + off;
    }
    switch (tag) {
    case 0x0100:
        ei->width = rd_value(t, type, data);
        break;
    case 0x0101:
        ei->height = rd_value(t, type, data);
        break;
    case 0x010f:
    case 0x0110:
        if (type == 2) {
            char *dst = tag == 0x010f ? ei->make : ei->model;
            size_t n = size < 63 ? size : 63;
            memcpy(dst, data, n);
            dst[n] = '\0';
        }
        break;
    case 0x0111:
        if (type != 3 && type != 4)
            break;
        ei->nstrips = count;
        for (i = 0; i < count && i < MAX_STRIPS; i++)
            ei->strip_offsets[i] = rd_value(t, type, data + i * type_size[type]);
        break;
    case 0x0117:
        for (i = 0; i < count && (type == 3 || type == 4); i++)
            ei->strip_bytes += rd_value(t, type, data + i * type_size[type]);
        break;
    }
    return 0;
}

int exif_parse(struct exif_info *ei, const uint8_t *buf, uint32_t len)
{
    struct tiff_ctx t = { buf, len, 0 };
    uint32_t ifd;
    uint16_t n, i;
    int ret;

    if (len < 8)
        return -EINVAL;
    if (!memcmp(buf, "MM\0*", 4))
        t.be = 1;
    else if (memcmp(buf, "II*\0", 4))
        return -EINVAL;
    ei->big_endian = t.be;
    ifd = rd32(&t, buf + 4);
    if (ifd > len - 2)
        return -EINVAL;
    n = rd16(&t, buf + ifd);
    if (n > (len - ifd - 2) / 12)
        return -EINVAL;
    for (i = 0; i < n; i++) {
        ret = handle_entry(ei, &t, buf + ifd + 2 + 12 * i);
        if (ret < 0)
            return ret;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static uint8_t buf[MAX_EXIF];
    struct exif_info ei;
    uint8_t *copy;
    FILE *fp = stdin;
    size_t n;
    uint32_t i;
    int ret;

    if (argc > 1 && !(fp = fopen(argv[1], "rb"))) {
        perror(argv[1]);
        return 1;
    }
    n = fread(buf, 1, sizeof(buf), fp);
    if (fp != stdin)
        fclose(fp);
    copy = malloc(n ? n : 1);
    if (!copy)
        return 1;
    memcpy(copy, buf, n);
    memset(&ei, 0, sizeof(ei));
    ret = exif_parse(&ei, copy, (uint32_t)n);
    free(copy);
    if (ret < 0) {
        fprintf(stderr, "unrecognised TIFF/EXIF data (%d)\n", ret);
        return 1;
    }
    printf("%s-endian, %ux%u, make \"%s\" model \"%s\"\n", ei.big_endian ? "big" : "little",
           ei.width, ei.height, ei.make, ei.model);
    printf("%u strips, %llu bytes:", ei.nstrips, (unsigned long long)ei.strip_bytes);
    for (i = 0; i < ei.nstrips && i < MAX_STRIPS; i++)
        printf(" %u", ei.strip_offsets[i]);
    putchar('\n');
    return 0;
}
