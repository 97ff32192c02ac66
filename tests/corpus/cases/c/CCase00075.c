#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int load(const char *path)
{
    char *buf = malloc(4096);
    if (buf == NULL)
        return -1;
    FILE *fp = fopen(path, "r");
    if (fp == NULL) {
        free(buf);
        buf = NULL;
        goto out;
    }
    size_t n = fread(buf, 1, 4095, fp);
    buf[n] = '\0';
    fclose(fp);
    printf("%zu bytes\n", strlen(buf));
out:
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    return argc > 1 ? load(argv[1]) : 1;
}
