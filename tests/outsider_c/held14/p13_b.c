#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef unsigned char u_char;

#define OK      0
#define ERROR  -1

#define SHA1_BLOCK   64
#define SHA1_DIGEST  20

typedef struct {
    uint32_t    h[5];
    uint64_t    bytes;
    u_char      buf[SHA1_BLOCK];
} sha1_t;

#define ROL(x, n)  (((x) << (n)) | ((x) >> (32 - (n))))

static void
sha1_block(sha1_t *c, const u_char *p)
{
    uint32_t  w[80], a, b, d, e, f, k, t, cc;
    int       i;

    for (i = 0; i < 16; i++) {
        w[i] = (uint32_t) p[i * 4] << 24 | p[i * 4 + 1] << 16 | p[i * 4 + 2] << 8 | p[i * 4 + 3];
    }
    for (i = 16; i < 80; i++) {
        w[i] = ROL(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    }
    a = c->h[0]; b = c->h[1]; cc = c->h[2]; d = c->h[3]; e = c->h[4];
    for (i = 0; i < 80; i++) {
        if (i < 20) {
            f = (b & cc) | (~b & d); k = 0x5a827999;
        } else if (i < 40) {
            f = b ^ cc ^ d; k = 0x6ed9eba1;
        } else if (i < 60) {
            f = (b & cc) | (b & d) | (cc & d); k = 0x8f1bbcdc;
        } else {
            f = b ^ cc ^ d; k = 0xca62c1d6;
        }
        t = ROL(a, 5) + f + e + k + w[i];
        e = d; d = cc; cc = ROL(b, 30); b = a; a = t;
    }
    c->h[0] += a; c->h[1] += b; c->h[2] += cc; c->h[3] += d; c->h[4] += e;
}

static void
sha1_init(sha1_t *c)
{
    c->h[0] = 0x67452301; c->h[1] = 0xefcdab89; c->h[2] = 0x98badcfe;
    c->h[3] = 0x10325476; c->h[4] = 0xc3d2e1f0;
    c->bytes = 0;
}

static void
sha1_update(sha1_t *c, const u_char *p, size_t len)
{
    size_t  used = c->bytes % SHA1_BLOCK, n;

    c->bytes += len;
    while (len) {
        n = SHA1_BLOCK - used < len ? SHA1_BLOCK - used : len;
        memcpy(c->buf + used, p, n);
        used += n; p += n; len -= n;
        if (used == SHA1_BLOCK) {
            sha1_block(c, c->buf);
            used = 0;
        }
    }
}

static void
sha1_final(sha1_t *c, u_char *out)
{
    u_char    pad[SHA1_BLOCK + 8];
    uint64_t  bits = c->bytes * 8;
    size_t    used = c->bytes % SHA1_BLOCK, n;
    int       i;

    n = (used < 56) ? 56 - used : 120 - used;
    memset(pad, 0, sizeof(pad));
    pad[0] = 0x80;
    for (i = 0; i < 8; i++) {
        pad[n + i] = (u_char) (bits >> (56 - i * 8));
    }
    sha1_update(c, pad, n + 8);
    for (i = 0; i < SHA1_DIGEST; i++) {
        out[i] = (u_char) (c->h[i / 4] >> (24 - (i % 4) * 8));
    }
}

void
hmac_sha1(const u_char *key, size_t keylen, const u_char *msg, size_t len, u_char *out)
{
    sha1_t  ctx;
    u_char  k[SHA1_BLOCK], pad[SHA1_BLOCK], tk[SHA1_DIGEST];
    int     i;

    if (keylen > SHA1_BLOCK) {
        sha1_init(&ctx);
        sha1_update(&ctx, key, keylen);
        sha1_final(&ctx, tk);
        key = tk;
        keylen = SHA1_DIGEST;
    }
    memset(k, 0, sizeof(k));
    memcpy(k, key, keylen);

    for (i = 0; i < SHA1_BLOCK; i++) {
        pad[i] = k[i] ^ 0x36;
    }
    sha1_init(&ctx);
    sha1_update(&ctx, pad, SHA1_BLOCK);
    sha1_update(&ctx, msg, len);
    sha1_final(&ctx, tk);

    for (i = 0; i < SHA1_BLOCK; i++) {
        pad[i] = k[i] ^ 0x5c;
    }
    sha1_init(&ctx);
    sha1_update(&ctx, pad, SHA1_BLOCK);
    sha1_update(&ctx, tk, SHA1_DIGEST);
    sha1_final(&ctx, out);
}

int
main(int argc, char **argv)
{
    FILE    *fp;
    u_char   key[256], msg[8192], mac[SHA1_DIGEST];
    char     hex[SHA1_DIGEST * 2 + 1];
    size_t   keylen, len;
    int      i;

    if (argc < 3) {
        fprintf(stderr, "usage: %s keyfile sha1=<hex> < body\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "rb");
    if (fp == NULL) {
        perror(argv[1]);
        return 2;
    }
    keylen = fread(key, 1, sizeof(key), fp);
    fclose(fp);
    while (keylen && (key[keylen - 1] == '\n' || key[keylen - 1] == '\r')) {
        keylen--;
    }

    len = fread(msg, 1, sizeof(msg), stdin);
    hmac_sha1(key, keylen, msg, len, mac);

    for (i = 0; i < SHA1_DIGEST; i++) {
        sprintf(hex + i * 2, "%02x", mac[i]);
    }
    printf("computed sha1=%s\n", hex);

    if (strncmp(argv[2], "sha1=", 5) != 0 || strcmp(argv[2] + 5, hex) != 0) {
        printf("signature mismatch\n");
        return 1;
    }
    printf("signature ok\n");
    return 0;
}
