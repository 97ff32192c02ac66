#include <stdio.h>
#include <string.h>

void split_pair(char *line, char **key, char **value)
{
    char *eq = strchr(line, '=');
    *eq = '\0';
    *key = line;
    *value = eq + 1;
}

int main(void)
{
    char buf[256];
    char *k, *v;
    while (fgets(buf, sizeof(buf), stdin) != NULL) {
        split_pair(buf, &k, &v);
        printf("%s -> %s", k, v);
    }
    return 0;
}
