#include <stdio.h>

int main(int argc, char **argv)
{
    int total;
    (void)argv;
    total = 0;
    for (int i = 0; i < argc; i++)
        total += i;
    printf("%d\n", total);
    return 0;
}
