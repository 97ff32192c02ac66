#include <stdint.h>
#include <stdlib.h>

struct record {
    long id;
    double score;
};

struct record *alloc_records(size_t n)
{
    if (n == 0 || n > SIZE_MAX / sizeof(struct record))
        return NULL;
    size_t bytes = n * sizeof(struct record);
    return malloc(bytes);
}
