#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: echo-banner TEXT\n", stderr);
        return 2;
    }
    printf(argv[1]);
    putchar('\n');
    return 0;
}
