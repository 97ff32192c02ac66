#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>

#define MAX_FILE (4u << 20)

struct track_stats {
    uint32_t events;
    uint32_t notes_on;
    uint32_t ticks;
    uint32_t tempo;
    int channels_used;
    char name[64];
};

static const uint8_t data_bytes[8] = { 2, 2, 2, 2, 1, 1, 2, 0 };

static uint32_t get_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static int get_vlq(const uint8_t **pp, const uint8_t *end, uint32_t *out)
{
    const uint8_t *p = *pp;
    uint32_t v = 0;
    int i;

    for (i = 0; i < 4; i++) {
        if (p >= end)
            return -EINVAL;
        v = (v << 7) | (*p & 0x7f);
        if (!(*p++ & 0x80)) {
            *pp = p;
            *out = v;
            return 0;
        }
    }
    return -EINVAL;
}

int midi_scan_track(const uint8_t *p, const uint8_t *end, struct track_stats *ts)
{
    uint8_t status = 0;
    uint32_t delta, len;
    int need;

    while (p < end) {
        if (get_vlq(&p, end, &delta) < 0 || p >= end)
            return -EINVAL;
        ts->ticks += delta;
        if (*p & 0x80)
            status = *p++;
        else if (!status)
            return -EINVAL;
        if (status == 0xff) {
            uint8_t type;
            if (end - p < 1)
                return -EINVAL;
            type = *p++;
            if (get_vlq(&p, end, &len) < 0 || len > (uint32_t)(end - p))
                return -EINVAL;
            if (type == 0x03) {
                size_t n = len < sizeof(ts->name) - 1 ? len : sizeof(ts->name) - 1;
                memcpy(ts->name, p, n);
                ts->name[n] = '\0';
            } else if (type == 0x51 && len == 3) {
                ts->tempo = (p[0] << 16) | (p[1] << 8) | p[2];
            } else if (type == 0x2f) {
                return 0;
            }
            p += len;
        } else if (status == 0xf0 || status == 0xf7) {
            if (get_vlq(&p, end, &len) < 0 || len > (uint32_t)(end - p))
                return -EINVAL;
            p += len;
        } else {
            need = data_bytes[(status >> 4) & 7];
            if (end - p < need)
                return -EINVAL;
            if ((status & 0xf0) == 0x90 && p[1] != 0)
                ts->notes_on++;
            ts->channels_used |= 1 << (status & 0x0f);
            p += need;
        }
        ts->events++;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static uint8_t buf[MAX_FILE];
    struct track_stats ts;
    FILE *fp = stdin;
    size_t n, off;
    uint32_t clen;
    int tracks = 0, ret;

    if (argc > 1 && !(fp = fopen(argv[1], "rb"))) {
        perror(argv[1]);
        return 1;
    }
    n = fread(buf, 1, sizeof(buf), fp);
    if (fp != stdin)
        fclose(fp);
    if (n < 14 || memcmp(buf, "MThd", 4) || get_be32(buf + 4) < 6) {
        fprintf(stderr, "not a standard MIDI file\n");
        return 1;
    }
    printf("format %d, %d tracks, division %d\n", (buf[8] << 8) | buf[9],
           (buf[10] << 8) | buf[11], (buf[12] << 8) | buf[13]);
    off = 8 + get_be32(buf + 4);
    while (off + 8 <= n) {
        clen = get_be32(buf + off + 4);
        if (clen > n - off - 8)
            break;
        if (!memcmp(buf + off, "MTrk", 4)) {
            memset(&ts, 0, sizeof(ts));
            strcpy(ts.name, "(unnamed)");
            ret = midi_scan_track(buf + off + 8, buf + off + 8 + clen, &ts);
            printf("track %d %-20s events=%u notes=%u ticks=%u tempo=%u chmask=%04x%s\n",
                   tracks, ts.name, ts.events, ts.notes_on, ts.ticks, ts.tempo,
                   ts.channels_used, ret < 0 ? " (truncated)" : "");
            tracks++;
        }
        off += 8 + clen;
    }
    return 0;
}
