#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_PARAMS 16

struct param {
    char name[64];
    char value[256];
};

struct query {
    struct param params[MAX_PARAMS];
    int count;
};

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

static void url_decode(char *dst, size_t dstsz, const char *src)
{
    size_t o = 0;
    int hi, lo;

    while (*src != '\0' && o + 1 < dstsz) {
        if (*src == '+') {
            dst[o++] = ' ';
            src++;
        } else if (*src == '%' && (hi = hexval(src[1])) >= 0 &&
                   (lo = hexval(src[2])) >= 0) {
            dst[o++] = (char)(hi * 16 + lo);
            src += 3;
        } else {
            dst[o++] = *src++;
        }
    }
    dst[o] = '\0';
}

static int add_pair(struct query *q, char *pair)
{
    char *eq = strchr(pair, '=');
    struct param *p;
    const char *value;

    if (q->count >= MAX_PARAMS)
        return -1;
    if (eq == NULL) {
        value = "";
    } else {
        *eq = '\0';
        value = eq + 1;
    }
    p = &q->params[q->count];
    url_decode(p->name, sizeof(p->name), pair);
    url_decode(p->value, sizeof(p->value), value);
    if (p->name[0] == '\0')
        return 0;
    q->count++;
    return 0;
}

int parse_query(struct query *q, const char *qs)
{
    char *copy, *tok, *save = NULL;
    int rc = 0;

    q->count = 0;
    copy = strdup(qs);
    if (copy == NULL)
        return -1;
    for (tok = strtok_r(copy, "&", &save); tok != NULL; tok = strtok_r(NULL, "&", &save)) {
        if (add_pair(q, tok) != 0) {
            rc = -1;
            break;
        }
    }
    free(copy);
    return rc;
}

const char *query_get(const struct query *q, const char *name)
{
    int i;

    for (i = 0; i < q->count; i++) {
        if (strcmp(q->params[i].name, name) == 0)
            return q->params[i].value;
    }
    return NULL;
}

static void emit_html(const char *s)
{
    for (; *s != '\0'; s++) {
        switch (*s) {
        case '<': fputs("&lt;", stdout); break;
        case '>': fputs("&gt;", stdout); break;
        case '&': fputs("&amp;", stdout); break;
        case '"': fputs("&quot;", stdout); break;
        default: putchar(*s);
        }
    }
}

int main(int argc, char **argv)
{
    struct query q;
    const char *qs = getenv("QUERY_STRING");
    const char *name;
    int i;

    if (argc > 1)
        qs = argv[1];
    if (qs == NULL)
        qs = "";
    printf("Content-Type: text/html\r\n\r\n");
    if (parse_query(&q, qs) != 0) {
        printf("<p>too many parameters</p>\n");
        return 0;
    }
    name = query_get(&q, "name");
    printf("<h1>Hello, ");
    emit_html(name ? name : "guest");
    printf("</h1>\n<ul>\n");
    for (i = 0; i < q.count; i++) {
        printf("<li>");
        emit_html(q.params[i].name);
        printf(" = ");
        emit_html(q.params[i].value);
        printf("</li>\n");
    }
    printf("</ul>\n");
    return 0;
}
