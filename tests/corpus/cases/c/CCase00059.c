#include <stdio.h>
#include <string.h>

#include "lib/util.h"

struct contact {
    char name[24];
    char phone[16];
};

int main(void)
{
    struct contact c;
    char line[200];
    if (fgets(line, sizeof(line), stdin) == NULL)
        return 1;
    line[strcspn(line, "\n")] = '\0';
    copy_name(c.name, line);
    printf("saved %s\n", c.name);
    return 0;
}
