#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 3)
        return 2;
    int credit = atoi(argv[1]);
    int bonus = atoi(argv[2]);
    int total = credit + bonus;
    printf("new balance: %d\n", total);
    return 0;
}
