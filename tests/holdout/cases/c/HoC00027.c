#include <stdio.h>

int main(int argc, char **argv)
{
    char host[32];

    if (argc < 2) {
        fprintf(stderr, "usage: %s HOST\n", argv[0]);
        return 2;
    }
    snprintf(host, sizeof host, "%s", argv[1]);
    printf("connecting to %s\n", host);
    return 0;
}
