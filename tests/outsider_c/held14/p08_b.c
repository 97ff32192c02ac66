#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

typedef unsigned char u_char;

typedef struct {
    size_t      len;
    u_char     *data;
} str_t;

#define OK      0
#define ERROR  -1

#define COOKIE_SECURE    0x01
#define COOKIE_HTTPONLY  0x02
#define COOKIE_MAX_AGE   (400L * 86400)

typedef struct cookie_s  cookie_t;

struct cookie_s {
    char       *name;
    char       *value;
    char        domain[256];
    char        path[256];
    time_t      expires;
    int         flags;
    cookie_t   *next;
};

typedef struct {
    cookie_t   *head;
    int         count;
} cookie_jar_t;

static char *
strndup_trim(u_char *p, u_char *last)
{
    char  *s;

    while (p < last && (*p == ' ' || *p == '\t')) {
        p++;
    }
    while (last > p && (last[-1] == ' ' || last[-1] == '\t')) {
        last--;
    }
    s = malloc(last - p + 1);
    if (s) {
        memcpy(s, p, last - p);
        s[last - p] = '\0';
    }
    return s;
}

static void
cookie_free(cookie_t *c)
{
    free(c->name);
    free(c->value);
    free(c);
}

static int
cookie_attribute(cookie_t *c, u_char *p, u_char *last, time_t now)
{
    char  *attr, *eq, *val;
    long   age;

    attr = strndup_trim(p, last);
    if (attr == NULL) {
        return ERROR;
    }
    eq = strchr(attr, '=');
    val = eq ? eq + 1 : "";
    if (eq) {
        *eq = '\0';
    }

    if (strcasecmp(attr, "Path") == 0 && val[0] == '/') {
        snprintf(c->path, sizeof(c->path), "%s", val);
    } else if (strcasecmp(attr, "Domain") == 0 && val[0]) {
        snprintf(c->domain, sizeof(c->domain), "%s", val[0] == '.' ? val + 1 : val);
    } else if (strcasecmp(attr, "Max-Age") == 0) {
        age = atol(val);
        if (age > COOKIE_MAX_AGE) {
            age = COOKIE_MAX_AGE;
        }
        c->expires = (age <= 0) ? now : now + age;
    } else if (strcasecmp(attr, "Secure") == 0) {
        c->flags |= COOKIE_SECURE;
    } else if (strcasecmp(attr, "HttpOnly") == 0) {
        c->flags |= COOKIE_HTTPONLY;
    }

    free(attr);
    return OK;
}

static cookie_t *
jar_unlink(cookie_jar_t *jar, cookie_t *c)
{
    cookie_t  **pp;

    for (pp = &jar->head; *pp; pp = &(*pp)->next) {
        if (strcmp((*pp)->name, c->name) == 0
            && strcmp((*pp)->domain, c->domain) == 0
            && strcmp((*pp)->path, c->path) == 0)
        {
            cookie_t *old = *pp;
            *pp = old->next;
            jar->count--;
            return old;
        }
    }
    return NULL;
}

int
cookie_jar_set(cookie_jar_t *jar, u_char *hdr, size_t len, const char *host, time_t now, FILE *log)
{
    u_char    *p, *last, *semi, *eq;
    cookie_t  *c, *old;

    p = hdr;
    last = hdr + len;
    semi = memchr(p, ';', len);
    if (semi == NULL) {
        semi = last;
    }
    eq = memchr(p, '=', semi - p);
    if (eq == NULL || eq == p) {
        return ERROR;
    }

    c = calloc(1, sizeof(cookie_t));
    if (c == NULL) {
        return ERROR;
    }
    c->name = strndup_trim(p, eq);
    c->value = strndup_trim(eq + 1, semi);
    if (c->name == NULL || c->value == NULL) {
        cookie_free(c);
        return ERROR;
    }
    c->expires = (time_t) -1;
    strcpy(c->path, "/");
    snprintf(c->domain, sizeof(c->domain), "%s", host);

    for (p = semi; p < last; p = semi) {
        p++;
        semi = memchr(p, ';', last - p);
        if (semi == NULL) {
            semi = last;
        }
        cookie_attribute(c, p, semi, now);
    }

    old = jar_unlink(jar, c);
    if (old) {
        fprintf(log, "cookie \"%s\" replaced (was \"%s\")\n", c->name, old->value);
        cookie_free(old);
    }

    if (c->expires != (time_t) -1 && c->expires <= now) {
        fprintf(log, "cookie \"%s\" expired\n", c->name);
        cookie_free(c);
        return OK;
    }

    c->next = jar->head;
    jar->head = c;
    jar->count++;
    return OK;
}

void
cookie_jar_free(cookie_jar_t *jar)
{
    cookie_t  *c, *next;

    for (c = jar->head; c; c = next) {
        next = c->next;
        cookie_free(c);
    }
    jar->head = NULL;
    jar->count = 0;
}
