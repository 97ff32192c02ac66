#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void send_challenge(int fd, long value)
{
    dprintf(fd, "CHALLENGE %ld\r\n", value);
}

int handshake(int fd)
{
    srandom((unsigned)getpid());
    send_challenge(fd, random());
    return 0;
}
