#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>

struct http_request {
    char method[8];
    char path[128];
    char host[64];
    char user_agent[96];
    long content_length;
    int keep_alive;
};

static void copy_field(char *dst, size_t dstsz, const char *src, size_t n)
{
    if (n >= dstsz)
        n = dstsz - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

static int parse_request_line(struct http_request *req, const char *line)
{
    const char *sp1, *sp2;

    sp1 = strchr(line, ' ');
    if (!sp1)
        return -1;
    sp2 = strchr(sp1 + 1, ' ');
    if (!sp2)
        return -1;
    copy_field(req->method, sizeof(req->method), line, (size_t)(sp1 - line));
    copy_field(req->path, sizeof(req->path), sp1 + 1, (size_t)(sp2 - sp1 - 1));
    if (strncmp(sp2 + 1, "HTTP/1.", 7) != 0)
        return -1;
    req->keep_alive = sp2[8] == '1';
    return 0;
}

int parse_header_line(struct http_request *req, const char *line)
{
    char name[32];
    const char *colon, *val, *end;
    size_t nlen, i;

    colon = strchr(line, ':');
    if (!colon || colon == line)
        return -1;
    nlen = (size_t)(colon - line);
    if (nlen >= sizeof(name))
        return 0;
    memcpy(name, line, nlen);
    name[nlen] = '\0';
    for (i = 0; i < nlen; i++)
        name[i] = (char)tolower((unsigned char)name[i]);
    val = skip_ws(colon + 1);
    end = val + strlen(val);
    while (end > val && (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' '))
        end--;
    if (strcmp(name, "host") == 0) {
        copy_field(req->host, sizeof(req->host), val, (size_t)(end - val));
    } else if (strcmp(name, "user-agent") == 0) {
        copy_field(req->user_agent, sizeof(req->user_agent), val, (size_t)(end - val));
    } else if (strcmp(name, "content-length") == 0) {
        req->content_length = atol(val);
    } else if (strcmp(name, "connection") == 0) {
        req->keep_alive = strncasecmp(val, "keep-alive", 10) == 0;
    }
    return 0;
}

static int read_request(FILE *fp, struct http_request *req)
{
    char line[1024];
    int first = 1;

    memset(req, 0, sizeof(*req));
    while (fgets(line, sizeof(line), fp)) {
        if (line[0] == '\r' || line[0] == '\n')
            return first ? -1 : 0;
        if (first) {
            line[strcspn(line, "\r\n")] = '\0';
            if (parse_request_line(req, line) < 0)
                return -1;
            first = 0;
            continue;
        }
        if (parse_header_line(req, line) < 0)
            return -1;
    }
    return first ? -1 : 0;
}

int main(int argc, char **argv)
{
    struct http_request req;
    char summary[256];
    FILE *fp = stdin;

    if (argc > 1 && (fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    if (read_request(fp, &req) < 0) {
        fprintf(stderr, "malformed request\n");
        return 1;
    }
    snprintf(summary, sizeof(summary), "%s %s host=%s len=%ld%s",
             req.method, req.path, req.host[0] ? req.host : "-",
             req.content_length, req.keep_alive ? " keep-alive" : "");
    puts(summary);
    if (req.user_agent[0])
        printf("agent: %s\n", req.user_agent);
    if (fp != stdin)
        fclose(fp);
    return 0;
}
