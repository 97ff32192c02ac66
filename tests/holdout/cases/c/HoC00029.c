#include <stdio.h>

static void greet(const char *name, int verbose)
{
    const char *fmt = verbose ? "hello, %s! (verbose mode)\n" : "hello, %s\n";
    printf(fmt, name);
}

int main(int argc, char **argv)
{
    greet(argc > 1 ? argv[1] : "world", argc > 2);
    return 0;
}
