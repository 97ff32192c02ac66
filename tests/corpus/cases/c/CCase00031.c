#include <stdio.h>
#include <string.h>

int split_pair(char *line, char **key, char **value)
{
    char *eq = strchr(line, '=');
    if (eq == NULL)
        return -1;
    *eq = '\0';
    *key = line;
    *value = eq + 1;
    return 0;
}

int main(void)
{
    char buf[256];
    char *k, *v;
    while (fgets(buf, sizeof(buf), stdin) != NULL) {
        if (split_pair(buf, &k, &v) == 0)
            printf("%s -> %s", k, v);
    }
    return 0;
}
