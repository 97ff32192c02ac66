#include <stdlib.h>

struct record {
    long id;
    double score;
};

struct record *alloc_records(size_t n)
{
    struct record *r = calloc(n, sizeof(*r));
    return r;
}
