#include <stdio.h>

static const char usage_fmt[] = "usage: %s [-n COUNT] FILE...\n";

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, usage_fmt, argv[0]);
        return 2;
    }
    return 0;
}
