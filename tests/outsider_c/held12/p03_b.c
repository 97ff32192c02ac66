#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdint.h>
#include <errno.h>

#define FLAC_STREAMINFO 0
#define FLAC_VORBIS_COMMENT 4

struct flac_info {
    unsigned min_block, max_block;
    unsigned sample_rate, channels, bps;
    uint64_t total_samples;
    char vendor[64];
    char title[128];
    char artist[128];
    char album[128];
};

static uint32_t get_be24(const uint8_t *p)
{
    return ((uint32_t)p[0] << 16) | (p[1] << 8) | p[2];
}

static uint32_t get_le32(const uint8_t *p)
{
    return p[0] | (p[1] << 8) | (p[2] << 16) | ((uint32_t)p[3] << 24);
}

static void copy_field(char *dst, size_t dlen, const uint8_t *src, uint32_t slen)
{
    size_t n = slen < dlen - 1 ? slen : dlen - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static int parse_streaminfo(struct flac_info *fi, const uint8_t *b, uint32_t len)
{
    if (len < 34)
        return -EINVAL;
    fi->min_block = (b[0] << 8) | b[1];
    fi->max_block = (b[2] << 8) | b[3];
    fi->sample_rate = (b[10] << 12) | (b[11] << 4) | (b[12] >> 4);
    fi->channels = ((b[12] >> 1) & 7) + 1;
    fi->bps = (((b[12] & 1) << 4) | (b[13] >> 4)) + 1;
    fi->total_samples = ((uint64_t)(b[13] & 0x0f) << 32) | ((uint32_t)b[14] << 24) |
                        (b[15] << 16) | (b[16] << 8) | b[17];
    return 0;
}

int flac_parse_comments(struct flac_info *fi, const uint8_t *b, uint32_t len)
{
    uint32_t off = 0, vlen, count, clen, i;
    char line[128];
    char *eq;

    if (len < 8)
        return -EINVAL;
    vlen = get_le32(b);
    off = 4;
    if (vlen > len - off)
        return -EINVAL;
    copy_field(fi->vendor, sizeof(fi->vendor), b + off, vlen);
    off += vlen;
    if (len - off < 4)
        return -EINVAL;
    count = get_le32(b + off);
    off += 4;
    for (i = 0; i < count; i++) {
        if (len - off < 4)
            return -EINVAL;
        clen = get_le32(b + off);
        off += 4;
        if (off + clen > len)
            return -EINVAL;
        copy_field(line, sizeof(line), b + off, clen);
        off += clen;
        eq = strchr(line, '=');
        if (!eq)
            continue;
        *eq++ = '\0';
        if (!strcasecmp(line, "TITLE"))
            strcpy(fi->title, eq);
        else if (!strcasecmp(line, "ARTIST"))
            strcpy(fi->artist, eq);
        else if (!strcasecmp(line, "ALBUM"))
            strcpy(fi->album, eq);
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct flac_info fi;
    uint8_t hdr[4];
    uint8_t *blk;
    uint32_t blen;
    int last = 0, type, ret = 0;
    FILE *fp;

    if (argc < 2) {
        fprintf(stderr, "usage: %s file.flac\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    memset(&fi, 0, sizeof(fi));
    if (fread(hdr, 1, 4, fp) != 4 || memcmp(hdr, "fLaC", 4)) {
        fprintf(stderr, "not a flac stream\n");
        fclose(fp);
        return 1;
    }
    while (!last && fread(hdr, 1, 4, fp) == 4) {
        last = hdr[0] >> 7;
        type = hdr[0] & 0x7f;
        blen = get_be24(hdr + 1);
        if (type != FLAC_STREAMINFO && type != FLAC_VORBIS_COMMENT) {
            if (fseek(fp, blen, SEEK_CUR) < 0)
                break;
            continue;
        }
        blk = malloc(blen ? blen : 1);
        if (!blk || fread(blk, 1, blen, fp) != blen) {
            free(blk);
            ret = -EIO;
            break;
        }
        if (type == FLAC_STREAMINFO)
            ret = parse_streaminfo(&fi, blk, blen);
        else
            ret = flac_parse_comments(&fi, blk, blen);
        free(blk);
        if (ret < 0)
            break;
    }
    fclose(fp);
    printf("%u Hz, %u ch, %u bit, %llu samples\n", fi.sample_rate, fi.channels,
           fi.bps, (unsigned long long)fi.total_samples);
    printf("vendor: %s\ntitle: %s\nartist: %s\nalbum: %s\n", fi.vendor, fi.title,
           fi.artist, fi.album);
    return ret < 0;
}
