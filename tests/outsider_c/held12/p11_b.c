#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <errno.h>

#define RTSP_URI_MAX 128
#define RTSP_LINE_MAX 1024

enum { RTSP_OPTIONS, RTSP_DESCRIBE, RTSP_SETUP, RTSP_PLAY, RTSP_PAUSE, RTSP_TEARDOWN };

static const char *methods[] = {
    "OPTIONS", "DESCRIBE", "SETUP", "PLAY", "PAUSE", "TEARDOWN", NULL
};

struct rtsp_request {
    int method;
    int cseq;
    char host[64];
    int port;
    char path[RTSP_URI_MAX];
    char session[64];
    char transport[128];
};

static int split_uri(struct rtsp_request *req, const char *uri)
{
    char hostport[96];
    const char *p, *slash;
    char *colon;
    size_t n;

    if (strncasecmp(uri, "rtsp://", 7))
        return -EINVAL;
    p = uri + 7;
    slash = strchr(p, '/');
    n = slash ? (size_t)(slash - p) : strlen(p);
    if (n >= sizeof(hostport))
        return -EINVAL;
    memcpy(hostport, p, n);
    hostport[n] = '\0';
    req->port = 554;
    colon = strchr(hostport, ':');
    if (colon) {
        *colon = '\0';
        req->port = atoi(colon + 1);
    }
    snprintf(req->host, sizeof(req->host), "%s", hostport);
    snprintf(req->path, sizeof(req->path), "%s", slash ? slash : "/");
    return 0;
}

int rtsp_parse_request_line(struct rtsp_request *req, const char *line)
{
    char method[16];
    char uri[RTSP_URI_MAX];
    const char *sp1, *sp2;
    size_t len;
    int i;

    sp1 = strchr(line, ' ');
    if (!sp1 || (size_t)(sp1 - line) >= sizeof(method))
        return -EINVAL;
    memcpy(method, line, sp1 - line);
    method[sp1 - line] = '\0';
    sp2 = strchr(sp1 + 1, ' ');
    if (!sp2 || strncmp(sp2 + 1, "RTSP/1.0", 8))
        return -EPROTO;
    len = sp2 - (sp1 + 1);
    if (len > sizeof(uri))
        return -ENAMETOOLONG;
    memcpy(uri, sp1 + 1, len);
    uri[len] = '\0';
    for (i = 0; methods[i]; i++)
        if (!strcmp(methods[i], method))
            break;
    if (!methods[i])
        return -EOPNOTSUPP;
    req->method = i;
    if (!strcmp(uri, "*"))
        return req->method == RTSP_OPTIONS ? 0 : -EINVAL;
    return split_uri(req, uri);
}

static void parse_header(struct rtsp_request *req, char *line)
{
    char *val = strchr(line, ':');

    if (!val)
        return;
    *val++ = '\0';
    while (*val == ' ')
        val++;
    if (!strcasecmp(line, "CSeq"))
        req->cseq = atoi(val);
    else if (!strcasecmp(line, "Session"))
        snprintf(req->session, sizeof(req->session), "%s", val);
    else if (!strcasecmp(line, "Transport"))
        snprintf(req->transport, sizeof(req->transport), "%s", val);
}

int main(int argc, char **argv)
{
    struct rtsp_request req;
    char line[RTSP_LINE_MAX];
    FILE *fp = stdin;
    int ret, first = 1;

    if (argc > 1 && !(fp = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    memset(&req, 0, sizeof(req));
    while (fgets(line, sizeof(line), fp)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (first) {
            ret = rtsp_parse_request_line(&req, line);
            if (ret < 0) {
                printf("RTSP/1.0 400 Invalid Request\r\n\r\n");
                break;
            }
            first = 0;
            continue;
        }
        if (line[0] == '\0')
            break;
        parse_header(&req, line);
    }
    if (fp != stdin)
        fclose(fp);
    if (first)
        return 1;
    printf("RTSP/1.0 200 OK\r\nCSeq: %d\r\n", req.cseq);
    printf("X-Request: %s rtsp://%s:%d%s\r\n", methods[req.method], req.host, req.port, req.path);
    if (req.session[0])
        printf("Session: %s\r\n", req.session);
    if (req.transport[0])
        printf("Transport: %s\r\n", req.transport);
    printf("\r\n");
    return 0;
}
