#include <stdio.h>
#include <string.h>

static void banner(const char *who)
{
    char line[40];
    snprintf(line, sizeof(line), "%s", who);
    puts(line);
}

static void title(void)
{
    char line[40];
    snprintf(line, sizeof(line), "%s", "report");
    puts(line);
}

int main(int argc, char **argv)
{
    title();
    banner(argc > 1 ? argv[1] : "anonymous");
    return 0;
}
