#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define REQ_PATH_MAX 256
#define REQ_MAX_HEADERS 32
#define INDEX_NAME "index.html"

struct header {
    char *name;
    char *value;
};

struct request {
    char method[8];
    char *path;
    char version[16];
    struct header headers[REQ_MAX_HEADERS];
    int nheaders;
};

static char *dup_range(const char *start, size_t len)
{
    char *s = malloc(len + 1);

    if (s == NULL)
        return NULL;
    memcpy(s, start, len);
    s[len] = '\0';
    return s;
}

static const char *find_eol(const char *p, const char *end)
{
    while (p + 1 < end) {
        if (p[0] == '\r' && p[1] == '\n')
            return p;
        p++;
    }
    return NULL;
}

static int parse_request_line(struct request *req, const char *line, size_t len)
{
    const char *sp1, *sp2;
    size_t mlen, plen, vlen;

    sp1 = memchr(line, ' ', len);
    if (sp1 == NULL)
        return 400;
    mlen = (size_t)(sp1 - line);
    if (mlen == 0 || mlen >= sizeof(req->method))
        return 400;
    memcpy(req->method, line, mlen);
    req->method[mlen] = '\0';

    sp2 = memchr(sp1 + 1, ' ', len - mlen - 1);
    if (sp2 == NULL)
        return 400;
    plen = (size_t)(sp2 - (sp1 + 1));
    if (plen == 0 || sp1[1] != '/')
        return 400;
    if (plen + sizeof(INDEX_NAME) > REQ_PATH_MAX)
        return 414;
    req->path = malloc(REQ_PATH_MAX);
    if (req->path == NULL)
        return 500;
    memcpy(req->path, sp1 + 1, plen);
    req->path[plen] = '\0';
    if (req->path[plen - 1] == '/')
        strcat(req->path, INDEX_NAME);

    vlen = len - (size_t)(sp2 + 1 - line);
    if (vlen == 0 || vlen >= sizeof(req->version))
        return 400;
    memcpy(req->version, sp2 + 1, vlen);
    req->version[vlen] = '\0';
    return 0;
}

void request_free(struct request *req)
{
    int i;

    free(req->path);
    for (i = 0; i < req->nheaders; i++) {
        free(req->headers[i].name);
        free(req->headers[i].value);
    }
    memset(req, 0, sizeof(*req));
}

int parse_request(const char *buf, size_t len, struct request *req)
{
    const char *p = buf, *end = buf + len, *eol, *colon, *v;
    struct header *h;
    int rc;

    memset(req, 0, sizeof(*req));
    eol = find_eol(p, end);
    if (eol == NULL)
        return 400;
    rc = parse_request_line(req, p, (size_t)(eol - p));
    if (rc != 0)
        return rc;
    p = eol + 2;
    while ((eol = find_eol(p, end)) != NULL && eol != p) {
        if (req->nheaders >= REQ_MAX_HEADERS)
            return 431;
        colon = memchr(p, ':', (size_t)(eol - p));
        if (colon == NULL || colon == p)
            return 400;
        v = colon + 1;
        while (v < eol && (*v == ' ' || *v == '\t'))
            v++;
        h = &req->headers[req->nheaders];
        h->name = dup_range(p, (size_t)(colon - p));
        h->value = dup_range(v, (size_t)(eol - v));
        if (h->name == NULL || h->value == NULL) {
            free(h->name);
            free(h->value);
            h->name = h->value = NULL;
            return 500;
        }
        req->nheaders++;
        p = eol + 2;
    }
    return 0;
}

const char *request_header(const struct request *req, const char *name)
{
    int i;

    for (i = 0; i < req->nheaders; i++) {
        if (strcasecmp(req->headers[i].name, name) == 0)
            return req->headers[i].value;
    }
    return NULL;
}

int main(void)
{
    static char buf[8192];
    size_t n;
    struct request req;
    const char *host;
    int rc;

    n = fread(buf, 1, sizeof(buf), stdin);
    rc = parse_request(buf, n, &req);
    if (rc != 0) {
        printf("HTTP/1.1 %d Error\r\n\r\n", rc);
        request_free(&req);
        return 1;
    }
    host = request_header(&req, "Host");
    printf("%s %s %s host=%s headers=%d\n", req.method, req.path, req.version,
           host ? host : "-", req.nheaders);
    request_free(&req);
    return 0;
}
