#include <stdint.h>
#include <string.h>
#include <sys/socket.h>

#define MAX_PAYLOAD 256

int read_packet(int fd, uint8_t *out)
{
    uint8_t hdr[2];
    uint8_t tmp[1024];
    if (recv(fd, hdr, sizeof(hdr), MSG_WAITALL) != 2)
        return -1;
    size_t len = (size_t)hdr[0] << 8 | hdr[1];
    if (recv(fd, tmp, sizeof(tmp), 0) <= 0)
        return -1;
    memcpy(out, tmp, len);
    return (int)len;
}

int main(void)
{
    uint8_t payload[MAX_PAYLOAD];
    return read_packet(0, payload) < 0;
}
