#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
    const char *fmt = verbose ? "processed %d records in %d ms\n" : "%d records\n";
    fprintf(stderr, fmt, 1200, 48);
    return 0;
}
