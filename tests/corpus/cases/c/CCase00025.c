#include <stdio.h>

struct counter {
    int hits;
    int misses;
};

static void bump(struct counter *c, int hit)
{
    if (hit)
        c->hits++;
    else
        c->misses++;
}

int main(void)
{
    struct counter stats = {0, 0};
    struct counter *p = &stats;
    bump(p, 1);
    p->misses += 2;
    printf("%d/%d\n", stats.hits, stats.misses);
    return 0;
}
