#include <stdlib.h>
#include <string.h>

struct record {
    char *name;
};

static void record_clear(struct record *r, char *name)
{
    free(name);
    r->name = NULL;
}

int main(void)
{
    struct record r;
    char *name = strdup("entry");
    if (name == NULL)
        return 1;
    r.name = NULL;
    record_clear(&r, name);
    free(name);
    return 0;
}
