#include <stdio.h>
#include <stdlib.h>

static int count_lines(const char *path)
{
    int n = -1;
    char *line = malloc(1024);
    if (line == NULL)
        return -1;
    FILE *fp = fopen(path, "r");
    if (fp == NULL)
        goto done;
    n = 0;
    while (fgets(line, 1024, fp) != NULL)
        n++;
    fclose(fp);
done:
    free(line);
    return n;
}

int main(int argc, char **argv)
{
    printf("%d\n", argc > 1 ? count_lines(argv[1]) : 0);
    return 0;
}
