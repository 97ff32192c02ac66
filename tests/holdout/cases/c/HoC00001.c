#include <stdio.h>

#include "lib/hold.h"

int main(int argc, char **argv)
{
    struct account *acct;

    if (argc < 2)
        return 2;
    acct = lookup_account(argv[1]);
    printf("%s has %d\n", acct->name, acct->balance);
    return 0;
}
