#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SOURCES   8
#define MAX_MSG_LEN   1024
#define FRAG_HDR_LEN  6

typedef struct {
    uint8_t src;
    uint8_t seq;
    uint16_t total;
    uint16_t got;
    uint8_t *data;
} assembly_t;

typedef void (*deliver_fn_t)(uint8_t src, const uint8_t *msg, size_t len);

static assembly_t *slots[MAX_SOURCES];
static deliver_fn_t deliver_cb;
static unsigned crc_failures;

static uint16_t crc16_arc(const uint8_t *p, size_t n)
{
    uint16_t crc = 0;
    while (n--) {
        crc ^= *p++;
        for (int i = 0; i < 8; i++)
            crc = (crc & 1) ? (uint16_t)((crc >> 1) ^ 0xA001) : (uint16_t)(crc >> 1);
    }
    return crc;
}

static void assembly_free(assembly_t *a)
{
    free(a->data);
    free(a);
}

static assembly_t *assembly_new(uint8_t src, uint8_t seq, uint16_t total)
{
    assembly_t *a = calloc(1, sizeof(*a));

    if (a == NULL)
        return NULL;
    a->data = malloc(total);
    if (a->data == NULL) {
        free(a);
        return NULL;
    }
    a->src = src;
    a->seq = seq;
    a->total = total;
    return a;
}

void frag_set_handler(deliver_fn_t fn)
{
    deliver_cb = fn;
}

int frag_rx(const uint8_t *pkt, size_t len)
{
    uint8_t src, seq;
    uint16_t total, off;
    size_t plen;
    assembly_t *a;

    if (len < FRAG_HDR_LEN)
        return -1;
    src = pkt[0];
    seq = pkt[1];
    total = (uint16_t)(pkt[2] | (pkt[3] << 8));
    off = (uint16_t)(pkt[4] | (pkt[5] << 8));
    plen = len - FRAG_HDR_LEN;
    if (src >= MAX_SOURCES || total < 3 || total > MAX_MSG_LEN)
        return -1;

    a = slots[src];
    if (a != NULL && (a->seq != seq || a->total != total)) {
        assembly_free(a);
        slots[src] = NULL;
        a = NULL;
    }
    if (a == NULL) {
        if (off != 0)
            return -1;
        a = assembly_new(src, seq, total);
        if (a == NULL)
            return -1;
        slots[src] = a;
    }
    if (off != a->got || plen > (size_t)(a->total - a->got))
        return -1;
    memcpy(a->data + a->got, pkt + FRAG_HDR_LEN, plen);
    a->got = (uint16_t)(a->got + plen);
    if (a->got < a->total)
        return 0;

    if (crc16_arc(a->data, a->total - 2) !=
        (uint16_t)(a->data[a->total - 2] | (a->data[a->total - 1] << 8))) {
        crc_failures++;
        fprintf(stderr, "src %u seq %u: crc mismatch\n", a->src, a->seq);
        assembly_free(a);
        slots[src] = NULL;
        return -1;
    }
    if (deliver_cb != NULL)
        deliver_cb(a->src, a->data, a->total - 2);
    assembly_free(a);
    slots[src] = NULL;
    return 1;
}

void frag_reset(void)
{
    for (int i = 0; i < MAX_SOURCES; i++) {
        if (slots[i] != NULL) {
            assembly_free(slots[i]);
            slots[i] = NULL;
        }
    }
    crc_failures = 0;
}
