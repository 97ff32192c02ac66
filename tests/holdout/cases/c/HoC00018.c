#include <stdio.h>
#include <stdlib.h>

#define NBUCKETS 16

int main(void)
{
    int counts[NBUCKETS] = {0};
    char line[64];

    while (fgets(line, sizeof line, stdin) != NULL) {
        int idx = atoi(line);
        if (idx < 0 || idx >= NBUCKETS)
            continue;
        counts[idx]++;
    }
    for (int i = 0; i < NBUCKETS; i++)
        printf("%d %d\n", i, counts[i]);
    return 0;
}
