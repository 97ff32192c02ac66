#include <string.h>
#include <sys/socket.h>

int read_record(int fd, char *dst)
{
    char wire[256];
    char rec[32];
    int n = (int)recv(fd, wire, sizeof(wire), 0);
    int want = wire[0];
    if (want > 32)
        want = 32;
    memcpy(rec, wire + 1, want);
    memcpy(dst, rec, sizeof(rec));
    return n;
}
