#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define WAV_MAX_FILE (64u * 1024u * 1024u)

struct wav_info {
    uint16_t format;
    uint16_t channels;
    uint32_t rate;
    uint16_t block_align;
    uint16_t bits;
    uint32_t data_off;
    uint32_t data_len;
    int have_fmt;
};

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static uint16_t le16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}

static int parse_fmt(const uint8_t *p, uint32_t size, struct wav_info *wi)
{
    if (size < 16)
        return -1;
    wi->format = le16(p);
    wi->channels = le16(p + 2);
    wi->rate = le32(p + 4);
    wi->block_align = le16(p + 12);
    wi->bits = le16(p + 14);
    if (wi->format == 0xFFFE && size >= 26)
        wi->format = le16(p + 24);
    wi->have_fmt = 1;
    return 0;
}

int wav_parse(const uint8_t *buf, size_t len, struct wav_info *wi)
{
    size_t end, pos, body;
    uint32_t riff_size, size;

    memset(wi, 0, sizeof(*wi));
    if (len < 12 || memcmp(buf, "RIFF", 4) != 0 || memcmp(buf + 8, "WAVE", 4) != 0)
        return -1;
    riff_size = le32(buf + 4);
    end = (size_t)riff_size + 8;
    if (end > len)
        end = len;
    pos = 12;
    while (end - pos >= 8) {
        size = le32(buf + pos + 4);
        body = pos + 8;
        if (size > end - body) {
            fprintf(stderr, "chunk %.4s truncated\n", (const char *)(buf + pos));
            break;
        }
        if (memcmp(buf + pos, "fmt ", 4) == 0) {
            if (parse_fmt(buf + body, size, wi) != 0)
                return -1;
        } else if (memcmp(buf + pos, "data", 4) == 0) {
            wi->data_off = (uint32_t)body;
            wi->data_len = size;
        }
        pos = body + size + (size & 1);
        if (pos > end)
            break;
    }
    return wi->have_fmt && wi->data_off ? 0 : -1;
}

static const char *format_name(uint16_t f)
{
    switch (f) {
    case 1: return "PCM";
    case 3: return "IEEE float";
    case 6: return "A-law";
    case 7: return "mu-law";
    default: return "unknown";
    }
}

int main(int argc, char **argv)
{
    struct wav_info wi;
    uint8_t *buf;
    long size;
    double secs = 0.0;
    FILE *f;

    if (argc != 2) {
        fprintf(stderr, "usage: %s file.wav\n", argv[0]);
        return 2;
    }
    f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    rewind(f);
    if (size < 12 || (unsigned long)size > WAV_MAX_FILE) {
        fclose(f);
        fprintf(stderr, "%s: unsupported size\n", argv[1]);
        return 1;
    }
    buf = malloc((size_t)size);
    if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        free(buf);
        return 1;
    }
    fclose(f);
    if (wav_parse(buf, (size_t)size, &wi) != 0) {
        fprintf(stderr, "%s: not a valid WAVE file\n", argv[1]);
        free(buf);
        return 1;
    }
    if (wi.block_align && wi.rate)
        secs = (double)wi.data_len / wi.block_align / wi.rate;
    printf("format:   %s (%u)\n", format_name(wi.format), wi.format);
    printf("channels: %u\nrate:     %u Hz\nbits:     %u\n", wi.channels, wi.rate, wi.bits);
    printf("data:     %u bytes at offset %u (%.2f s)\n", wi.data_len, wi.data_off, secs);
    free(buf);
    return 0;
}
