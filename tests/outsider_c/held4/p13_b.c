#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define DEMO_MAGIC "DEM0"
#define EV_MOVE  1
#define EV_FIRE  2
#define EV_CHAT  3
#define EV_JUMP  4

typedef struct {
    int16_t dx, dy;
    uint8_t weapon;
    uint8_t jump;
    char chat[64];
} input_t;

typedef struct {
    int32_t x, y;
    unsigned shots;
    unsigned jumps;
    char map[32];
} player_t;

static int decode_event(const uint8_t *p, size_t len, uint8_t type, input_t *in)
{
    switch (type) {
    case EV_MOVE:
        if (len < 4)
            return -1;
        memcpy(&in->dx, p, 2);
        memcpy(&in->dy, p + 2, 2);
        in->weapon = 0;
        in->jump = 0;
        break;
    case EV_FIRE:
        if (len < 1)
            return -1;
        in->weapon = p[0];
        break;
    case EV_JUMP:
        in->jump = 1;
        break;
    case EV_CHAT: {
        size_t n = len < sizeof(in->chat) - 1 ? len : sizeof(in->chat) - 1;
        memcpy(in->chat, p, n);
        in->chat[n] = '\0';
        break;
    }
    default:
        return -1;
    }
    return 0;
}

static void apply_input(player_t *pl, const input_t *in)
{
    pl->x += in->dx;
    pl->y += in->dy;
    if (in->weapon)
        pl->shots++;
    if (in->jump)
        pl->jumps++;
}

int demo_play(FILE *f, player_t *pl)
{
    uint8_t hdr[4 + 32], rec[3], payload[256];
    unsigned frames = 0;

    if (fread(hdr, 1, sizeof(hdr), f) != sizeof(hdr) || memcmp(hdr, DEMO_MAGIC, 4) != 0)
        return -1;
    memcpy(pl->map, hdr + 4, sizeof(pl->map));
    pl->map[sizeof(pl->map) - 1] = '\0';

    while (fread(rec, 1, sizeof(rec), f) == sizeof(rec)) {
        uint8_t type = rec[0];
        uint16_t len = (uint16_t)(rec[1] | rec[2] << 8);
        if (len > sizeof(payload) || fread(payload, 1, len, f) != len)
            return -1;
        input_t in;
        memset(&in, 0, sizeof(in));
        if (decode_event(payload, len, type, &in) != 0)
            continue;
        if (type == EV_CHAT) {
            printf("[%u] chat: %s\n", frames, in.chat);
            continue;
        }
        apply_input(pl, &in);
        frames++;
    }
    return (int)frames;
}

int main(int argc, char **argv)
{
    player_t pl;
    if (argc != 2) {
        fprintf(stderr, "usage: %s demo.dem\n", argv[0]);
        return 1;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    memset(&pl, 0, sizeof(pl));
    int frames = demo_play(f, &pl);
    fclose(f);
    if (frames < 0) {
        fprintf(stderr, "%s: corrupt demo\n", argv[1]);
        return 1;
    }
    printf("map %s: %d frames, end pos (%d,%d), %u shots, %u jumps\n",
           pl.map, frames, pl.x, pl.y, pl.shots, pl.jumps);
    return 0;
}
