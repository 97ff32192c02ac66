/* Small helpers shared by several C corpus cases. */
#ifndef CORPUS_UTIL_H
#define CORPUS_UTIL_H

#include <stddef.h>
#include <stdio.h>

/* printf-like logging to stderr with a timestamp prefix. */
void log_msg(const char *fmt, ...);

/* Runs a command line through /bin/sh; returns the exit status. */
int run_cmd(const char *cmd);

/* Copies a display name into dst (no length argument). */
void copy_name(char *dst, const char *src);

/* Copies at most cap-1 bytes of src into dst and terminates it; returns strlen(src). */
size_t copy_bounded(char *dst, size_t cap, const char *src);

/* Reads one line from fp into a fresh heap buffer; NULL at end of file or on allocation failure. */
char *read_line(FILE *fp);

/* Looks a setting up in the environment (prefix APP_); NULL when it is not set. */
const char *config_value(const char *key);

#endif
