#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    char *word = strdup(argc > 1 ? argv[1] : "word");
    if (word == NULL)
        return 1;
    free(word);
    if (strcmp(word, "quit") == 0)
        return 0;
    return 1;
}
