#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <strings.h>

#define MAX_COLS 32

struct row {
    char *cols[MAX_COLS];
    int ncols;
};

static char *ltrim(char *s)
{
    while (*s != '\0' && isspace((unsigned char)*s))
        s++;
    return s;
}

char *rtrim(char *s)
{
    size_t len = strlen(s);

    if (len == 0)
        return s;
    while (isspace((unsigned char)s[len - 1])) {
        s[--len] = '\0';
        if (len == 0)
            break;
    }
    return s;
}

static int split_row(char *line, char sep, struct row *r)
{
    char *p = line, *next;

    r->ncols = 0;
    while (p != NULL && r->ncols < MAX_COLS) {
        next = strchr(p, sep);
        if (next != NULL)
            *next++ = '\0';
        r->cols[r->ncols++] = ltrim(rtrim(p));
        p = next;
    }
    return r->ncols;
}

static int column_index(const struct row *hdr, const char *name)
{
    int i;

    for (i = 0; i < hdr->ncols; i++) {
        if (strcasecmp(hdr->cols[i], name) == 0)
            return i;
    }
    return -1;
}

static void copy_header(char *dst, size_t dstsz, const char *src)
{
    strncpy(dst, src, dstsz - 1);
    dst[dstsz - 1] = '\0';
}

int main(int argc, char **argv)
{
    char header_line[1024], line[1024], col_name[64];
    struct row hdr, r;
    int idx, rows = 0;
    double sum = 0.0;
    char sep = ',';

    if (argc < 2) {
        fprintf(stderr, "usage: %s COLUMN [SEP] < file.csv\n", argv[0]);
        return 2;
    }
    if (argc > 2 && argv[2][0] != '\0')
        sep = argv[2][0];
    copy_header(col_name, sizeof(col_name), argv[1]);
    if (fgets(header_line, sizeof(header_line), stdin) == NULL)
        return 1;
    header_line[strcspn(header_line, "\r\n")] = '\0';
    split_row(header_line, sep, &hdr);
    idx = column_index(&hdr, col_name);
    if (idx < 0) {
        fprintf(stderr, "no column named %s\n", col_name);
        return 1;
    }
    while (fgets(line, sizeof(line), stdin) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (split_row(line, sep, &r) <= idx)
            continue;
        sum += atof(r.cols[idx]);
        rows++;
    }
    printf("%s: %d rows, total %.3f, mean %.3f\n", col_name, rows, sum,
           rows ? sum / rows : 0.0);
    return 0;
}
