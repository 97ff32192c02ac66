#include <stdio.h>

int main(int argc, char **argv)
{
    int total;
    (void)argv;
    for (int i = 0; i < argc; i++)
        total = i;
    printf("%d\n", total);
    return 0;
}
