#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define FIELD_MAX 256
#define NAME_PART_MAX 40

struct contact {
    char first[FIELD_MAX];
    char last[FIELD_MAX];
    char email[FIELD_MAX];
    char phone[32];
};

static int next_field(const char **src, char *dst, size_t dstsz)
{
    const char *p = *src;
    size_t n = 0;

    while (*p != '\0' && *p != ';' && *p != '\n') {
        if (n + 1 >= dstsz)
            return -1;
        dst[n++] = *p++;
    }
    dst[n] = '\0';
    if (*p == ';')
        p++;
    *src = p;
    return 0;
}

static int parse_contact(const char *line, struct contact *c)
{
    const char *p = line;

    if (next_field(&p, c->first, sizeof(c->first)) != 0 ||
        next_field(&p, c->last, sizeof(c->last)) != 0 ||
        next_field(&p, c->email, sizeof(c->email)) != 0 ||
        next_field(&p, c->phone, sizeof(c->phone)) != 0)
        return -1;
    if (c->first[0] == '\0' && c->last[0] == '\0')
        return -1;
    return 0;
}

static void normalize_phone(char *phone)
{
    char *r = phone, *w = phone;

    for (; *r != '\0'; r++) {
        if (isdigit((unsigned char)*r) || (*r == '+' && w == phone))
            *w++ = *r;
    }
    *w = '\0';
}

int write_vcard(FILE *out, struct contact *c)
{
    char fn[2 * NAME_PART_MAX + 8];
    char tel[48];

    sprintf(fn, "FN:%s %s", c->first, c->last);
    fputs("BEGIN:VCARD\r\nVERSION:3.0\r\n", out);
    fprintf(out, "N:%s;%s;;;\r\n", c->last, c->first);
    fprintf(out, "%s\r\n", fn);
    if (c->email[0] != '\0')
        fprintf(out, "EMAIL;TYPE=INTERNET:%s\r\n", c->email);
    normalize_phone(c->phone);
    if (c->phone[0] != '\0') {
        sprintf(tel, "TEL;TYPE=CELL:%s", c->phone);
        fprintf(out, "%s\r\n", tel);
    }
    fputs("END:VCARD\r\n", out);
    return 0;
}

int main(int argc, char **argv)
{
    FILE *in = stdin;
    char line[1024];
    struct contact c;
    int written = 0, skipped = 0;

    if (argc > 1 && (in = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), in) != NULL) {
        memset(&c, 0, sizeof(c));
        if (line[0] == '#' || parse_contact(line, &c) != 0) {
            skipped++;
            continue;
        }
        if (write_vcard(stdout, &c) != 0) {
            skipped++;
            continue;
        }
        written++;
    }
    if (in != stdin)
        fclose(in);
    fprintf(stderr, "%d cards written, %d lines skipped\n", written, skipped);
    return 0;
}
