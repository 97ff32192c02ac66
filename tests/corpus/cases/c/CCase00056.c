#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    const char *home = getenv("HOME");
    size_t n = strlen(home);
    printf("home has %zu characters\n", n);
    return 0;
}
