#include <stdio.h>
#include <stdlib.h>

static int histogram[10];

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        int bucket = atoi(argv[i]);
        histogram[bucket]++;
    }
    for (int b = 0; b < 10; b++)
        printf("%d: %d\n", b, histogram[b]);
    return 0;
}
