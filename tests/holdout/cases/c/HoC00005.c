#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[512];

    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '#')
            continue;
        fprintf(stderr, line);
        fputc('\n', stderr);
    }
    return 0;
}
