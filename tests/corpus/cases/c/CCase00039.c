#include <stdio.h>

int main(int argc, char **argv)
{
    char host[64];
    if (argc < 2)
        return 2;
    snprintf(host, sizeof(host), "%s", argv[1]);
    printf("connecting to %s\n", host);
    return 0;
}
