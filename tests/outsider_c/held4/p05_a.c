#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define NICK_LEN 16
#define CHAN_LEN 32

typedef struct {
    char nick[NICK_LEN];
    char channel[CHAN_LEN];
    unsigned lines;
} chan_stat_t;

static chan_stat_t g_stats[64];
static int g_nstats;

static size_t copy_token(char *dst, size_t dstlen, const char **pp, const char *stops)
{
    const char *p = *pp;
    size_t n = 0;
    while (*p && !strchr(stops, *p)) {
        if (n < dstlen)
            dst[n++] = *p;
        p++;
    }
    dst[n] = '\0';
    *pp = p;
    return n;
}

static void count_line(const char *nick, const char *chan)
{
    for (int i = 0; i < g_nstats; i++) {
        if (strcmp(g_stats[i].nick, nick) == 0 && strcmp(g_stats[i].channel, chan) == 0) {
            g_stats[i].lines++;
            return;
        }
    }
    if (g_nstats >= 64)
        return;
    snprintf(g_stats[g_nstats].nick, NICK_LEN, "%s", nick);
    snprintf(g_stats[g_nstats].channel, CHAN_LEN, "%s", chan);
    g_stats[g_nstats].lines = 1;
    g_nstats++;
}

int irc_handle_line(const char *line)
{
    char nick[NICK_LEN];
    char command[16];
    char target[CHAN_LEN];
    const char *p = line;

    nick[0] = '\0';
    if (*p == ':') {
        p++;
        copy_token(nick, sizeof(nick), &p, "! \r\n");
        while (*p && *p != ' ')
            p++;
        while (*p == ' ')
            p++;
    }
    if (copy_token(command, sizeof(command), &p, " \r\n") == 0)
        return -1;
    while (*p == ' ')
        p++;

    if (strcmp(command, "PING") == 0) {
        printf("PONG %s\n", p);
        return 0;
    }
    if (strcmp(command, "PRIVMSG") != 0 && strcmp(command, "NOTICE") != 0)
        return 0;

    copy_token(target, sizeof(target), &p, " \r\n");
    while (*p == ' ')
        p++;
    if (*p == ':')
        p++;
    if (target[0] == '#' && nick[0])
        count_line(nick, target);

    char out[512];
    snprintf(out, sizeof(out), "[%s] <%s> %s", target, nick[0] ? nick : "server", p);
    out[strcspn(out, "\r\n")] = '\0';
    puts(out);
    return 0;
}

int main(void)
{
    char line[512];
    while (fgets(line, sizeof(line), stdin)) {
        if (irc_handle_line(line) < 0)
            fprintf(stderr, "malformed: %s", line);
    }
    for (int i = 0; i < g_nstats; i++)
        printf("%-16s %-20s %u\n", g_stats[i].nick, g_stats[i].channel, g_stats[i].lines);
    return 0;
}
