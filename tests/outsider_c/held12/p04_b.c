#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>

#define MAX_CHUNK (1u << 20)
#define MAX_STREAMS 8

struct avi_info {
    uint32_t usec_per_frame;
    uint32_t total_frames;
    uint32_t width, height;
    int nstreams;
    char stream_type[MAX_STREAMS][5];
    char stream_codec[MAX_STREAMS][5];
    char *title;
    char *artist;
    char *software;
};

static uint32_t get_le32(const uint8_t *p)
{
    return p[0] | (p[1] << 8) | (p[2] << 16) | ((uint32_t)p[3] << 24);
}

static char *dup_text(const uint8_t *p, uint32_t len)
{
    char *s = malloc(len + 1);
    if (!s)
        return NULL;
    memcpy(s, p, len);
    s[len] = '\0';
    return s;
}

static int handle_chunk(struct avi_info *ai, const char *id, const uint8_t *d, uint32_t len)
{
    char **slot = NULL;

    if (!memcmp(id, "avih", 4) && len >= 40) {
        ai->usec_per_frame = get_le32(d);
        ai->total_frames = get_le32(d + 16);
        ai->width = get_le32(d + 32);
        ai->height = get_le32(d + 36);
    } else if (!memcmp(id, "strh", 4) && len >= 8) {
        if (ai->nstreams >= MAX_STREAMS)
            return -ENOSPC;
        memcpy(ai->stream_type[ai->nstreams], d, 4);
        memcpy(ai->stream_codec[ai->nstreams], d + 4, 4);
        ai->nstreams++;
    } else if (!memcmp(id, "INAM", 4)) {
        slot = &ai->title;
    } else if (!memcmp(id, "IART", 4)) {
        slot = &ai->artist;
    } else if (!memcmp(id, "ISFT", 4)) {
        slot = &ai->software;
    }
    if (slot) {
        *slot = dup_text(d, len);
        if (!*slot)
            return -ENOMEM;
    }
    return 0;
}

int riff_read_chunks(FILE *fp, struct avi_info *ai, uint32_t avail, int depth)
{
    uint8_t hdr[8];
    uint8_t *data;
    uint32_t len, padded;
    char id[5];
    int ret;

    while (avail >= 8) {
        if (fread(hdr, 1, 8, fp) != 8)
            return -EIO;
        memcpy(id, hdr, 4);
        id[4] = '\0';
        len = get_le32(hdr + 4);
        padded = len + (len & 1);
        if (padded < len || padded > avail - 8)
            return -EINVAL;
        avail -= 8 + padded;
        if (!strcmp(id, "LIST") && len >= 4 && depth < 4) {
            if (fread(hdr, 1, 4, fp) != 4)
                return -EIO;
            ret = riff_read_chunks(fp, ai, padded - 4, depth + 1);
            if (ret < 0)
                return ret;
            continue;
        }
        if (len > MAX_CHUNK) {
            if (fseek(fp, padded, SEEK_CUR) < 0)
                return -EIO;
            continue;
        }
        data = malloc(padded ? padded : 1);
        if (!data)
            return -ENOMEM;
        if (fread(data, 1, padded, fp) != padded) {
            free(data);
            return -EIO;
        }
        ret = handle_chunk(ai, id, data, len);
        free(data);
        if (ret < 0)
            return ret;
    }
    return 0;
}

static void avi_info_clear(struct avi_info *ai)
{
    free(ai->title);
    free(ai->artist);
    free(ai->software);
    memset(ai, 0, sizeof(*ai));
}

int main(int argc, char **argv)
{
    struct avi_info ai;
    uint8_t hdr[12];
    FILE *fp;
    int i, ret;

    if (argc < 2) {
        fprintf(stderr, "usage: %s file.avi\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    memset(&ai, 0, sizeof(ai));
    if (fread(hdr, 1, 12, fp) != 12 || memcmp(hdr, "RIFF", 4) || memcmp(hdr + 8, "AVI ", 4)) {
        fprintf(stderr, "%s: not an AVI file\n", argv[1]);
        fclose(fp);
        return 1;
    }
    ret = riff_read_chunks(fp, &ai, get_le32(hdr + 4) - 4, 0);
    fclose(fp);
    if (ret < 0)
        fprintf(stderr, "error %d while reading chunks\n", ret);
    printf("%ux%u, %u frames, %u us/frame\n", ai.width, ai.height, ai.total_frames,
           ai.usec_per_frame);
    for (i = 0; i < ai.nstreams; i++)
        printf("stream %d: %s/%s\n", i, ai.stream_type[i], ai.stream_codec[i]);
    printf("title: %s\nartist: %s\nsoftware: %s\n", ai.title ? ai.title : "-",
           ai.artist ? ai.artist : "-", ai.software ? ai.software : "-");
    avi_info_clear(&ai);
    return ret < 0;
}
