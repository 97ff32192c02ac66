#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[256];

    while (fgets(line, sizeof line, stdin) != NULL) {
        char *eq = strchr(line, '=');
        *eq = '\0';
        printf("key: %s\n", line);
    }
    return 0;
}
