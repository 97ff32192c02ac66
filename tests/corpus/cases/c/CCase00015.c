#include <stdio.h>
#include <stdlib.h>

#include "lib/util.h"

int main(void)
{
    const char *DEFAULT_EDITOR = config_value("EDITOR");
    char cmd[256];
    if (DEFAULT_EDITOR == NULL)
        DEFAULT_EDITOR = "vi";
    snprintf(cmd, sizeof(cmd), "%s /tmp/notes.txt", DEFAULT_EDITOR);
    return system(cmd);
}
