#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    unsigned int width;

    if (argc < 2)
        return 2;
    width = ((unsigned int)atoi(argv[1]) & 0xffu) * 16u;
    printf("%u\n", width);
    return 0;
}
