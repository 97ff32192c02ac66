#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned char u_char;

typedef struct {
    size_t      len;
    u_char     *data;
} str_t;

#define OK      0
#define ERROR  -1

#define TLSEXT_NAMETYPE_host_name  0
#define SSL_AD_UNRECOGNIZED_NAME   112

typedef struct server_s  server_t;

struct server_s {
    str_t       name;
    int         wildcard;
    char        root[256];
    char        cert[256];
    server_t   *next;
};

typedef struct {
    server_t   *servers;
    server_t   *default_server;
} vhosts_t;

int
vhosts_add(vhosts_t *vh, const char *name, const char *root, const char *cert, int dflt)
{
    server_t  *s;

    if (strlen(root) >= sizeof(s->root) || strlen(cert) >= sizeof(s->cert)) {
        return ERROR;
    }
    s = calloc(1, sizeof(server_t));
    if (s == NULL) {
        return ERROR;
    }
    s->wildcard = (name[0] == '*' && name[1] == '.');
    s->name.data = (u_char *) strdup(s->wildcard ? name + 1 : name);
    if (s->name.data == NULL) {
        free(s);
        return ERROR;
    }
    s->name.len = strlen((char *) s->name.data);
    strcpy(s->root, root);
    strcpy(s->cert, cert);
    s->next = vh->servers;
    vh->servers = s;
    if (dflt) {
        vh->default_server = s;
    }
    return OK;
}

static server_t *
find_server(vhosts_t *vh, u_char *host, size_t len)
{
    server_t  *s;

    for (s = vh->servers; s; s = s->next) {
        if (!s->wildcard) {
            if (s->name.len == len && memcmp(s->name.data, host, len) == 0) {
                return s;
            }
        } else if (len > s->name.len
                   && memcmp(host + len - s->name.len, s->name.data, s->name.len) == 0)
        {
            return s;
        }
    }
    return NULL;
}

static int
parse_servername(u_char *p, u_char *last, str_t *name)
{
    size_t  list_len, len;

    if (last - p < 2) {
        return ERROR;
    }
    list_len = (p[0] << 8) | p[1];
    p += 2;
    if (list_len != (size_t) (last - p) || list_len < 3) {
        return ERROR;
    }
    if (p[0] != TLSEXT_NAMETYPE_host_name) {
        return ERROR;
    }
    len = (p[1] << 8) | p[2];
    p += 3;
    if (len == 0 || len > (size_t) (last - p)) {
        return ERROR;
    }
    name->data = p;
    name->len = len;
    return OK;
}

int
ssl_servername(vhosts_t *vh, u_char *ext, size_t ext_len, int *alert, FILE *log)
{
    str_t      sni;
    u_char     host[256];
    size_t     i;
    server_t  *srv;

    if (parse_servername(ext, ext + ext_len, &sni) != OK) {
        *alert = SSL_AD_UNRECOGNIZED_NAME;
        return ERROR;
    }
    if (sni.len >= sizeof(host)) {
        *alert = SSL_AD_UNRECOGNIZED_NAME;
        return ERROR;
    }
    for (i = 0; i < sni.len; i++) {
        host[i] = (sni.data[i] >= 'A' && sni.data[i] <= 'Z') ? (sni.data[i] | 0x20) : sni.data[i];
    }
    host[sni.len] = '\0';
    if (sni.len && host[sni.len - 1] == '.') {
        host[--sni.len] = '\0';
    }

    srv = find_server(vh, host, sni.len);
    if (srv == NULL) {
        srv = vh->default_server;
    }
    if (srv == NULL) {
        fprintf(log, "SNI \"%s\": no matching server\n", host);
        *alert = SSL_AD_UNRECOGNIZED_NAME;
        return ERROR;
    }

    fprintf(log, "SNI \"%s\": root %s, certificate %s\n", host, srv->root, srv->cert);
    return OK;
}

void
vhosts_free(vhosts_t *vh)
{
    server_t  *s, *next;

    for (s = vh->servers; s; s = next) {
        next = s->next;
        free(s->name.data);
        free(s);
    }
    vh->servers = NULL;
    vh->default_server = NULL;
}
