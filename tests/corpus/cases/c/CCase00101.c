#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    const char *home;
    if (argc < 2) {
        fputs("usage: prog DIR\n", stderr);
        exit(2);
    } else {
        home = argv[1];
    }
    printf("home: %s\n", home);
    return 0;
}
