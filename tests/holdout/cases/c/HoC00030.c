#include <stdlib.h>

#include "lib/hold.h"

int main(void)
{
    const char *banner = getenv("MOTD");

    if (banner == NULL)
        banner = "welcome\n";
    note(banner);
    return 0;
}
