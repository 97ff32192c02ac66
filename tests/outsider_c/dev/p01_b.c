#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define CONF_LINE_MAX 512

struct server_config {
    char host[64];
    char user[32];
    char logfile[128];
    int port;
    int workers;
};

static char *trim(char *s)
{
    char *end;

    while (isspace((unsigned char)*s))
        s++;
    if (*s == '\0')
        return s;
    end = s + strlen(s) - 1;
    while (end > s && isspace((unsigned char)*end))
        *end-- = '\0';
    return s;
}

static void config_defaults(struct server_config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    strcpy(cfg->host, "127.0.0.1");
    strcpy(cfg->user, "nobody");
    strcpy(cfg->logfile, "/var/log/srvd.log");
    cfg->port = 8080;
    cfg->workers = 4;
}

static int parse_line(struct server_config *cfg, char *line, int lineno)
{
    char *eq, *key, *value;

    line = trim(line);
    if (*line == '#' || *line == '\0')
        return 0;
    eq = strchr(line, '=');
    if (eq == NULL) {
        fprintf(stderr, "line %d: missing '='\n", lineno);
        return -1;
    }
    *eq = '\0';
    key = trim(line);
    value = trim(eq + 1);

    if (strcmp(key, "host") == 0) {
        if (strlen(value) >= sizeof(cfg->host)) {
            fprintf(stderr, "line %d: host name too long\n", lineno);
            return -1;
        }
        strcpy(cfg->host, value);
    } else if (strcmp(key, "user") == 0) {
        strcpy(cfg->user, value);
    } else if (strcmp(key, "logfile") == 0) {
        snprintf(cfg->logfile, sizeof(cfg->logfile), "%s", value);
    } else if (strcmp(key, "port") == 0) {
        cfg->port = atoi(value);
    } else if (strcmp(key, "workers") == 0) {
        cfg->workers = atoi(value);
    } else {
        fprintf(stderr, "line %d: unknown key '%s'\n", lineno, key);
    }
    return 0;
}

int load_config(const char *path, struct server_config *cfg)
{
    char line[CONF_LINE_MAX];
    FILE *fp;
    int lineno = 0;
    int errors = 0;

    config_defaults(cfg);
    fp = fopen(path, "r");
    if (fp == NULL) {
        perror(path);
        return -1;
    }
    while (fgets(line, sizeof(line), fp) != NULL) {
        lineno++;
        if (parse_line(cfg, line, lineno) != 0)
            errors++;
    }
    fclose(fp);
    return errors ? -1 : 0;
}

static void dump_config(const struct server_config *cfg)
{
    printf("host=%s\n", cfg->host);
    printf("user=%s\n", cfg->user);
    printf("logfile=%s\n", cfg->logfile);
    printf("port=%d\n", cfg->port);
    printf("workers=%d\n", cfg->workers);
}

int main(int argc, char **argv)
{
    struct server_config cfg;

    if (argc < 2) {
        fprintf(stderr, "usage: %s CONFIG\n", argv[0]);
        return 2;
    }
    if (load_config(argv[1], &cfg) != 0)
        return 1;
    if (cfg.port <= 0 || cfg.port > 65535) {
        fprintf(stderr, "invalid port %d\n", cfg.port);
        return 1;
    }
    if (cfg.workers < 1)
        cfg.workers = 1;
    dump_config(&cfg);
    return 0;
}
