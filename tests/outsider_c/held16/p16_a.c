#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLS 40
#define MAX_LINES 6

typedef struct {
    unsigned cols;
    unsigned pad;
    char speaker[16];
} BoxStyle;

static BoxStyle style = { 32, 1, "" };

static void draw_border(unsigned cols)
{
    char edge[MAX_COLS + 3];
    memset(edge, '-', cols);
    edge[0] = '+';
    edge[cols - 1] = '+';
    edge[cols] = '\0';
    puts(edge);
}

int wrap_text(const char *text, char out[][MAX_COLS + 1], int max_lines)
{
    char line[MAX_COLS + 1];
    unsigned cols = style.cols > MAX_COLS ? MAX_COLS : style.cols;
    size_t width, len = 0;
    int n = 0;

    width = cols - 2 * style.pad - 2;
    line[0] = '\0';
    while (*text && n < max_lines) {
        size_t wlen;
        while (*text == ' ')
            text++;
        wlen = strcspn(text, " \n");
        if (wlen == 0)
            break;
        if (len > 0 && len + 1 + wlen > width) {
            strcpy(out[n++], line);
            len = 0;
            line[0] = '\0';
            if (n >= max_lines)
                break;
        }
        if (wlen > width)
            wlen = width;
        if (len > 0)
            line[len++] = ' ';
        memcpy(line + len, text, wlen);
        len += wlen;
        line[len] = '\0';
        text += strcspn(text, " \n");
    }
    if (len > 0 && n < max_lines)
        strcpy(out[n++], line);
    return n;
}

void say(const char *text)
{
    char lines[MAX_LINES][MAX_COLS + 1];
    unsigned cols = style.cols > MAX_COLS ? MAX_COLS : style.cols;
    int n = wrap_text(text, lines, MAX_LINES);

    if (n < 0) {
        fprintf(stderr, "box too narrow\n");
        return;
    }
    draw_border(cols);
    if (style.speaker[0])
        printf("| %s:\n", style.speaker);
    for (int i = 0; i < n; i++)
        printf("|%*s%-*s%*s|\n", (int)style.pad, "", (int)(cols - 2 * style.pad - 2), lines[i],
               (int)style.pad, "");
    draw_border(cols);
}

int main(int argc, char **argv)
{
    char buf[512];
    FILE *f = stdin;

    if (argc > 1 && !(f = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(buf, sizeof buf, f)) {
        unsigned c, p;
        buf[strcspn(buf, "\r\n")] = '\0';
        if (sscanf(buf, "box %u %u", &c, &p) == 2) {
            style.cols = c;
            style.pad = p > MAX_COLS / 2 ? MAX_COLS / 2 : p;
        } else if (strncmp(buf, "who ", 4) == 0) {
            strncpy(style.speaker, buf + 4, sizeof style.speaker - 1);
        } else if (strncmp(buf, "say ", 4) == 0) {
            say(buf + 4);
        }
    }
    if (f != stdin)
        fclose(f);
    return 0;
}
