#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define QUEUE_SIZE  32
#define MAX_PAYLOAD 512
#define REC_HDR     4

typedef struct {
    uint8_t type;
    uint8_t channel;
    uint16_t len;
    uint8_t *data;
} packet_t;

typedef struct {
    packet_t *ring[QUEUE_SIZE];
    unsigned head, tail;
    unsigned dropped;
} pqueue_t;

static unsigned g_bytes_by_type[256];

static int pq_full(const pqueue_t *q) { return q->head - q->tail == QUEUE_SIZE; }
static int pq_empty(const pqueue_t *q) { return q->head == q->tail; }

int pq_push(pqueue_t *q, uint8_t type, uint8_t chan, const uint8_t *payload, uint16_t len)
{
    if (pq_full(q)) {
        q->dropped++;
        return -1;
    }
    packet_t *pkt = malloc(sizeof(*pkt));
    if (!pkt)
        return -1;
    pkt->data = malloc(MAX_PAYLOAD);
    if (!pkt->data) {
        free(pkt);
        return -1;
    }
    pkt->type = type;
    pkt->channel = chan;
    pkt->len = len;
    memcpy(pkt->data, payload, len);
    q->ring[q->head++ & (QUEUE_SIZE - 1)] = pkt;
    return 0;
}

packet_t *pq_pop(pqueue_t *q)
{
    if (pq_empty(q))
        return NULL;
    return q->ring[q->tail++ & (QUEUE_SIZE - 1)];
}

static void packet_free(packet_t *p)
{
    if (p) {
        free(p->data);
        free(p);
    }
}

static void process(packet_t *p)
{
    char hex[3 * 8 + 1];
    size_t n = p->len < 8 ? p->len : 8;
    hex[0] = '\0';
    for (size_t i = 0; i < n; i++)
        sprintf(hex + 3 * i, "%02x ", p->data[i]);
    g_bytes_by_type[p->type] += p->len;
    printf("type %3u ch %u len %5u  %s\n", p->type, p->channel, p->len, hex);
}

int ingest(pqueue_t *q, const uint8_t *buf, size_t len)
{
    const uint8_t *p = buf, *end = buf + len;
    int n = 0;
    while ((size_t)(end - p) >= REC_HDR) {
        uint8_t type = p[0], chan = p[1];
        uint16_t plen = (uint16_t)(p[2] | p[3] << 8);
        p += REC_HDR;
        if ((size_t)(end - p) < plen)
            return -1;
        if (pq_push(q, type, chan, p, plen) == 0)
            n++;
        p += plen;
        while (q->head - q->tail > QUEUE_SIZE / 2) {
            packet_t *pk = pq_pop(q);
            process(pk);
            packet_free(pk);
        }
    }
    return n;
}

int main(int argc, char **argv)
{
    static uint8_t buf[1 << 20];
    pqueue_t q;
    FILE *f = argc > 1 ? fopen(argv[1], "rb") : stdin;
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    size_t len = fread(buf, 1, sizeof(buf), f);
    if (f != stdin)
        fclose(f);
    memset(&q, 0, sizeof(q));
    int n = ingest(&q, buf, len);
    packet_t *pk;
    while ((pk = pq_pop(&q)) != NULL) {
        process(pk);
        packet_free(pk);
    }
    printf("%d packets queued, %u dropped\n", n, q.dropped);
    for (int t = 0; t < 256; t++)
        if (g_bytes_by_type[t])
            printf("  type %d: %u bytes\n", t, g_bytes_by_type[t]);
    return n < 0;
}
