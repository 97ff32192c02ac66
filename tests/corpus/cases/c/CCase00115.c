#include <stdio.h>
#include <stdlib.h>

struct job {
    int id;
    char *label;
};

int main(void)
{
    struct job *j = malloc(sizeof(*j));
    int id;
    if (j == NULL)
        return 1;
    j->id = 3;
    j->label = NULL;
    id = j->id;
    free(j);
    printf("job %d finished\n", id);
    return 0;
}
