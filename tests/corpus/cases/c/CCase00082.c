#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    char *msg = malloc(64);
    if (msg == NULL)
        return 1;
    strncpy(msg, argc > 1 ? argv[1] : "none", 63);
    msg[63] = '\0';
    if (strlen(msg) > 32)
        free(msg);
    printf("message: %s\n", msg);
    return 0;
}
