#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

struct frame {
    unsigned char payload[128];
    size_t len;
};

int read_frame(int fd, struct frame *out)
{
    unsigned char wire[512];
    ssize_t got = recv(fd, wire, sizeof(wire), 0);
    if (got <= 0)
        return -1;
    size_t len = (size_t)got;
    if (len > sizeof(out->payload))
        len = sizeof(out->payload);
    memcpy(out->payload, wire, len);
    out->len = len;
    return 0;
}
