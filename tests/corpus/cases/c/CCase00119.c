#include <stdio.h>
#include <wchar.h>

int main(void)
{
    wchar_t name[16];
    if (fgetws(name, sizeof(name) / sizeof(name[0]), stdin) == NULL)
        return 1;
    fputws(name, stdout);
    return 0;
}
