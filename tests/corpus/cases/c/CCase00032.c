#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    const char *home = getenv("HOME");
    if (!home || !*home) {
        fputs("HOME is not set\n", stderr);
        return 1;
    }
    size_t n = strlen(home);
    printf("home has %zu characters\n", n);
    return 0;
}
