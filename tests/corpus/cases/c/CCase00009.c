#include <stdio.h>

int main(int argc, char **argv)
{
    char line[512];
    FILE *fp = fopen(argc > 1 ? argv[1] : "/etc/app.conf", "r");
    int count = 0;
    if (fp == NULL) {
        perror("fopen");
        return 1;
    }
    while (fgets(line, sizeof(line), fp) != NULL)
        count++;
    fclose(fp);
    printf("%d lines\n", count);
    return 0;
}
