#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char frame[64];
    char *payload = frame + 4;
    memset(frame, 0, sizeof(frame));
    if (argc > 1)
        memcpy(payload, argv[1], strnlen(argv[1], 32));
    fwrite(frame, 1, sizeof(frame), stdout);
    return 0;
}
