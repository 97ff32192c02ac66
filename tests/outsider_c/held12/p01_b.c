#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>

#define MAX_DEPTH 8
#define MAX_TRACKS 16

struct track_info {
    char handler[5];
    uint32_t sample_count;
    uint64_t total_bytes;
    uint32_t max_sample;
};

struct movie_info {
    uint32_t timescale;
    uint32_t duration;
    char major_brand[5];
    int ntracks;
    struct track_info tracks[MAX_TRACKS];
};

static const char *container_types[] = {
    "moov", "trak", "mdia", "minf", "stbl", "edts", "udta", NULL
};

static uint32_t get_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
           ((uint32_t)p[2] << 8) | p[3];
}

static int is_container(const char *type)
{
    int i;

    for (i = 0; container_types[i]; i++)
        if (!memcmp(type, container_types[i], 4))
            return 1;
    return 0;
}

static struct track_info *cur_track(struct movie_info *mi)
{
    if (mi->ntracks == 0)
        return NULL;
    return &mi->tracks[mi->ntracks - 1];
}

static int parse_stsz(struct movie_info *mi, const uint8_t *p, uint32_t size)
{
    struct track_info *t = cur_track(mi);
    uint32_t const_size, count, i;

    if (!t || size < 20)
        return -EINVAL;
    const_size = get_be32(p + 12);
    count = get_be32(p + 16);
    t->sample_count = count;
    if (const_size) {
        t->total_bytes = (uint64_t)const_size * count;
        t->max_sample = const_size;
        return 0;
    }
    for (i = 0; i < count; i++) {
        uint32_t s = get_be32(p + 20 + 4 * (size_t)i);
        t->total_bytes += s;
        if (s > t->max_sample)
            t->max_sample = s;
    }
    return 0;
}

int mp4_walk_boxes(struct movie_info *mi, const uint8_t *p, const uint8_t *end, int depth)
{
    char type[5];
    int ret;

    if (depth > MAX_DEPTH)
        return -ELOOP;
    while (end - p >= 8) {
        uint32_t size = get_be32(p);
        memcpy(type, p + 4, 4);
        type[4] = '\0';
        if (size == 0)
            size = (uint32_t)(end - p);
        if (size < 8 || size > (uint32_t)(end - p))
            return -EINVAL;
        if (is_container(type)) {
            if (!memcmp(type, "trak", 4)) {
                if (mi->ntracks >= MAX_TRACKS)
                    return -ENOSPC;
                memset(&mi->tracks[mi->ntracks], 0, sizeof(mi->tracks[0]));
                strcpy(mi->tracks[mi->ntracks].handler, "????");
                mi->ntracks++;
            }
            ret = mp4_walk_boxes(mi, p + 8, p + size, depth + 1);
            if (ret < 0)
                return ret;
        } else if (!memcmp(type, "ftyp", 4) && size >= 12) {
            memcpy(mi->major_brand, p + 8, 4);
            mi->major_brand[4] = '\0';
        } else if (!memcmp(type, "mvhd", 4) && size >= 28) {
            mi->timescale = get_be32(p + 20);
            mi->duration = get_be32(p + 24);
        } else if (!memcmp(type, "hdlr", 4) && size >= 20) {
            struct track_info *t = cur_track(mi);
            if (t) {
                memcpy(t->handler, p + 16, 4);
                t->handler[4] = '\0';
            }
        } else if (!memcmp(type, "stsz", 4)) {
            ret = parse_stsz(mi, p, size);
            if (ret < 0)
                return ret;
        }
        p += size;
    }
    return 0;
}

static uint8_t *load_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    uint8_t *buf;
    long sz;

    if (!fp)
        return NULL;
    if (fseek(fp, 0, SEEK_END) < 0 || (sz = ftell(fp)) <= 0) {
        fclose(fp);
        return NULL;
    }
    rewind(fp);
    buf = malloc((size_t)sz);
    if (buf && fread(buf, 1, (size_t)sz, fp) != (size_t)sz) {
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    *len = (size_t)sz;
    return buf;
}

int main(int argc, char **argv)
{
    struct movie_info mi;
    uint8_t *buf;
    size_t len;
    char line[128];
    int i, ret;

    if (argc < 2) {
        fprintf(stderr, "usage: %s file.mp4\n", argv[0]);
        return 1;
    }
    buf = load_file(argv[1], &len);
    if (!buf) {
        perror(argv[1]);
        return 1;
    }
    memset(&mi, 0, sizeof(mi));
    ret = mp4_walk_boxes(&mi, buf, buf + len, 0);
    if (ret < 0)
        fprintf(stderr, "parse error %d\n", ret);
    printf("brand %s timescale %u duration %u\n", mi.major_brand, mi.timescale, mi.duration);
    for (i = 0; i < mi.ntracks; i++) {
        struct track_info *t = &mi.tracks[i];
        snprintf(line, sizeof(line), "track %d [%s] samples=%u bytes=%llu max=%u", i,
                 t->handler, t->sample_count, (unsigned long long)t->total_bytes, t->max_sample);
        puts(line);
    }
    free(buf);
    return ret < 0;
}
