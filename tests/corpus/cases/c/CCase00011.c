#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    const char *prompt = getenv("PS_PROMPT");
    if (prompt == NULL)
        prompt = "> ";
    printf(prompt);
    fflush(stdout);
    return 0;
}
