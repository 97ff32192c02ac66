#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define TELEM_MAX     128
#define NODE_NAME_LEN 12

typedef struct {
    uint8_t node_id;
    uint8_t seq;
    int16_t temp_c10;
    uint16_t vbat_mv;
    char name[NODE_NAME_LEN];
} telem_t;

static telem_t g_nodes[8];
static uint8_t g_decode_buf[TELEM_MAX];
static uint16_t g_rx_errors;

size_t cobs_decode(const uint8_t *in, size_t len, uint8_t *out, size_t cap)
{
    size_t r = 0;
    size_t w = 0;

    while (r < len) {
        uint8_t code = in[r++];

        if (code == 0)
            return 0;
        if ((size_t)(code - 1) > len - r)
            return 0;
        for (uint8_t i = 1; i < code; i++) {
            if (w >= cap)
                return 0;
            out[w++] = in[r++];
        }
        if (code != 0xFF && r < len) {
            if (w >= cap)
                return 0;
            out[w++] = 0;
        }
    }
    return w;
}

static uint8_t sum8(const uint8_t *p, size_t n)
{
    uint8_t s = 0;
    while (n--)
        s = (uint8_t)(s + *p++);
    return s;
}

static int apply_telemetry(const uint8_t *msg, size_t n)
{
    telem_t *t;
    size_t name_len;

    if (n < 7)
        return -1;
    if (sum8(msg, n - 1) != msg[n - 1])
        return -1;
    if (msg[0] >= sizeof(g_nodes) / sizeof(g_nodes[0]))
        return -1;
    t = &g_nodes[msg[0]];
    t->node_id = msg[0];
    t->seq = msg[1];
    t->temp_c10 = (int16_t)(msg[2] | (msg[3] << 8));
    t->vbat_mv = (uint16_t)(msg[4] | (msg[5] << 8));
    name_len = n - 7;
    if (name_len >= sizeof(t->name))
        name_len = sizeof(t->name) - 1;
    memcpy(t->name, msg + 6, name_len);
    t->name[name_len] = '\0';
    return 0;
}

int cobs_packet_handler(const uint8_t *frame, size_t len)
{
    size_t n;

    if (frame == NULL || len == 0)
        return -1;
    n = cobs_decode(frame, len, g_decode_buf, sizeof(g_decode_buf));
    if (n == 0) {
        g_rx_errors++;
        return -1;
    }
    if (apply_telemetry(g_decode_buf, n) != 0) {
        g_rx_errors++;
        return -1;
    }
    return (int)g_decode_buf[0];
}

void telemetry_dump(FILE *fp)
{
    char row[64];

    for (size_t i = 0; i < sizeof(g_nodes) / sizeof(g_nodes[0]); i++) {
        const telem_t *t = &g_nodes[i];
        if (t->name[0] == '\0')
            continue;
        snprintf(row, sizeof(row), "%u %-11s seq=%u t=%d.%d vbat=%u",
                 t->node_id, t->name, t->seq, t->temp_c10 / 10,
                 t->temp_c10 < 0 ? -(t->temp_c10 % 10) : t->temp_c10 % 10,
                 t->vbat_mv);
        fputs(row, fp);
        fputc('\n', fp);
    }
    fprintf(fp, "rx_errors=%u\n", g_rx_errors);
}
