#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EMP_REC_LEN   49
#define EMP_ID_W       6
#define EMP_NAME_W    24
#define DEPT_W         4
#define RATE_W         7
#define HOURS_W        5
#define ALLOW_W        2
#define SLIP_LINES    10
#define SLIP_W        80
#define FICA_BP      765
#define STD_HOURS   4000
#define ALLOWANCE_C 8000

struct employee {
    char id[EMP_ID_W + 1];
    char name[EMP_NAME_W + 1];
    char dept[DEPT_W + 1];
    long rate;
    long hours;
    char status;
    int allowances;
};

struct wh_bracket {
    long over;
    long base;
    int pct;
};

static const struct wh_bracket wh_single[] = {
    { 0, 0, 0 }, { 10000, 0, 10 }, { 40000, 3000, 12 }, { 120000, 12600, 22 }
};
static const struct wh_bracket wh_married[] = {
    { 0, 0, 0 }, { 25000, 0, 10 }, { 80000, 5500, 12 }, { 240000, 24700, 22 }
};

static char slip[SLIP_LINES][SLIP_W];

static long fixed_field(const char *rec, int off, int width)
{
    char buf[16];

    memcpy(buf, rec + off, width);
    buf[width] = '\0';
    return atol(buf);
}

static void text_field(char *dst, const char *rec, int off, int width)
{
    memcpy(dst, rec + off, width);
    dst[width] = '\0';
    while (width > 0 && dst[width - 1] == ' ')
        dst[--width] = '\0';
}

static int parse_employee(const char *rec, struct employee *e)
{
    if (strcspn(rec, "\r\n") < EMP_REC_LEN)
        return -1;
    text_field(e->id, rec, 0, EMP_ID_W);
    text_field(e->name, rec, 6, EMP_NAME_W);
    text_field(e->dept, rec, 30, DEPT_W);
    e->rate = fixed_field(rec, 34, RATE_W);
    e->hours = fixed_field(rec, 41, HOURS_W);
    e->status = rec[46];
    e->allowances = (int)fixed_field(rec, 47, ALLOW_W);
    if (e->rate <= 0 || e->hours < 0 || (e->status != 'S' && e->status != 'M'))
        return -1;
    return 0;
}

static long withholding(const struct employee *e, long gross)
{
    const struct wh_bracket *t = e->status == 'M' ? wh_married : wh_single;
    long taxable = gross - (long)e->allowances * ALLOWANCE_C;
    int i = 3;

    if (taxable <= 0)
        return 0;
    while (i > 0 && taxable <= t[i].over)
        i--;
    return t[i].base + (taxable - t[i].over) * t[i].pct / 100;
}

static int build_slip(const struct employee *e)
{
    long reg_h = e->hours > STD_HOURS ? STD_HOURS : e->hours;
    long ot_h = e->hours - reg_h;
    long reg_pay = reg_h * e->rate / 100;
    long ot_pay = ot_h * e->rate * 3 / 200;
    long gross = reg_pay + ot_pay;
    long fica = (gross * FICA_BP + 5000) / 10000;
    long fwt = withholding(e, gross);
    long net = gross - fica - fwt;
    int n = 0;

    sprintf(slip[n++], "EMPLOYEE %-6s  %s", e->id, e->name);
    sprintf(slip[n++], "DEPT %-4s  STATUS %c  ALLOWANCES %d", e->dept, e->status, e->allowances);
    sprintf(slip[n++], "REGULAR   %4ld.%02ld HRS  %10ld.%02ld", reg_h / 100, reg_h % 100, reg_pay / 100, reg_pay % 100);
    sprintf(slip[n++], "OVERTIME  %4ld.%02ld HRS  %10ld.%02ld", ot_h / 100, ot_h % 100, ot_pay / 100, ot_pay % 100);
    sprintf(slip[n++], "GROSS PAY           %10ld.%02ld", gross / 100, gross % 100);
    sprintf(slip[n++], "FICA                %10ld.%02ld", fica / 100, fica % 100);
    sprintf(slip[n++], "FEDERAL W/H         %10ld.%02ld", fwt / 100, fwt % 100);
    sprintf(slip[n++], "NET PAY             %10ld.%02ld", net / 100, net % 100);
    return n;
}

int main(void)
{
    char rec[128];
    struct employee e;
    int n, i, count = 0, bad = 0;

    while (fgets(rec, sizeof rec, stdin) != NULL) {
        memset(&e, 0, sizeof e);
        if (parse_employee(rec, &e) != 0) {
            bad++;
            continue;
        }
        n = build_slip(&e);
        for (i = 0; i < n; i++) {
            fprintf(stdout, slip[i]);
            fputc('\n', stdout);
        }
        fputs("----------------------------------------\n", stdout);
        count++;
    }
    fprintf(stderr, "%d slips printed, %d records rejected\n", count, bad);
    return bad ? 1 : 0;
}
