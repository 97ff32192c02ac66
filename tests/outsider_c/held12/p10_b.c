#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#define MAX_MEDIA 8
#define MAX_FORMATS 8

struct sdp_format {
    int payload;
    char encoding[32];
    int clock_rate;
    int channels;
};

struct sdp_media {
    char type[16];
    int port;
    char proto[32];
    int nfmt;
    struct sdp_format fmt[MAX_FORMATS];
};

struct sdp_session {
    int version;
    char origin_user[64];
    unsigned long long sess_id;
    char name[128];
    char conn_addr[64];
    int nmedia;
    struct sdp_media media[MAX_MEDIA];
};

static struct sdp_format *find_format(struct sdp_media *m, int pt)
{
    int i;

    for (i = 0; i < m->nfmt; i++)
        if (m->fmt[i].payload == pt)
            return &m->fmt[i];
    return NULL;
}

static int parse_media(struct sdp_session *s, char *val)
{
    struct sdp_media *m;
    char *tok, *save;
    int n;

    if (s->nmedia >= MAX_MEDIA)
        return -ENOSPC;
    m = &s->media[s->nmedia];
    memset(m, 0, sizeof(*m));
    if (sscanf(val, "%15s %d %31s%n", m->type, &m->port, m->proto, &n) != 3)
        return -EINVAL;
    for (tok = strtok_r(val + n, " ", &save); tok && m->nfmt < MAX_FORMATS;
         tok = strtok_r(NULL, " ", &save)) {
        m->fmt[m->nfmt].payload = atoi(tok);
        m->fmt[m->nfmt].channels = 1;
        m->nfmt++;
    }
    s->nmedia++;
    return 0;
}

static int parse_rtpmap(struct sdp_session *s, char *val)
{
    struct sdp_format *f;
    char *sp, *slash, *chan;
    int pt;

    if (s->nmedia == 0)
        return 0;
    pt = atoi(val);
    sp = strchr(val, ' ');
    f = find_format(&s->media[s->nmedia - 1], pt);
    if (!sp || !f)
        return 0;
    slash = strchr(sp + 1, '/');
    if (!slash)
        return -EINVAL;
    *slash = '\0';
    snprintf(f->encoding, sizeof(f->encoding), "%s", sp + 1);
    f->clock_rate = atoi(slash + 1);
    chan = strchr(slash + 1, '/');
    if (chan)
        f->channels = atoi(chan + 1);
    return 0;
}

int sdp_parse_line(struct sdp_session *s, char *line)
{
    char *val;

    line[strcspn(line, "\r\n")] = '\0';
    if (strlen(line) < 2 || line[1] != '=')
        return line[0] ? -EINVAL : 0;
    val = line + 2;
    switch (line[0]) {
    case 'v':
        s->version = atoi(val);
        break;
    case 'o':
        if (sscanf(val, "%63s %llu", s->origin_user, &s->sess_id) != 2)
            return -EINVAL;
        break;
    case 's':
        if (strlen(val) >= sizeof(s->name))
            val[sizeof(s->name) - 1] = '\0';
        strcpy(s->name, val);
        break;
    case 'c':
        if (sscanf(val, "IN IP4 %63s", s->conn_addr) != 1)
            return -EINVAL;
        break;
    case 'm':
        return parse_media(s, val);
    case 'a':
        if (!strncmp(val, "rtpmap:", 7))
            return parse_rtpmap(s, val + 7);
        break;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static struct sdp_session sess;
    char line[512];
    FILE *fp = stdin;
    int i, j, lineno = 0;

    if (argc > 1 && !(fp = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        if (sdp_parse_line(&sess, line) < 0)
            fprintf(stderr, "line %d: ignored\n", lineno);
    }
    if (fp != stdin)
        fclose(fp);
    printf("v=%d session \"%s\" id %llu by %s, conn %s\n", sess.version, sess.name,
           sess.sess_id, sess.origin_user, sess.conn_addr[0] ? sess.conn_addr : "-");
    for (i = 0; i < sess.nmedia; i++) {
        struct sdp_media *m = &sess.media[i];
        printf("media %s port %d %s\n", m->type, m->port, m->proto);
        for (j = 0; j < m->nfmt; j++)
            printf("  pt %d %s/%d/%d\n", m->fmt[j].payload,
                   m->fmt[j].encoding[0] ? m->fmt[j].encoding : "?",
                   m->fmt[j].clock_rate, m->fmt[j].channels);
    }
    return 0;
}
