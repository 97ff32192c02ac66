#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAN_BASE_ID   0x200u
#define CAN_SLOTS     16
#define CAN_MAX_DLC   8

typedef struct {
    uint16_t id;
    uint8_t dlc;
    uint8_t data[CAN_MAX_DLC];
    uint16_t hits;
    uint32_t stamp;
} can_slot_t;

static can_slot_t mailbox[CAN_SLOTS];
static uint32_t tick;
static uint32_t unknown_ids;

static int hex_nibble(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int parse_payload(const char *s, uint8_t *out, uint8_t *dlc)
{
    uint8_t n = 0;

    while (s[0] && s[0] != '\n' && s[0] != '\r') {
        int hi = hex_nibble(s[0]);
        int lo = hex_nibble(s[1]);
        if (hi < 0 || lo < 0 || n >= CAN_MAX_DLC)
            return -1;
        out[n++] = (uint8_t)((hi << 4) | lo);
        s += 2;
    }
    *dlc = n;
    return 0;
}

int can_rx_store(uint16_t id, const uint8_t *data, uint8_t dlc)
{
    unsigned idx;
    can_slot_t *slot;

    if (id < CAN_BASE_ID || dlc > CAN_MAX_DLC) {
        unknown_ids++;
        return -1;
    }
    idx = id - CAN_BASE_ID;
    if (idx >= CAN_SLOTS) {
        unknown_ids++;
        return -1;
    }
    slot = &mailbox[idx];
    slot->id = id;
    slot->dlc = dlc;
    memcpy(slot->data, data, dlc);
    slot->hits++;
    slot->stamp = tick;
    return (int)idx;
}

static void dump_mailbox(void)
{
    char hex[CAN_MAX_DLC * 2 + 1];

    for (int i = 0; i < CAN_SLOTS; i++) {
        const can_slot_t *s = &mailbox[i];
        if (s->hits == 0)
            continue;
        hex[0] = '\0';
        for (int j = 0; j < s->dlc; j++)
            sprintf(hex + 2 * j, "%02X", s->data[j]);
        printf("%03X [%u] %-16s hits=%u t=%lu\n", s->id, s->dlc, hex,
               s->hits, (unsigned long)s->stamp);
    }
    printf("unknown=%lu\n", (unsigned long)unknown_ids);
}

int main(void)
{
    char line[128];
    char idbuf[8];
    uint8_t payload[CAN_MAX_DLC];
    uint8_t dlc;

    while (fgets(line, sizeof(line), stdin) != NULL) {
        char *hash = strchr(line, '#');
        size_t idlen;

        tick++;
        if (hash == NULL)
            continue;
        idlen = (size_t)(hash - line);
        if (idlen == 0 || idlen >= sizeof(idbuf))
            continue;
        memcpy(idbuf, line, idlen);
        idbuf[idlen] = '\0';
        if (parse_payload(hash + 1, payload, &dlc) != 0)
            continue;
        can_rx_store((uint16_t)strtoul(idbuf, NULL, 16), payload, dlc);
    }
    dump_mailbox();
    return 0;
}
