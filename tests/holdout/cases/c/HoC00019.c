#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char label[64];
    int copies = argc > 2 ? atoi(argv[2]) : 1;

    snprintf(label, sizeof label, "%s-%d", argc > 1 ? argv[1] : "job", copies);
    puts(label);
    return 0;
}
