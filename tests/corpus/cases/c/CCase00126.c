#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int open_scratch(void)
{
    char path[64];
    snprintf(path, sizeof(path), "/tmp/report-%d.tmp", rand());
    return open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
}
