#include <stdint.h>
#include <stddef.h>
#include <string.h>

#define MB_SLAVE_ADDR     0x11
#define MB_NUM_HOLDING    32
#define MB_MAX_READ_QTY   125

#define MB_FC_READ_HOLD   0x03
#define MB_FC_WRITE_ONE   0x06
#define MB_FC_WRITE_MULTI 0x10

#define MB_EX_ILLEGAL_FUNC 0x01
#define MB_EX_ILLEGAL_ADDR 0x02
#define MB_EX_ILLEGAL_VAL  0x03

static uint16_t holding[MB_NUM_HOLDING];

static uint16_t mb_crc16(const uint8_t *p, size_t n)
{
    uint16_t crc = 0xFFFF;
    while (n--) {
        crc ^= *p++;
        for (int i = 0; i < 8; i++) {
            if (crc & 1)
                crc = (crc >> 1) ^ 0xA001;
            else
                crc >>= 1;
        }
    }
    return crc;
}

static size_t mb_finish(uint8_t *resp, size_t n)
{
    uint16_t crc = mb_crc16(resp, n);
    resp[n++] = (uint8_t)(crc & 0xFF);
    resp[n++] = (uint8_t)(crc >> 8);
    return n;
}

static size_t mb_exception(uint8_t *resp, uint8_t fc, uint8_t code)
{
    resp[0] = MB_SLAVE_ADDR;
    resp[1] = (uint8_t)(fc | 0x80);
    resp[2] = code;
    return mb_finish(resp, 3);
}

static uint16_t be16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

size_t modbus_rtu_handle(const uint8_t *req, size_t req_len, uint8_t *resp, size_t resp_cap)
{
    uint8_t fc;
    uint16_t start, qty;
    size_t n;

    if (req_len < 8 || resp_cap < 256)
        return 0;
    if (req[0] != MB_SLAVE_ADDR)
        return 0;
    if (mb_crc16(req, req_len - 2) != (uint16_t)(req[req_len - 2] | (req[req_len - 1] << 8)))
        return 0;

    fc = req[1];
    start = be16(req + 2);
    qty = be16(req + 4);

    switch (fc) {
    case MB_FC_READ_HOLD:
        if (qty == 0 || qty > MB_MAX_READ_QTY)
            return mb_exception(resp, fc, MB_EX_ILLEGAL_VAL);
        if (start >= MB_NUM_HOLDING || qty > MB_NUM_HOLDING - start)
            return mb_exception(resp, fc, MB_EX_ILLEGAL_ADDR);
        resp[0] = MB_SLAVE_ADDR;
        resp[1] = fc;
        resp[2] = (uint8_t)(qty * 2);
        n = 3;
        for (uint16_t i = 0; i < qty; i++) {
            uint16_t v = holding[start + i];
            resp[n++] = (uint8_t)(v >> 8);
            resp[n++] = (uint8_t)(v & 0xFF);
        }
        return mb_finish(resp, n);

    case MB_FC_WRITE_ONE:
        if (start >= MB_NUM_HOLDING)
            return mb_exception(resp, fc, MB_EX_ILLEGAL_ADDR);
        holding[start] = qty;
        memcpy(resp, req, 6);
        return mb_finish(resp, 6);

    case MB_FC_WRITE_MULTI:
        if (req_len < 9 || qty == 0 || qty > 123 || req[6] != qty * 2 ||
            req_len != (size_t)9 + req[6])
            return mb_exception(resp, fc, MB_EX_ILLEGAL_VAL);
        if (start >= MB_NUM_HOLDING || qty > MB_NUM_HOLDING - start)
            return mb_exception(resp, fc, MB_EX_ILLEGAL_ADDR);
        for (uint16_t i = 0; i < qty; i++)
            holding[start + i] = be16(req + 7 + 2 * i);
        memcpy(resp, req, 6);
        return mb_finish(resp, 6);

    default:
        return mb_exception(resp, fc, MB_EX_ILLEGAL_FUNC);
    }
}

void modbus_init(const uint16_t *defaults, size_t count)
{
    memset(holding, 0, sizeof(holding));
    if (count > MB_NUM_HOLDING)
        count = MB_NUM_HOLDING;
    memcpy(holding, defaults, count * sizeof(uint16_t));
}
