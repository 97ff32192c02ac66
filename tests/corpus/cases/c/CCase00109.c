#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    char *word = strdup(argc > 1 ? argv[1] : "word");
    int quit;
    if (word == NULL)
        return 1;
    quit = strcmp(word, "quit") == 0;
    free(word);
    return quit ? 0 : 1;
}
