#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define MBAP_LEN 7
#define MAX_ADU 260

struct mbap {
    uint16_t tid;
    uint16_t proto;
    uint16_t len;
    uint8_t unit;
};

static uint16_t be16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

static const char *exception_text(uint8_t code)
{
    switch (code) {
    case 1: return "illegal function";
    case 2: return "illegal data address";
    case 3: return "illegal data value";
    case 4: return "server device failure";
    case 6: return "server device busy";
    default: return "unknown exception";
    }
}

static int decode_registers(const uint8_t *pdu, size_t pdu_len, char *out, size_t outsz)
{
    uint8_t count;
    size_t i, off = 0;
    int n;

    if (pdu_len < 2)
        return -1;
    count = pdu[1];
    if (count % 2 != 0)
        return -1;
    for (i = 0; i < count; i += 2) {
        n = snprintf(out + off, outsz - off, "%s%u", i ? "," : "", be16(pdu + 2 + i));
        if (n < 0 || (size_t)n >= outsz - off)
            return -1;
        off += (size_t)n;
    }
    return (int)(count / 2);
}

int modbus_decode(const uint8_t *adu, size_t len, char *out, size_t outsz)
{
    struct mbap h;
    const uint8_t *pdu;
    size_t pdu_len;
    uint8_t fc;

    if (len < MBAP_LEN + 1)
        return -1;
    h.tid = be16(adu);
    h.proto = be16(adu + 2);
    h.len = be16(adu + 4);
    h.unit = adu[6];
    if (h.proto != 0 || h.len < 2)
        return -1;
    pdu = adu + MBAP_LEN;
    pdu_len = len - MBAP_LEN;
    if ((size_t)h.len - 1 < pdu_len)
        pdu_len = (size_t)h.len - 1;
    fc = pdu[0];
    printf("tid=%u unit=%u fc=0x%02x ", h.tid, h.unit, fc);
    if (fc & 0x80) {
        if (pdu_len < 2)
            return -1;
        snprintf(out, outsz, "exception: %s", exception_text(pdu[1]));
        return 0;
    }
    switch (fc) {
    case 0x03:
    case 0x04:
        return decode_registers(pdu, pdu_len, out, outsz);
    case 0x06:
    case 0x10:
        if (pdu_len < 5)
            return -1;
        snprintf(out, outsz, "addr=%u value=%u", be16(pdu + 1), be16(pdu + 3));
        return 1;
    default:
        snprintf(out, outsz, "unsupported function");
        return 0;
    }
}

int main(int argc, char **argv)
{
    FILE *f;
    uint8_t *buf;
    char text[1024];
    long size;
    int rc;

    if (argc != 2) {
        fprintf(stderr, "usage: %s capture.bin\n", argv[0]);
        return 2;
    }
    f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    rewind(f);
    if (size <= 0 || size > MAX_ADU) {
        fclose(f);
        fprintf(stderr, "invalid frame size\n");
        return 1;
    }
    buf = malloc((size_t)size);
    if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        free(buf);
        return 1;
    }
    fclose(f);
    rc = modbus_decode(buf, (size_t)size, text, sizeof(text));
    if (rc < 0)
        printf("malformed frame\n");
    else
        printf("%s\n", text);
    free(buf);
    return rc < 0;
}
