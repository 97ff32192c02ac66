#include <stdio.h>
#include <string.h>

struct span {
    size_t len;
    const char *start;
    const char *end;
};

static size_t visible_width(const char *line)
{
    struct span sp;
    sp.len = strlen(line);
    sp.start = line;
    sp.end = sp.start + sp.len;
    while (sp.end > sp.start && (sp.end[-1] == ' ' || sp.end[-1] == '\n'))
        sp.end--;
    return (size_t)(sp.end - sp.start);
}

int main(void)
{
    char line[256];
    while (fgets(line, sizeof line, stdin) != NULL)
        printf("%zu\n", visible_width(line));
    return 0;
}
