#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int delta = argc > 1 ? atoi(argv[1]) : 0;
    if (delta < 0 && delta > INT_MIN / 4) {
        int scaled = delta * 4;
        printf("%d\n", scaled);
    }
    return 0;
}
