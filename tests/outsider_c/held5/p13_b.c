#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum ws_opcode { WS_CONT = 0x0, WS_TEXT = 0x1, WS_BIN = 0x2, WS_CLOSE = 0x8, WS_PING = 0x9, WS_PONG = 0xA };

enum ws_err { WS_OK = 0, WS_NEED_MORE = 1, WS_ERR_PROTO = -1, WS_ERR_TOOBIG = -2, WS_ERR_NOMEM = -3 };

struct ws_frame {
    bool fin;
    enum ws_opcode op;
    bool masked;
    uint8_t mask[4];
    uint64_t payload_len;
    const uint8_t *payload;
    size_t header_len;
};

struct ws_close {
    uint16_t code;
    char *reason;
};

int ws_parse_header(const uint8_t *buf, size_t len, struct ws_frame *f)
{
    if (len < 2)
        return WS_NEED_MORE;
    *f = (struct ws_frame){
        .fin = (buf[0] & 0x80) != 0,
        .op = (enum ws_opcode)(buf[0] & 0x0F),
        .masked = (buf[1] & 0x80) != 0,
        .payload_len = buf[1] & 0x7F,
        .header_len = 2,
    };
    if (f->payload_len == 126) {
        if (len < 4)
            return WS_NEED_MORE;
        f->payload_len = (uint64_t)buf[2] << 8 | buf[3];
        f->header_len = 4;
    } else if (f->payload_len == 127) {
        if (len < 10)
            return WS_NEED_MORE;
        f->payload_len = 0;
        for (int i = 0; i < 8; i++)
            f->payload_len = f->payload_len << 8 | buf[2 + i];
        f->header_len = 10;
    }
    if (f->payload_len > (1u << 24))
        return WS_ERR_TOOBIG;
    if (f->masked) {
        if (len < f->header_len + 4)
            return WS_NEED_MORE;
        memcpy(f->mask, buf + f->header_len, 4);
        f->header_len += 4;
    }
    if (len - f->header_len < f->payload_len)
        return WS_NEED_MORE;
    f->payload = buf + f->header_len;
    return WS_OK;
}

static void unmask(uint8_t *dst, const struct ws_frame *f)
{
    for (size_t i = 0; i < f->payload_len; i++)
        dst[i] = f->payload[i] ^ (f->masked ? f->mask[i & 3] : 0);
}

int ws_decode_close(const struct ws_frame *f, struct ws_close *out)
{
    *out = (struct ws_close){ .code = 1005, .reason = NULL };
    uint8_t *plain = malloc(f->payload_len + 1);
    if (!plain)
        return WS_ERR_NOMEM;
    unmask(plain, f);
    const size_t rlen = f->payload_len - 2;
    if (f->payload_len > 0)
        out->code = (uint16_t)(plain[0] << 8 | plain[1]);
    out->reason = malloc(rlen + 1);
    if (!out->reason) {
        free(plain);
        return WS_ERR_NOMEM;
    }
    memcpy(out->reason, plain + 2, rlen);
    out->reason[rlen] = '\0';
    free(plain);
    return WS_OK;
}

int main(void)
{
    uint8_t buf[65536];
    const size_t n = fread(buf, 1, sizeof buf, stdin);
    size_t off = 0;
    while (off < n) {
        struct ws_frame f;
        const int rc = ws_parse_header(buf + off, n - off, &f);
        if (rc != WS_OK) {
            fprintf(stderr, "frame at %zu: %d\n", off, rc);
            return rc == WS_NEED_MORE ? 0 : 1;
        }
        printf("op=%u fin=%d len=%llu\n", (unsigned)f.op, f.fin, (unsigned long long)f.payload_len);
        if (f.op == WS_CLOSE) {
            struct ws_close c;
            if (ws_decode_close(&f, &c) != WS_OK)
                return 1;
            printf("close %u \"%s\"\n", (unsigned)c.code, c.reason);
            free(c.reason);
            return 0;
        }
        off += f.header_len + (size_t)f.payload_len;
    }
    return 0;
}
