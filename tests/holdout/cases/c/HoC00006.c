#include <stdio.h>
#include <stdlib.h>

struct rec {
    char key[48];
    long value;
};

struct rec *alloc_records(FILE *in)
{
    size_t count;

    if (fscanf(in, "%zu", &count) != 1)
        return NULL;
    return calloc(count, sizeof(struct rec));
}
