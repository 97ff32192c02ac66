#include <stdio.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <syslog.h>

void log_peer_message(int fd)
{
    char wire[256];
    char entry[300];
    ssize_t n = recv(fd, wire, sizeof wire - 1, 0);

    if (n <= 0)
        return;
    wire[n] = '\0';
    snprintf(entry, sizeof entry, "peer: %s", wire);
    syslog(LOG_INFO, entry);
}
