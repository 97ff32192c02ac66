#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc > 1)
        printf("status requested by %s\n", argv[1]);
    return system("uptime");
}
