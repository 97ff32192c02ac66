#include <string.h>
#include <sys/socket.h>
#include <syslog.h>
#include <unistd.h>

void handle_client(int fd)
{
    char line[512];
    ssize_t n = recv(fd, line, sizeof(line) - 1, 0);
    if (n <= 0)
        return;
    line[n] = '\0';
    line[strcspn(line, "\r\n")] = '\0';
    syslog(LOG_NOTICE, "client said: %s", line);
    close(fd);
}
