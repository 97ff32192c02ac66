#include <stdio.h>

int main(void)
{
    char out[256];
    FILE *p = popen("df -h /var", "r");
    if (p == NULL)
        return 1;
    while (fgets(out, sizeof(out), p) != NULL)
        fputs(out, stdout);
    return pclose(p) != 0;
}
