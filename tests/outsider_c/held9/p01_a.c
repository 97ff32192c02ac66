#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define SLIP_END     0xC0
#define SLIP_ESC     0xDB
#define SLIP_ESC_END 0xDC
#define SLIP_ESC_ESC 0xDD

#define FRAME_MAX    64
#define RX_CHUNK     512

typedef struct {
    uint16_t frames_ok;
    uint16_t frames_dropped;
    uint16_t crc_errors;
    uint8_t last_cmd;
    char last_tag[16];
} link_stats_t;

static link_stats_t g_stats;

static uint16_t crc16_ccitt(const uint8_t *p, size_t n)
{
    uint16_t crc = 0xFFFF;
    while (n--) {
        crc ^= (uint16_t)(*p++) << 8;
        for (int i = 0; i < 8; i++)
            crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
    }
    return crc;
}

static void handle_frame(const uint8_t *f, size_t n)
{
    uint16_t rx_crc;

    if (n < 3) {
        g_stats.frames_dropped++;
        return;
    }
    rx_crc = (uint16_t)((f[n - 2] << 8) | f[n - 1]);
    if (crc16_ccitt(f, n - 2) != rx_crc) {
        g_stats.crc_errors++;
        return;
    }
    g_stats.last_cmd = f[0];
    if (f[0] == 0x01 && n > 3) {
        size_t tl = n - 3;
        if (tl >= sizeof(g_stats.last_tag))
            tl = sizeof(g_stats.last_tag) - 1;
        memcpy(g_stats.last_tag, f + 1, tl);
        g_stats.last_tag[tl] = '\0';
    }
    g_stats.frames_ok++;
}

int slip_feed(const uint8_t *rx, size_t len)
{
    uint8_t frame[FRAME_MAX];
    size_t pos = 0;
    int esc = 0;
    int count = 0;

    for (size_t i = 0; i < len; i++) {
        uint8_t c = rx[i];

        if (c == SLIP_END) {
            if (pos > 0) {
                handle_frame(frame, pos);
                count++;
            }
            pos = 0;
            esc = 0;
            continue;
        }
        if (esc) {
            if (c == SLIP_ESC_END)
                c = SLIP_END;
            else if (c == SLIP_ESC_ESC)
                c = SLIP_ESC;
            esc = 0;
        } else if (c == SLIP_ESC) {
            esc = 1;
            continue;
        }
        frame[pos++] = c;
    }
    return count;
}

static void print_stats(void)
{
    char line[96];

    snprintf(line, sizeof(line), "ok=%u drop=%u crc=%u cmd=0x%02X",
             g_stats.frames_ok, g_stats.frames_dropped, g_stats.crc_errors,
             g_stats.last_cmd);
    puts(line);
    if (g_stats.last_tag[0] != '\0')
        printf("tag=%s\n", g_stats.last_tag);
}

int main(void)
{
    uint8_t buf[RX_CHUNK];
    size_t n;
    int frames = 0;

    memset(&g_stats, 0, sizeof(g_stats));
    while ((n = fread(buf, 1, sizeof(buf), stdin)) > 0)
        frames += slip_feed(buf, n);
    printf("frames=%d\n", frames);
    print_stats();
    return 0;
}
