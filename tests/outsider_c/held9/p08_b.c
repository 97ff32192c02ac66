#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RING_LEN        32
#define PKT_SAMPLES     0xA1
#define PKT_RESET       0xA2
#define ADC_MAX         4095u

static uint16_t ring_data[RING_LEN];
static uint8_t ring_head;
static uint8_t ring_count;
static uint16_t clipped;

static void ring_push(uint16_t v)
{
    ring_data[ring_head] = v;
    ring_head++;
    if (ring_head > RING_LEN)
        ring_head = 0;
    if (ring_count < RING_LEN)
        ring_count++;
}

static void ring_stats(uint16_t *min, uint16_t *max, uint16_t *avg)
{
    uint32_t sum = 0;
    uint16_t lo = 0xFFFF, hi = 0;

    for (uint8_t i = 0; i < ring_count; i++) {
        uint16_t v = ring_data[i];
        sum += v;
        if (v < lo)
            lo = v;
        if (v > hi)
            hi = v;
    }
    *min = ring_count ? lo : 0;
    *max = hi;
    *avg = ring_count ? (uint16_t)(sum / ring_count) : 0;
}

static uint8_t pkt_sum(const uint8_t *p, size_t n)
{
    uint8_t s = 0;
    for (size_t i = 0; i < n; i++)
        s ^= p[i];
    return s;
}

int sensor_ingest(const uint8_t *pkt, size_t len)
{
    uint8_t n;

    if (len < 3 || pkt_sum(pkt, len - 1) != pkt[len - 1])
        return -1;
    switch (pkt[0]) {
    case PKT_RESET:
        memset(ring_data, 0, sizeof(ring_data));
        ring_head = 0;
        ring_count = 0;
        clipped = 0;
        return 0;
    case PKT_SAMPLES:
        n = pkt[1];
        if (len != (size_t)3 + 2u * n)
            return -1;
        for (uint8_t i = 0; i < n; i++) {
            uint16_t v = (uint16_t)(pkt[2 + 2 * i] | (pkt[3 + 2 * i] << 8));
            if (v > ADC_MAX) {
                v = ADC_MAX;
                clipped++;
            }
            ring_push(v);
        }
        return n;
    default:
        return -1;
    }
}

int main(void)
{
    char line[256];
    uint8_t pkt[128];

    while (fgets(line, sizeof(line), stdin) != NULL) {
        size_t n = 0;
        char *p = line;
        char *end;
        uint16_t mn, mx, av;

        if (strncmp(line, "stat", 4) == 0) {
            ring_stats(&mn, &mx, &av);
            printf("n=%u min=%u max=%u avg=%u clipped=%u\n",
                   ring_count, mn, mx, av, clipped);
            continue;
        }
        while (n < sizeof(pkt)) {
            unsigned long b = strtoul(p, &end, 16);
            if (end == p || b > 0xFF)
                break;
            pkt[n++] = (uint8_t)b;
            p = end;
        }
        if (sensor_ingest(pkt, n) < 0)
            fprintf(stderr, "rejected packet (%zu bytes)\n", n);
    }
    return 0;
}
