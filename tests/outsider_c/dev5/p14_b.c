#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define IRC_MAX_PARAMS 15
#define IRC_LINE_MAX   4096

typedef enum {
    IRC_OK = 0,
    IRC_ERR_EMPTY,
    IRC_ERR_PREFIX,
    IRC_ERR_COMMAND
} irc_status;

typedef struct irc_prefix {
    char nick[32];
    char user[32];
    char host[64];
} irc_prefix;

typedef struct irc_message {
    const char *prefix;
    const char *command;
    size_t nparams;
    char *params[IRC_MAX_PARAMS];
} irc_message;

static inline char *skip_spaces(char *p)
{
    while (*p == ' ')
        p++;
    return p;
}

static void copy_part(char *dst, size_t dstsz, const char *src, size_t n)
{
    if (n >= dstsz)
        n = dstsz - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

irc_status irc_split_prefix(const char *prefix, irc_prefix *out)
{
    const char *bang = strchr(prefix, '!');
    const char *at = strchr(prefix, '@');
    size_t len = strlen(prefix);

    memset(out, 0, sizeof(*out));
    if (len == 0)
        return IRC_ERR_PREFIX;
    if (bang && at && bang < at) {
        copy_part(out->nick, sizeof(out->nick), prefix, (size_t)(bang - prefix));
        copy_part(out->user, sizeof(out->user), bang + 1, (size_t)(at - bang - 1));
        copy_part(out->host, sizeof(out->host), at + 1, strlen(at + 1));
    } else if (strchr(prefix, '.')) {
        copy_part(out->host, sizeof(out->host), prefix, len);
    } else {
        copy_part(out->nick, sizeof(out->nick), prefix, len);
    }
    return IRC_OK;
}

static irc_status irc_parse(char *line, irc_message *msg)
{
    char *p = line;
    size_t n = strlen(line);

    while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == '\n'))
        line[--n] = '\0';
    msg->prefix = NULL;
    msg->nparams = 0;
    p = skip_spaces(p);
    if (*p == '\0')
        return IRC_ERR_EMPTY;
    if (*p == ':') {
        msg->prefix = ++p;
        p = strchr(p, ' ');
        if (!p)
            return IRC_ERR_COMMAND;
        *p++ = '\0';
        p = skip_spaces(p);
    }
    msg->command = p;
    while (*p && *p != ' ')
        p++;
    if (p == msg->command)
        return IRC_ERR_COMMAND;
    while (*p) {
        *p++ = '\0';
        p = skip_spaces(p);
        if (*p == '\0')
            break;
        if (*p == ':' || msg->nparams == IRC_MAX_PARAMS - 1) {
            msg->params[msg->nparams++] = *p == ':' ? p + 1 : p;
            break;
        }
        msg->params[msg->nparams++] = p;
        while (*p && *p != ' ')
            p++;
    }
    return IRC_OK;
}

int irc_handle_line(char *line, FILE *out)
{
    irc_message msg;
    irc_prefix who;
    char reply[512];
    size_t i;

    if (irc_parse(line, &msg) != IRC_OK)
        return -1;
    if (strcmp(msg.command, "PING") == 0 && msg.nparams > 0) {
        snprintf(reply, sizeof(reply), "PONG :%s\r\n", msg.params[0]);
        fputs(reply, out);
        return 0;
    }
    if (msg.prefix && irc_split_prefix(msg.prefix, &who) == IRC_OK)
        fprintf(out, "<%s> ", who.nick[0] ? who.nick : who.host);
    fprintf(out, "%s", msg.command);
    for (i = 0; i < msg.nparams; i++)
        fprintf(out, " [%s]", msg.params[i]);
    fputc('\n', out);
    return 0;
}

int main(void)
{
    char line[IRC_LINE_MAX];
    unsigned long rejected = 0;

    while (fgets(line, sizeof(line), stdin)) {
        if (irc_handle_line(line, stdout) != 0)
            rejected++;
    }
    if (rejected)
        fprintf(stderr, "%lu malformed lines\n", rejected);
    return 0;
}
