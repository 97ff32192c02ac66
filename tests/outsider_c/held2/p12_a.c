#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

struct response {
    int status;
    char reason[32];
    char ctype[64];
    long length;
    char path[512];
};

static int hexval(int c)
{
    if (isdigit(c))
        return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

static int url_decode(char *s)
{
    char *o = s;

    while (*s) {
        if (*s == '%' && hexval((unsigned char)s[1]) >= 0 && hexval((unsigned char)s[2]) >= 0) {
            *o++ = (char)(hexval((unsigned char)s[1]) * 16 + hexval((unsigned char)s[2]));
            s += 3;
        } else {
            *o++ = *s++;
        }
    }
    *o = '\0';
    return 0;
}

static void guess_type(const char *path, char *out, size_t outlen)
{
    char cmd[700];
    FILE *pp;

    snprintf(out, outlen, "application/octet-stream");
    snprintf(cmd, sizeof(cmd), "file -b --mime-type %s 2>/dev/null", path);
    pp = popen(cmd, "r");
    if (pp == NULL)
        return;
    if (fgets(out, (int)outlen, pp) != NULL)
        out[strcspn(out, "\r\n")] = '\0';
    pclose(pp);
}

static void set_status(struct response *r, int code, const char *reason)
{
    r->status = code;
    strcpy(r->reason, reason);
}

int build_response(const char *docroot, const char *request, struct response *r)
{
    char method[8], target[256], version[16];
    struct stat st;

    memset(r, 0, sizeof(*r));
    if (sscanf(request, "%7s %255s %15s", method, target, version) != 3) {
        set_status(r, 400, "Invalid Request");
        return -1;
    }
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
        set_status(r, 405, "Method Not Allowed");
        return -1;
    }
    url_decode(target);
    snprintf(r->path, sizeof(r->path), "%s%s", docroot, target);
    guess_type(r->path, r->ctype, sizeof(r->ctype));
    if (stat(r->path, &st) < 0 || !S_ISREG(st.st_mode)) {
        set_status(r, 404, "Not Found");
        return -1;
    }
    r->length = (long)st.st_size;
    set_status(r, 200, "OK");
    return 0;
}

void write_headers(FILE *out, const struct response *r)
{
    char date[64];
    time_t now = time(NULL);
    struct tm tm;

    gmtime_r(&now, &tm);
    strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S GMT", &tm);
    fprintf(out, "HTTP/1.0 %d %s\r\n", r->status, r->reason);
    fprintf(out, "Date: %s\r\nServer: minihttpd/0.3\r\n", date);
    if (r->status == 200)
        fprintf(out, "Content-Type: %s\r\nContent-Length: %ld\r\n", r->ctype, r->length);
    fputs("Connection: close\r\n\r\n", out);
}

int main(int argc, char **argv)
{
    const char *docroot = ".";
    struct response r;
    char req[1024];
    int opt;

    while ((opt = getopt(argc, argv, "d:")) != -1) {
        if (opt != 'd')
            return 2;
        docroot = optarg;
    }
    if (fgets(req, sizeof(req), stdin) == NULL)
        return 1;
    build_response(docroot, req, &r);
    write_headers(stdout, &r);
    return r.status == 200 ? 0 : 1;
}
