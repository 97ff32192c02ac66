#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[64];
    char *nl;
    if (fgets(line, sizeof(line), stdin) == NULL)
        return 1;
    nl = strchr(line, '\n');
    if (nl != NULL)
        *nl = '\0';
    printf("[%s]\n", line);
    return 0;
}
