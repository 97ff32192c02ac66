#ifndef HOLD_H
#define HOLD_H

#include <stddef.h>
#include <stdio.h>

struct account {
    char name[32];
    int balance;
};

void note(const char *fmt, ...);
size_t put_bounded(char *dst, size_t cap, const char *src);
void put_raw(char *dst, const char *src);
struct account *lookup_account(const char *name);
int launch(const char *cmd);
char *slurp_line(FILE *in);

#endif
