#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#define MAX_PARAMS 8

struct cell {
    char ch;
    unsigned char attr;
};

struct screen {
    int rows, cols;
    int cx, cy;
    unsigned char attr;
    int state;
    int nparams;
    int params[MAX_PARAMS];
    struct cell *cells;
};

enum { S_GROUND, S_ESC, S_CSI };

struct screen *screen_new(int rows, int cols)
{
    struct screen *s = calloc(1, sizeof(*s));

    if (!s)
        return NULL;
    s->rows = rows;
    s->cols = cols;
    s->cells = calloc((size_t)rows * cols, sizeof(struct cell));
    if (!s->cells) {
        free(s);
        return NULL;
    }
    return s;
}

static void scroll_up(struct screen *s)
{
    memmove(s->cells, s->cells + s->cols, (size_t)(s->rows - 1) * s->cols * sizeof(struct cell));
    memset(s->cells + (size_t)(s->rows - 1) * s->cols, 0, s->cols * sizeof(struct cell));
}

static void put_char(struct screen *s, char ch)
{
    if (s->cx >= s->cols) {
        s->cx = 0;
        if (++s->cy >= s->rows) {
            scroll_up(s);
            s->cy = s->rows - 1;
        }
    }
    s->cells[s->cy * s->cols + s->cx].ch = ch;
    s->cells[s->cy * s->cols + s->cx].attr = s->attr;
    s->cx++;
}

static int param(const struct screen *s, int i, int def)
{
    return (i < s->nparams && s->params[i] > 0) ? s->params[i] : def;
}

static void csi_dispatch(struct screen *s, char final)
{
    int i, n = param(s, 0, 1);

    switch (final) {
    case 'H':
    case 'f':
        s->cy = param(s, 0, 1) - 1;
        s->cx = param(s, 1, 1) - 1;
        if (s->cx >= s->cols)
            s->cx = s->cols - 1;
        if (s->cy >= s->rows)
            s->cy = s->rows - 1;
        break;
    case 'A':
        s->cy = s->cy - n < 0 ? 0 : s->cy - n;
        break;
    case 'B':
        s->cy = s->cy + n >= s->rows ? s->rows - 1 : s->cy + n;
        break;
    case 'C':
        s->cx = s->cx + n >= s->cols ? s->cols - 1 : s->cx + n;
        break;
    case 'D':
        s->cx = s->cx - n < 0 ? 0 : s->cx - n;
        break;
    case 'J':
        if (param(s, 0, 0) == 2)
            memset(s->cells, 0, (size_t)s->rows * s->cols * sizeof(struct cell));
        break;
    case 'K':
        for (i = s->cx; i < s->cols; i++)
            s->cells[s->cy * s->cols + i].ch = 0;
        break;
    case 'm':
        for (i = 0; i < s->nparams || i == 0; i++)
            s->attr = (unsigned char)(i < s->nparams ? s->params[i] : 0);
        break;
    }
}

void screen_feed(struct screen *s, const char *buf, size_t len)
{
    size_t k;

    for (k = 0; k < len; k++) {
        char c = buf[k];
        switch (s->state) {
        case S_GROUND:
            if (c == 0x1b)
                s->state = S_ESC;
            else if (c == '\r')
                s->cx = 0;
            else if (c == '\n')
                s->cy = s->cy + 1 >= s->rows ? (scroll_up(s), s->rows - 1) : s->cy + 1;
            else if (c == '\b')
                s->cx = s->cx > 0 ? s->cx - 1 : 0;
            else if ((unsigned char)c >= 0x20)
                put_char(s, c);
            break;
        case S_ESC:
            s->state = c == '[' ? S_CSI : S_GROUND;
            s->nparams = 0;
            memset(s->params, 0, sizeof(s->params));
            break;
        case S_CSI:
            if (c >= '0' && c <= '9') {
                if (s->nparams == 0)
                    s->nparams = 1;
                if (s->params[s->nparams - 1] < 10000)
                    s->params[s->nparams - 1] = s->params[s->nparams - 1] * 10 + (c - '0');
            } else if (c == ';') {
                if (s->nparams < MAX_PARAMS)
                    s->nparams = s->nparams ? s->nparams + 1 : 2;
            } else {
                csi_dispatch(s, c);
                s->state = S_GROUND;
            }
            break;
        }
    }
}

int main(int argc, char **argv)
{
    struct screen *s;
    char buf[4096];
    char row[256];
    FILE *fp = stdin;
    size_t n;
    int r, c;

    if (argc > 1 && !(fp = fopen(argv[1], "rb"))) {
        perror(argv[1]);
        return 1;
    }
    s = screen_new(24, 80);
    if (!s) {
        if (fp != stdin)
            fclose(fp);
        return 1;
    }
    while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
        screen_feed(s, buf, n);
    if (fp != stdin)
        fclose(fp);
    for (r = 0; r < s->rows; r++) {
        for (c = 0; c < s->cols && c < (int)sizeof(row) - 1; c++)
            row[c] = s->cells[r * s->cols + c].ch ? s->cells[r * s->cols + c].ch : ' ';
        row[c] = '\0';
        printf("%s\n", row);
    }
    free(s->cells);
    free(s);
    return 0;
}
