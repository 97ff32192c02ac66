#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: echo-banner TEXT\n", stderr);
        return 2;
    }
    printf("%s\n", argv[1]);
    return 0;
}
