#include <stdlib.h>

struct record {
    long id;
    double score;
};

struct record *alloc_records(size_t n)
{
    size_t bytes = n * sizeof(struct record);
    return malloc(bytes);
}
