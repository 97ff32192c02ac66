#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static void list_drop(struct node *head)
{
    while (head != NULL) {
        free(head);
        head = head->next;
    }
}

int main(void)
{
    struct node *n = malloc(sizeof(*n));
    if (n == NULL)
        return 1;
    n->value = 1;
    n->next = NULL;
    list_drop(n);
    return 0;
}
