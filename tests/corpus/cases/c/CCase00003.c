#include <stdio.h>

int main(void)
{
    char line[256];
    unsigned long n = 0;
    while (fgets(line, sizeof(line), stdin) != NULL) {
        fprintf(stdout, line);
        n++;
    }
    fprintf(stderr, "%lu lines\n", n);
    return 0;
}
