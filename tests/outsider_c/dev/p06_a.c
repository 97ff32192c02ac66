#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define MSG_MAGIC "TLV1"
#define TAG_USER 1
#define TAG_TOKEN 2
#define TAG_FLAGS 3
#define TAG_BODY 4

struct session {
    char username[33];
    unsigned char token[16];
    size_t token_len;
    uint32_t flags;
    size_t body_len;
    uint32_t body_sum;
};

static uint16_t get_u16(const unsigned char *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

static uint32_t get_u32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
           ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static uint32_t adler32(const unsigned char *p, size_t n)
{
    uint32_t a = 1, b = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        a = (a + p[i]) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}

int handle_message(const unsigned char *buf, size_t len, struct session *s)
{
    size_t off = 4, n;
    uint8_t tag;
    uint16_t vlen;
    const unsigned char *val;

    memset(s, 0, sizeof(*s));
    if (len < 4 || memcmp(buf, MSG_MAGIC, 4) != 0)
        return -1;
    while (off + 3 <= len) {
        tag = buf[off];
        vlen = get_u16(buf + off + 1);
        val = buf + off + 3;
        switch (tag) {
        case TAG_USER:
            n = vlen < sizeof(s->username) - 1 ? vlen : sizeof(s->username) - 1;
            memcpy(s->username, val, n);
            s->username[n] = '\0';
            break;
        case TAG_TOKEN:
            if (vlen > sizeof(s->token))
                return -1;
            memcpy(s->token, val, vlen);
            s->token_len = vlen;
            break;
        case TAG_FLAGS:
            if (vlen != 4)
                return -1;
            s->flags = get_u32(val);
            break;
        case TAG_BODY:
            s->body_len = vlen;
            s->body_sum = adler32(val, vlen);
            break;
        default:
            break;
        }
        off += 3 + (size_t)vlen;
    }
    return s->username[0] != '\0' ? 0 : -1;
}

static unsigned char *read_all(FILE *fp, size_t *out_len)
{
    unsigned char *buf = NULL, *tmp;
    size_t len = 0, cap = 0, n;

    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 512;
            tmp = realloc(buf, cap);
            if (tmp == NULL) {
                free(buf);
                return NULL;
            }
            buf = tmp;
        }
        n = fread(buf + len, 1, cap - len, fp);
        if (n == 0)
            break;
        len += n;
    }
    tmp = realloc(buf, len ? len : 1);
    if (tmp != NULL)
        buf = tmp;
    *out_len = len;
    return buf;
}

int main(void)
{
    struct session s;
    unsigned char *msg;
    size_t len = 0, i;
    char hex[sizeof(s.token) * 2 + 1];

    msg = read_all(stdin, &len);
    if (msg == NULL)
        return 1;
    if (handle_message(msg, len, &s) != 0) {
        fprintf(stderr, "rejected message\n");
        free(msg);
        return 1;
    }
    for (i = 0; i < s.token_len; i++)
        sprintf(hex + i * 2, "%02x", s.token[i]);
    hex[s.token_len * 2] = '\0';
    printf("user=%s token=%s flags=%08x body=%zu sum=%08x\n", s.username, hex,
           (unsigned)s.flags, s.body_len, (unsigned)s.body_sum);
    free(msg);
    return 0;
}
