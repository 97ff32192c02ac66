#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DFU_CMD_START  0x01
#define DFU_CMD_DATA   0x02
#define DFU_CMD_END    0x03
#define DFU_CMD_ABORT  0x04
#define DFU_MAX_IMAGE  (128u * 1024u)

enum { DFU_IDLE, DFU_RECEIVING, DFU_DONE };

typedef struct {
    uint8_t *buf;
    uint32_t size;
    uint32_t written;
    int state;
    char status[32];
} dfu_session_t;

static dfu_session_t dfu;

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
    crc = ~crc;
    while (n--) {
        crc ^= *p++;
        for (int i = 0; i < 8; i++)
            crc = (crc & 1u) ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
    }
    return ~crc;
}

static void dfu_release(void)
{
    if (dfu.buf != NULL)
        free(dfu.buf);
    dfu.buf = NULL;
    dfu.size = 0;
    dfu.written = 0;
    dfu.state = DFU_IDLE;
}

static int dfu_start(uint32_t size)
{
    dfu_release();
    if (size == 0 || size > DFU_MAX_IMAGE)
        return -1;
    dfu.buf = malloc(size);
    if (dfu.buf == NULL)
        return -1;
    dfu.size = size;
    dfu.state = DFU_RECEIVING;
    strcpy(dfu.status, "receiving");
    return 0;
}

static int dfu_finish(uint32_t expected_crc)
{
    if (dfu.state != DFU_RECEIVING || dfu.written != dfu.size)
        return -1;
    if (crc32_update(0, dfu.buf, dfu.size) != expected_crc) {
        free(dfu.buf);
        dfu.buf = NULL;
        dfu.state = DFU_IDLE;
        strcpy(dfu.status, "crc error");
        return -1;
    }
    dfu.state = DFU_DONE;
    sprintf(dfu.status, "ready %lu", (unsigned long)dfu.size);
    return 0;
}

int dfu_process(const uint8_t *pkt, size_t len)
{
    uint32_t off;
    size_t n;

    if (len < 1)
        return -1;
    switch (pkt[0]) {
    case DFU_CMD_START:
        if (len != 5)
            return -1;
        return dfu_start(rd32(pkt + 1));
    case DFU_CMD_DATA:
        if (len < 6 || dfu.state != DFU_RECEIVING)
            return -1;
        off = rd32(pkt + 1);
        n = len - 5;
        if (off != dfu.written || n > dfu.size - dfu.written)
            return -1;
        memcpy(dfu.buf + off, pkt + 5, n);
        dfu.written += (uint32_t)n;
        return 0;
    case DFU_CMD_END:
        if (len != 5)
            return -1;
        return dfu_finish(rd32(pkt + 1));
    case DFU_CMD_ABORT:
        dfu_release();
        strcpy(dfu.status, "aborted");
        return 0;
    default:
        return -1;
    }
}

const char *dfu_status(void)
{
    return dfu.status[0] ? dfu.status : "idle";
}
