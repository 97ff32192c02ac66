#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_RCPT 8

enum smtp_state { ST_INIT, ST_HELO, ST_MAIL, ST_RCPT, ST_DATA };

struct smtp_session {
    enum smtp_state state;
    int nrcpt;
    unsigned long bytes;
    char helo[64];
    char rcpt[MAX_RCPT][64];
    char from[64];
};

static void reply(FILE *out, int code, const char *text)
{
    fprintf(out, "%d %s\r\n", code, text);
}

static char *skip_ws(char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

static void chomp(char *line)
{
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == '\n'))
        line[--n] = '\0';
}

static int extract_path(const char *arg, char *dst)
{
    const char *lt = strchr(arg, '<');
    const char *gt;
    size_t len;

    if (!lt)
        return -1;
    gt = strchr(lt + 1, '>');
    if (!gt)
        return -1;
    len = (size_t)(gt - lt - 1);
    memcpy(dst, lt + 1, len);
    dst[len] = '\0';
    return 0;
}

static int is_verb(const char *line, const char *verb)
{
    size_t n = strlen(verb);
    if (strncasecmp(line, verb, n) != 0)
        return 0;
    return line[n] == '\0' || line[n] == ' ';
}

int smtp_handle_line(struct smtp_session *s, char *line, FILE *out)
{
    char *arg;

    if (s->state == ST_DATA) {
        if (strcmp(line, ".") == 0) {
            s->state = ST_HELO;
            reply(out, 250, "Message accepted for delivery");
        } else {
            s->bytes += strlen(line) + 2;
        }
        return 0;
    }
    if (is_verb(line, "HELO") || is_verb(line, "EHLO")) {
        arg = skip_ws(line + 4);
        if (*arg == '\0' || strlen(arg) >= sizeof(s->helo)) {
            reply(out, 501, "Syntax: HELO hostname");
            return 0;
        }
        strcpy(s->helo, arg);
        s->state = ST_HELO;
        reply(out, 250, s->helo);
    } else if (is_verb(line, "MAIL")) {
        if (s->state != ST_HELO) {
            reply(out, 503, "Commands out of sequence");
            return 0;
        }
        arg = skip_ws(line + 4);
        if (strncasecmp(arg, "FROM:", 5) != 0 || extract_path(arg + 5, s->from) < 0) {
            reply(out, 501, "Syntax: MAIL FROM:<address>");
            return 0;
        }
        s->nrcpt = 0;
        s->state = ST_MAIL;
        reply(out, 250, "Sender OK");
    } else if (is_verb(line, "RCPT")) {
        if (s->state != ST_MAIL && s->state != ST_RCPT) {
            reply(out, 503, "Need MAIL first");
            return 0;
        }
        if (s->nrcpt >= MAX_RCPT) {
            reply(out, 452, "Too many recipients");
            return 0;
        }
        arg = skip_ws(line + 4);
        if (strncasecmp(arg, "TO:", 3) != 0 || extract_path(arg + 3, s->rcpt[s->nrcpt]) < 0) {
            reply(out, 501, "Syntax: RCPT TO:<address>");
            return 0;
        }
        s->nrcpt++;
        s->state = ST_RCPT;
        reply(out, 250, "Recipient OK");
    } else if (is_verb(line, "DATA")) {
        if (s->state != ST_RCPT) {
            reply(out, 503, "Need RCPT first");
            return 0;
        }
        s->state = ST_DATA;
        reply(out, 354, "End data with <CR><LF>.<CR><LF>");
    } else if (is_verb(line, "RSET")) {
        if (s->state != ST_INIT)
            s->state = ST_HELO;
        s->from[0] = '\0';
        s->nrcpt = 0;
        reply(out, 250, "OK");
    } else if (is_verb(line, "NOOP")) {
        reply(out, 250, "OK");
    } else if (is_verb(line, "QUIT")) {
        reply(out, 221, "Bye");
        return 1;
    } else {
        reply(out, 500, "Command not recognized");
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct smtp_session sess;
    char line[1024];
    FILE *in = stdin;

    if (argc > 1) {
        in = fopen(argv[1], "r");
        if (!in) {
            perror(argv[1]);
            return 1;
        }
    }
    memset(&sess, 0, sizeof(sess));
    reply(stdout, 220, "localhost ESMTP ready");
    while (fgets(line, sizeof(line), in)) {
        chomp(line);
        if (smtp_handle_line(&sess, line, stdout))
            break;
    }
    printf("session: helo=%s from=%s rcpt=%d bytes=%lu\n",
           sess.helo, sess.from, sess.nrcpt, sess.bytes);
    if (in != stdin)
        fclose(in);
    return 0;
}
