#include <poll.h>
#include <stdlib.h>
#include <unistd.h>

int wait_readable(int fd)
{
    struct pollfd p;
    p.fd = fd;
    p.events = POLLIN;
    p.revents = 0;
    return poll(&p, 1, 500 + rand() % 500);
}
