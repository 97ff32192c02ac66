#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define SIP_MAX_HEADERS 64

typedef enum {
    SIP_OK = 0,
    SIP_ERR_NOMEM,
    SIP_ERR_SYNTAX,
    SIP_ERR_TOO_MANY
} sip_status;

typedef struct sip_header {
    char name[32];
    char *value;
    size_t vlen;
} sip_header;

typedef struct sip_scratch {
    char *data;
    size_t len;
    size_t cap;
} sip_scratch;

typedef struct sip_msg {
    char start_line[256];
    sip_header headers[SIP_MAX_HEADERS];
    size_t nheaders;
} sip_msg;

static inline int is_lws(char c)
{
    return c == ' ' || c == '\t';
}

static sip_status scratch_reserve(sip_scratch *s, size_t extra)
{
    size_t ncap = s->cap ? s->cap : 128;
    char *p;

    if (s->len + extra <= s->cap)
        return SIP_OK;
    while (ncap < s->len + extra)
        ncap *= 2;
    p = realloc(s->data, ncap);
    if (!p)
        return SIP_ERR_NOMEM;
    s->data = p;
    s->cap = ncap;
    return SIP_OK;
}

static sip_status scratch_add(sip_scratch *s, const char *p, size_t n)
{
    while (n > 0 && is_lws(*p)) { p++; n--; }
    while (n > 0 && is_lws(p[n - 1])) n--;
    if (n == 0)
        return SIP_OK;
    if (scratch_reserve(s, n + 1) != SIP_OK)
        return SIP_ERR_NOMEM;
    if (s->len > 0)
        s->data[s->len++] = ' ';
    memcpy(s->data + s->len, p, n);
    s->len += n;
    return SIP_OK;
}

static sip_status finish_header(sip_msg *m, sip_scratch *s)
{
    sip_header *h = &m->headers[m->nheaders - 1];

    h->value = malloc(s->len);
    if (!h->value)
        return SIP_ERR_NOMEM;
    if (s->len > 0)
        memcpy(h->value, s->data, s->len);
    h->vlen = s->len;
    s->len = 0;
    return SIP_OK;
}

sip_msg *sip_msg_create(void)
{
    return calloc(1, sizeof(sip_msg));
}

void sip_msg_destroy(sip_msg *m)
{
    size_t i;
    if (!m)
        return;
    for (i = 0; i < m->nheaders; i++)
        free(m->headers[i].value);
    free(m);
}

sip_status sip_msg_parse(sip_msg *m, const char *buf, size_t n)
{
    sip_scratch s = { NULL, 0, 0 };
    sip_status st = SIP_OK;
    size_t pos = 0, ll, nl;
    int open = 0;

    while (pos < n && st == SIP_OK) {
        const char *line = buf + pos, *nlp = memchr(line, '\n', n - pos), *colon;
        ll = nlp ? (size_t)(nlp - line) : n - pos;
        pos += ll + (nlp ? 1 : 0);
        if (ll > 0 && line[ll - 1] == '\r')
            ll--;
        if (m->start_line[0] == '\0') {
            snprintf(m->start_line, sizeof(m->start_line), "%.*s", (int)ll, line);
            continue;
        }
        if (ll > 0 && is_lws(line[0])) {
            st = open ? scratch_add(&s, line, ll) : SIP_ERR_SYNTAX;
            continue;
        }
        if (open && (st = finish_header(m, &s)) != SIP_OK)
            break;
        open = 0;
        if (ll == 0)
            break;
        colon = memchr(line, ':', ll);
        nl = colon ? (size_t)(colon - line) : 0;
        while (nl > 0 && is_lws(line[nl - 1]))
            nl--;
        if (!colon || nl == 0 || nl >= sizeof(m->headers[0].name)) {
            st = SIP_ERR_SYNTAX;
            break;
        }
        if (m->nheaders == SIP_MAX_HEADERS) {
            st = SIP_ERR_TOO_MANY;
            break;
        }
        memcpy(m->headers[m->nheaders].name, line, nl);
        m->headers[m->nheaders++].name[nl] = '\0';
        st = scratch_add(&s, colon + 1, ll - (size_t)(colon - line) - 1);
        open = 1;
    }
    if (open && st == SIP_OK)
        st = finish_header(m, &s);
    free(s.data);
    return st;
}

const char *sip_msg_header(const sip_msg *m, const char *name)
{
    size_t i;
    for (i = 0; i < m->nheaders; i++)
        if (strcasecmp(m->headers[i].name, name) == 0)
            return m->headers[i].value;
    return NULL;
}

int main(void)
{
    static char buf[1 << 16];
    static const char *const wanted[] = { "Via", "From", "To", "Call-ID", "CSeq", "Subject" };
    size_t n = fread(buf, 1, sizeof(buf), stdin), i;
    sip_msg *m = sip_msg_create();
    sip_status st;

    if (!m)
        return 1;
    st = sip_msg_parse(m, buf, n);
    if (st != SIP_OK) {
        fprintf(stderr, "parse error %d\n", (int)st);
        sip_msg_destroy(m);
        return 1;
    }
    printf("%s\n", m->start_line);
    for (i = 0; i < sizeof(wanted) / sizeof(wanted[0]); i++) {
        const char *v = sip_msg_header(m, wanted[i]);
        if (v)
            printf("%-8s = %s (%zu chars)\n", wanted[i], v, strlen(v));
    }
    sip_msg_destroy(m);
    return 0;
}
