#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct log_rec {
    int facility;
    int severity;
    char stamp[16];
    char *host;
    char *app;
    char *msg;
};

static const char *sev_names[] = {
    "emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"
};

static char *rtrim(char *s)
{
    char *end = s + strlen(s) - 1;

    while (isspace((unsigned char)*end))
        *end-- = '\0';
    return s;
}

static char *take_word(const char **pp)
{
    const char *p = *pp, *start;
    char *w;

    while (*p == ' ')
        p++;
    start = p;
    while (*p && *p != ' ')
        p++;
    w = malloc((size_t)(p - start) + 1);
    if (!w)
        return NULL;
    memcpy(w, start, (size_t)(p - start));
    w[p - start] = '\0';
    *pp = p;
    return w;
}

int parse_syslog(const char *line, struct log_rec *rec)
{
    const char *p = line;
    int pri = 0;
    size_t alen;

    memset(rec, 0, sizeof(*rec));
    if (*p++ != '<')
        return -1;
    while (isdigit((unsigned char)*p))
        pri = pri * 10 + (*p++ - '0');
    if (*p++ != '>' || pri > 191)
        return -1;
    rec->facility = pri / 8;
    rec->severity = pri % 8;
    if (strlen(p) < 15)
        return -1;
    memcpy(rec->stamp, p, 15);
    rec->stamp[15] = '\0';
    p += 15;
    rec->host = take_word(&p);
    rec->app = take_word(&p);
    if (!rec->host || !rec->app)
        return -1;
    alen = strlen(rec->app);
    if (alen > 0 && rec->app[alen - 1] == ':')
        rec->app[alen - 1] = '\0';
    if (*p == ' ')
        p++;
    rec->msg = strdup(p);
    if (!rec->msg)
        return -1;
    rtrim(rec->msg);
    return 0;
}

static void rec_free(struct log_rec *rec)
{
    free(rec->host);
    free(rec->app);
    free(rec->msg);
    memset(rec, 0, sizeof(*rec));
}

int main(int argc, char **argv)
{
    char line[1024];
    char out[1200];
    struct log_rec rec;
    FILE *fp = stdin;

    if (argc > 1 && (fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        line[strcspn(line, "\n")] = '\0';
        if (parse_syslog(line, &rec) == 0) {
            sprintf(out, "%s %-7s %s/%s: %.900s", rec.stamp, sev_names[rec.severity],
                    rec.host, rec.app, rec.msg);
            puts(out);
        } else {
            fprintf(stderr, "unparsed: %.60s\n", line);
        }
        rec_free(&rec);
    }
    if (fp != stdin)
        fclose(fp);
    return 0;
}
