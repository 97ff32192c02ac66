#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <errno.h>

#define MAX_TEXT 512

struct srt_cue {
    int index;
    long start_ms;
    long end_ms;
    char text[MAX_TEXT];
    size_t text_len;
};

enum { ST_INDEX, ST_TIMING, ST_TEXT };

static int cue_count;
static long total_ms;

static void rtrim(char *s)
{
    char *e = s + strlen(s) - 1;

    while (isspace((unsigned char)*e))
        *e-- = '\0';
}

static int parse_time(const char *s, long *ms)
{
    int h, m, sec, frac;

    if (sscanf(s, "%d:%d:%d%*[,.]%d", &h, &m, &sec, &frac) != 4)
        return -EINVAL;
    if (m > 59 || sec > 59 || frac > 999 || h < 0 || m < 0 || sec < 0 || frac < 0)
        return -EINVAL;
    *ms = ((h * 60L + m) * 60L + sec) * 1000L + frac;
    return 0;
}

static void emit_cue(const struct srt_cue *c)
{
    char stamp[48];

    sprintf(stamp, "%ld.%03ld-%ld.%03ld", c->start_ms / 1000, c->start_ms % 1000,
            c->end_ms / 1000, c->end_ms % 1000);
    printf("#%d [%s] %s\n", c->index, stamp, c->text);
    cue_count++;
    total_ms += c->end_ms - c->start_ms;
}

int srt_feed_line(struct srt_cue *c, int *state, char *line)
{
    char *arrow;

    line[strcspn(line, "\r\n")] = '\0';
    if (line[0] == '\0') {
        if (*state == ST_TEXT)
            emit_cue(c);
        *state = ST_INDEX;
        return 0;
    }
    switch (*state) {
    case ST_INDEX:
        memset(c, 0, sizeof(*c));
        c->index = atoi(line);
        *state = ST_TIMING;
        break;
    case ST_TIMING:
        arrow = strstr(line, "-->");
        if (!arrow || parse_time(line, &c->start_ms) < 0 || parse_time(arrow + 3, &c->end_ms) < 0)
            return -EINVAL;
        *state = ST_TEXT;
        break;
    case ST_TEXT:
        rtrim(line);
        if (c->text_len && c->text_len + 1 < sizeof(c->text))
            c->text[c->text_len++] = '|';
        while (*line && c->text_len + 1 < sizeof(c->text))
            c->text[c->text_len++] = *line++;
        c->text[c->text_len] = '\0';
        break;
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct srt_cue cue;
    char line[1024];
    FILE *fp = stdin;
    int state = ST_INDEX, lineno = 0;

    if (argc > 1 && !(fp = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    memset(&cue, 0, sizeof(cue));
    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        if (srt_feed_line(&cue, &state, line) < 0) {
            fprintf(stderr, "line %d: unparsable timing line\n", lineno);
            state = ST_INDEX;
        }
    }
    if (state == ST_TEXT)
        emit_cue(&cue);
    if (fp != stdin)
        fclose(fp);
    printf("%d cues, %ld ms of subtitles\n", cue_count, total_ms);
    return 0;
}
