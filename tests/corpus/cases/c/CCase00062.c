#include <stdio.h>
#include <string.h>

int set_hostname(const char *requested)
{
    char host[64];
    if (strlen(requested) >= sizeof(host)) {
        fprintf(stderr, "hostname too long\n");
        return -1;
    }
    strcpy(host, requested);
    printf("hostname: %s\n", host);
    return 0;
}

int main(int argc, char **argv)
{
    return argc > 1 ? set_hostname(argv[1]) : 1;
}
