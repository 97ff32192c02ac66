#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n, size);
    if (p == NULL) {
        perror("calloc");
        exit(EXIT_FAILURE);
    }
    return p;
}

int main(void)
{
    int *counts = xcalloc(256, sizeof(*counts));
    int c;
    while ((c = getchar()) != EOF)
        counts[c & 0xff]++;
    printf("%d newlines\n", counts['\n']);
    free(counts);
    return 0;
}
