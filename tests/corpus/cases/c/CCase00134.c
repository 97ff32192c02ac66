#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct limits {
    int low;
    int high;
};

struct options {
    int verbose;
    struct limits limits;
};

int main(int argc, char **argv)
{
    struct options opt;
    opt.verbose = 0;
    opt.limits.low = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0)
            opt.verbose = 1;
        else if (strcmp(argv[i], "--high") == 0 && i + 1 < argc)
            opt.limits.high = atoi(argv[++i]);
    }
    if (opt.verbose)
        fprintf(stderr, "range %d..%d\n", opt.limits.low, opt.limits.high);
    printf("%d\n", opt.limits.high - opt.limits.low);
    return 0;
}
