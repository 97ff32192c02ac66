#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct syslog_msg {
    int facility;
    int severity;
    char timestamp[16];
    char host[64];
    char tag[33];
    int pid;
    char *text;
};

static void rtrim(char *s)
{
    size_t n = strlen(s);

    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
}

static const char *copy_field(const char *p, char *dst, size_t size)
{
    size_t n = 0;

    while (*p && !isspace((unsigned char)*p)) {
        if (n + 1 < size)
            dst[n++] = *p;
        p++;
    }
    dst[n] = '\0';
    while (*p == ' ')
        p++;
    return p;
}

int syslog_parse(const char *line, struct syslog_msg *m)
{
    const char *p = line;
    char *end, *br;
    long pri;

    memset(m, 0, sizeof(*m));
    m->pid = -1;
    if (*p != '<')
        return -1;
    pri = strtol(p + 1, &end, 10);
    if (*end != '>' || pri < 0 || pri > 191)
        return -1;
    m->facility = (int)(pri / 8);
    m->severity = (int)(pri % 8);
    p = end + 1;
    if (strlen(p) < 16 || p[3] != ' ' || p[6] != ' ' || p[9] != ':')
        return -1;
    memcpy(m->timestamp, p, 15);
    m->timestamp[15] = '\0';
    p = copy_field(p + 16, m->host, sizeof(m->host));
    p = copy_field(p, m->tag, sizeof(m->tag));
    br = strchr(m->tag, '[');
    if (br) {
        m->pid = atoi(br + 1);
        *br = '\0';
    }
    if (m->tag[0] && m->tag[strlen(m->tag) - 1] == ':')
        m->tag[strlen(m->tag) - 1] = '\0';
    m->text = strdup(p);
    if (!m->text)
        return -1;
    rtrim(m->text);
    return 0;
}

static void print_json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            printf("\\u%04x", (unsigned char)*s);
        else
            putchar(*s);
    }
    putchar('"');
}

int main(int argc, char **argv)
{
    struct syslog_msg m;
    char line[1024];
    int maxsev = 7;
    FILE *in = stdin;

    if (argc > 1)
        maxsev = atoi(argv[1]);
    if (argc > 2 && !(in = fopen(argv[2], "r"))) {
        perror(argv[2]);
        return 1;
    }
    while (fgets(line, sizeof(line), in)) {
        if (syslog_parse(line, &m) != 0)
            continue;
        if (m.severity <= maxsev) {
            printf("{\"fac\":%d,\"sev\":%d,\"ts\":\"%s\",\"host\":", m.facility, m.severity, m.timestamp);
            print_json_string(m.host);
            printf(",\"tag\":");
            print_json_string(m.tag);
            printf(",\"pid\":%d,\"msg\":", m.pid);
            print_json_string(m.text);
            printf("}\n");
        }
        free(m.text);
    }
    if (in != stdin)
        fclose(in);
    return 0;
}
