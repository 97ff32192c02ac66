#include <ctype.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_IMAGE   (256u * 1024u)
#define BLOCK_SIZE  128

static const char *const allowed_prefixes[] = { "/dev/ttyUSB", "/dev/ttyACM", "/dev/ttyS" };
static const long allowed_bauds[] = { 9600, 19200, 38400, 57600, 115200, 230400, 460800 };

static int port_allowed(const char *port)
{
    for (size_t i = 0; i < sizeof(allowed_prefixes) / sizeof(allowed_prefixes[0]); i++) {
        size_t pl = strlen(allowed_prefixes[i]);
        const char *p;

        if (strncmp(port, allowed_prefixes[i], pl) != 0)
            continue;
        p = port + pl;
        if (*p == '\0' || strlen(p) > 3)
            return 0;
        for (; *p; p++) {
            if (!isdigit((unsigned char)*p))
                return 0;
        }
        return 1;
    }
    return 0;
}

static int baud_allowed(long baud)
{
    for (size_t i = 0; i < sizeof(allowed_bauds) / sizeof(allowed_bauds[0]); i++) {
        if (allowed_bauds[i] == baud)
            return 1;
    }
    return 0;
}

static int configure_port(const char *port, long baud)
{
    char cmd[160];

    if (!port_allowed(port) || !baud_allowed(baud)) {
        fprintf(stderr, "refusing port %s @ %ld\n", port, baud);
        return -1;
    }
    snprintf(cmd, sizeof(cmd), "stty -F %s %ld raw -echo -ixon cs8 -cstopb", port, baud);
    return system(cmd) == 0 ? 0 : -1;
}

static uint8_t *load_image(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    uint8_t *buf;
    size_t n;

    if (fp == NULL)
        return NULL;
    buf = malloc(MAX_IMAGE);
    if (buf == NULL) {
        fclose(fp);
        return NULL;
    }
    n = fread(buf, 1, MAX_IMAGE, fp);
    fclose(fp);
    *len = n;
    return buf;
}

static int send_image(const char *port, const uint8_t *img, size_t len)
{
    FILE *tty = fopen(port, "wb");
    uint8_t hdr[4];
    size_t off;

    if (tty == NULL)
        return -1;
    for (off = 0; off < len; off += BLOCK_SIZE) {
        size_t chunk = len - off < BLOCK_SIZE ? len - off : BLOCK_SIZE;
        hdr[0] = 0x55;
        hdr[1] = (uint8_t)(off / BLOCK_SIZE);
        hdr[2] = (uint8_t)((off / BLOCK_SIZE) >> 8);
        hdr[3] = (uint8_t)chunk;
        if (fwrite(hdr, 1, sizeof(hdr), tty) != sizeof(hdr) ||
            fwrite(img + off, 1, chunk, tty) != chunk) {
            fclose(tty);
            return -1;
        }
    }
    fclose(tty);
    return 0;
}

int main(int argc, char **argv)
{
    uint8_t *img;
    size_t len = 0;
    long baud;
    int rc;

    if (argc != 4) {
        fprintf(stderr, "usage: %s <port> <baud> <image.bin>\n", argv[0]);
        return 2;
    }
    baud = atol(argv[2]);
    img = load_image(argv[3], &len);
    if (img == NULL) {
        perror(argv[3]);
        return 1;
    }
    if (configure_port(argv[1], baud) != 0) {
        free(img);
        return 1;
    }
    rc = send_image(argv[1], img, len);
    printf("%s: %zu bytes %s\n", argv[1], len, rc == 0 ? "sent" : "failed");
    free(img);
    return rc == 0 ? 0 : 1;
}
