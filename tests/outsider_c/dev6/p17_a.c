#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CUSTNO_W      8
#define NAME_W       30
#define ATTN_W       30
#define STREET_W     30
#define CITY_W       20
#define STATE_W       2
#define ZIP_W        10
#define CUST_REC_LEN (CUSTNO_W + NAME_W + ATTN_W + STREET_W + CITY_W + STATE_W + ZIP_W)
#define LABEL_W      32
#define LABEL_LINES   5
#define ACROSS        3
#define ROW_W        (LABEL_W * ACROSS)

struct customer {
    char custno[CUSTNO_W + 1];
    char name[NAME_W + 1];
    char attn[ATTN_W + 1];
    char street[STREET_W + 1];
    char city[CITY_W + 1];
    char state[STATE_W + 1];
    char zip[ZIP_W + 1];
};

struct label {
    char line[LABEL_LINES][48];
};

static void take(char *dst, const char **src, int width)
{
    int n = width;

    memcpy(dst, *src, width);
    while (n > 0 && dst[n - 1] == ' ')
        n--;
    dst[n] = '\0';
    *src += width;
}

static int parse_customer(const char *rec, struct customer *c)
{
    if (strcspn(rec, "\r\n") < CUST_REC_LEN)
        return -1;
    take(c->custno, &rec, CUSTNO_W);
    take(c->name, &rec, NAME_W);
    take(c->attn, &rec, ATTN_W);
    take(c->street, &rec, STREET_W);
    take(c->city, &rec, CITY_W);
    take(c->state, &rec, STATE_W);
    take(c->zip, &rec, ZIP_W);
    return c->name[0] && c->street[0] && c->city[0] ? 0 : -1;
}

static void make_label(const struct customer *c, struct label *lb)
{
    int n = 0;

    memset(lb, 0, sizeof *lb);
    strcpy(lb->line[n++], c->name);
    if (c->attn[0])
        sprintf(lb->line[n++], "ATTN: %s", c->attn);
    strcpy(lb->line[n++], c->street);
    sprintf(lb->line[n++], "%s, %s %s", c->city, c->state, c->zip);
}

static void print_row(const struct label *lb, int count, char *row)
{
    int ln, col;
    size_t n;

    for (ln = 0; ln < LABEL_LINES; ln++) {
        memset(row, ' ', ROW_W);
        row[ROW_W] = '\0';
        for (col = 0; col < count; col++) {
            n = strlen(lb[col].line[ln]);
            memcpy(row + col * LABEL_W, lb[col].line[ln], n);
        }
        n = ROW_W;
        while (n > 0 && row[n - 1] == ' ')
            row[--n] = '\0';
        puts(row);
    }
    putchar('\n');
}

int main(void)
{
    char rec[CUST_REC_LEN + 8];
    struct customer c;
    struct label lb[ACROSS];
    char *row;
    int nlab = 0, total = 0, rejected = 0;

    if ((row = malloc(ROW_W + 1)) == NULL)
        return 1;
    while (fgets(rec, sizeof rec, stdin) != NULL) {
        if (parse_customer(rec, &c) != 0) {
            rejected++;
            continue;
        }
        make_label(&c, &lb[nlab++]);
        total++;
        if (nlab == ACROSS) {
            print_row(lb, nlab, row);
            nlab = 0;
        }
    }
    if (nlab > 0)
        print_row(lb, nlab, row);
    free(row);
    fprintf(stderr, "%d labels printed, %d records rejected\n", total, rejected);
    return 0;
}
