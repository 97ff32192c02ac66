#include <stdio.h>
#include <string.h>

int main(void)
{
    char mode[16];
    strcpy(mode, "read-only");
    printf("opening in %s mode\n", mode);
    return 0;
}
