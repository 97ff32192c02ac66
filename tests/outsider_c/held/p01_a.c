#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

struct track_info {
    char name[64];
    unsigned notes_on;
    unsigned notes_off;
    unsigned tempo_changes;
    uint32_t last_tempo;
};

static uint32_t read_be32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static size_t read_vlq(const unsigned char *p, size_t avail, uint32_t *out)
{
    uint32_t v = 0;
    size_t i;

    for (i = 0; i < avail && i < 4; i++) {
        v = (v << 7) | (p[i] & 0x7f);
        if (!(p[i] & 0x80)) {
            *out = v;
            return i + 1;
        }
    }
    return 0;
}

static void handle_meta(struct track_info *info, unsigned type, const unsigned char *p, uint32_t len)
{
    char text[64];
    uint32_t n = len;

    if (n >= sizeof(text))
        n = sizeof(text) - 1;
    memcpy(text, p, n);
    text[n] = '\0';

    switch (type) {
    case 0x01:
        printf("  text: %s\n", text);
        break;
    case 0x03:
        strcpy(info->name, text);
        break;
    case 0x51:
        if (len >= 3) {
            info->last_tempo = ((uint32_t)p[0] << 16) | ((uint32_t)p[1] << 8) | p[2];
            info->tempo_changes++;
        }
        break;
    default:
        break;
    }
}

int midi_scan_track(const unsigned char *data, size_t size, struct track_info *info)
{
    size_t pos = 0;
    unsigned char status = 0;

    memset(info, 0, sizeof(*info));
    strcpy(info->name, "(unnamed)");

    while (pos < size) {
        uint32_t delta, len;
        size_t used = read_vlq(data + pos, size - pos, &delta);
        if (used == 0)
            return -1;
        pos += used;
        if (pos >= size)
            return -1;

        if (data[pos] & 0x80)
            status = data[pos++];

        if (status == 0xff) {
            if (pos + 1 >= size)
                return -1;
            unsigned type = data[pos++];
            used = read_vlq(data + pos, size - pos, &len);
            if (used == 0)
                return -1;
            pos += used;
            if (len > size - pos)
                return -1;
            handle_meta(info, type, data + pos, len);
            pos += len;
            if (type == 0x2f)
                break;
        } else if ((status & 0xf0) == 0x90 || (status & 0xf0) == 0x80) {
            if (pos + 2 > size)
                return -1;
            if ((status & 0xf0) == 0x90 && data[pos + 1] != 0)
                info->notes_on++;
            else
                info->notes_off++;
            pos += 2;
        } else if ((status & 0xf0) == 0xc0 || (status & 0xf0) == 0xd0) {
            pos += 1;
        } else {
            pos += 2;
        }
    }
    return 0;
}

static unsigned char *load_file(const char *path, size_t *size)
{
    FILE *fp = fopen(path, "rb");
    unsigned char *buf;
    long n;

    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    n = ftell(fp);
    rewind(fp);
    if (n <= 0) {
        fclose(fp);
        return NULL;
    }
    buf = malloc((size_t)n);
    if (buf && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    *size = (size_t)n;
    return buf;
}

int main(int argc, char **argv)
{
    size_t size = 0, pos = 14;
    unsigned char *data;
    int track = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s file.mid\n", argv[0]);
        return 2;
    }
    data = load_file(argv[1], &size);
    if (!data || size < 14 || memcmp(data, "MThd", 4) != 0) {
        fprintf(stderr, "not a MIDI file\n");
        free(data);
        return 1;
    }
    while (pos + 8 <= size) {
        uint32_t clen = read_be32(data + pos + 4);
        if (clen > size - pos - 8)
            break;
        if (memcmp(data + pos, "MTrk", 4) == 0) {
            struct track_info info;
            if (midi_scan_track(data + pos + 8, clen, &info) == 0)
                printf("track %d: %s on=%u off=%u tempo=%u\n", track, info.name,
                       info.notes_on, info.notes_off, info.last_tempo);
            track++;
        }
        pos += 8 + clen;
    }
    free(data);
    return 0;
}
