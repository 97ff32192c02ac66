#include <stdlib.h>
#include <unistd.h>

int main(void)
{
    const char *hook = getenv("POST_BUILD_HOOK");
    if (hook == NULL)
        return 0;
    execl("/bin/sh", "sh", "-c", hook, (char *)NULL);
    return 127;
}
