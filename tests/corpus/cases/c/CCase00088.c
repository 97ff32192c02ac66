#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    FILE *out = fopen(argc > 1 ? argv[1] : "out.txt", "w");
    if (out == NULL)
        return 1;
    if (argc > 2) {
        fputs("too many arguments\n", stderr);
        return 2;
    }
    fputs("done\n", out);
    fclose(out);
    return 0;
}
