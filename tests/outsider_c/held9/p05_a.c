#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define F_CPU           16000000UL
#define SETTINGS_MAGIC  0x5AA5
#define SETTINGS_VER    2
#define EEPROM_SIZE     256

typedef struct __attribute__((packed)) {
    uint16_t magic;
    uint8_t version;
    uint8_t baud_idx;
    uint8_t node_addr;
    uint8_t flags;
    uint16_t sample_ms;
    char name[16];
    uint16_t crc;
} settings_t;

typedef struct {
    uint32_t baud;
    uint16_t ubrr;
    uint8_t parity;
    uint8_t stop_bits;
} uart_cfg_t;

static uint16_t crc16_xmodem(const uint8_t *p, size_t n)
{
    uint16_t crc = 0;
    while (n--) {
        crc ^= (uint16_t)(*p++ << 8);
        for (int i = 0; i < 8; i++)
            crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
    }
    return crc;
}

int settings_load(const uint8_t *img, size_t len, settings_t *out)
{
    settings_t s;

    if (len < sizeof(s))
        return -1;
    memcpy(&s, img, sizeof(s));
    if (s.magic != SETTINGS_MAGIC || s.version != SETTINGS_VER)
        return -2;
    if (crc16_xmodem((const uint8_t *)&s, offsetof(settings_t, crc)) != s.crc)
        return -3;
    s.name[sizeof(s.name) - 1] = '\0';
    *out = s;
    return 0;
}

int settings_uart_cfg(const settings_t *s, uart_cfg_t *u)
{
    uint32_t baud;

    switch (s->baud_idx) {
    case 0: baud = 9600; break;
    case 1: baud = 19200; break;
    case 2: baud = 38400; break;
    case 3: baud = 57600; break;
    case 4: baud = 115200; break;
    }
    u->baud = baud;
    u->ubrr = (uint16_t)(F_CPU / (16UL * baud) - 1);
    u->parity = (s->flags >> 1) & 0x3;
    u->stop_bits = (s->flags & 0x08) ? 2 : 1;
    return 0;
}

static void settings_print(const settings_t *s, const uart_cfg_t *u)
{
    char label[24];

    strncpy(label, s->name, sizeof(label) - 1);
    label[sizeof(label) - 1] = '\0';
    printf("node %u \"%s\" sample=%ums\n", s->node_addr, label, s->sample_ms);
    printf("uart %lu baud ubrr=%u parity=%u stop=%u\n",
           (unsigned long)u->baud, u->ubrr, u->parity, u->stop_bits);
}

int main(int argc, char **argv)
{
    uint8_t eeprom[EEPROM_SIZE];
    settings_t s;
    uart_cfg_t u;
    size_t n;
    FILE *fp;
    int rc;

    if (argc < 2) {
        fprintf(stderr, "usage: %s eeprom.bin\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "rb");
    if (fp == NULL) {
        perror(argv[1]);
        return 1;
    }
    n = fread(eeprom, 1, sizeof(eeprom), fp);
    fclose(fp);

    rc = settings_load(eeprom, n, &s);
    if (rc != 0) {
        fprintf(stderr, "settings invalid (%d)\n", rc);
        return 1;
    }
    if (settings_uart_cfg(&s, &u) != 0) {
        fprintf(stderr, "uart settings not supported\n");
        return 1;
    }
    settings_print(&s, &u);
    return 0;
}
