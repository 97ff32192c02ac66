#include <stdlib.h>
#include <string.h>

char *dup_upper(const char *s)
{
    size_t n = strlen(s);
    char *out = malloc(n + 1);

    if (out == NULL)
        return NULL;
    for (size_t i = 0; i < n; i++)
        out[i] = (char)(s[i] >= 'a' && s[i] <= 'z' ? s[i] - 32 : s[i]);
    out[n] = '\0';
    return out;
}
