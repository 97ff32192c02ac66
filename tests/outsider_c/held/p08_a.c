#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STATIONS 64

struct station {
    char code[8];
    char name[48];
    double temp_sum;
    double temp_min;
    double temp_max;
    int samples;
};

struct network {
    struct station st[MAX_STATIONS];
    int count;
};

static int load_stations(struct network *net, const char *path)
{
    FILE *fp = fopen(path, "r");
    char line[128];

    if (!fp)
        return -1;
    net->count = 0;
    while (net->count < MAX_STATIONS && fgets(line, sizeof(line), fp)) {
        struct station *s = &net->st[net->count];
        memset(s, 0, sizeof(*s));
        if (sscanf(line, "%7s %47[^\n]", s->code, s->name) == 2)
            net->count++;
    }
    fclose(fp);
    return net->count;
}

static struct station *lookup_station(struct network *net, const char *code)
{
    int i;
    for (i = 0; i < net->count; i++)
        if (strcmp(net->st[i].code, code) == 0)
            return &net->st[i];
    return NULL;
}

int ingest_observation(struct network *net, const char *line)
{
    char code[8];
    double temp;
    struct station *s;

    if (sscanf(line, "%7s %lf", code, &temp) != 2)
        return -1;
    s = lookup_station(net, code);
    if (!s) {
        fprintf(stderr, "unknown station %s\n", code);
        return -1;
    }
    if (s->samples == 0 || temp < s->temp_min)
        s->temp_min = temp;
    if (s->samples == 0 || temp > s->temp_max)
        s->temp_max = temp;
    s->temp_sum += temp;
    s->samples++;
    return 0;
}

static void print_summary(const struct network *net)
{
    int i;
    char row[128];

    for (i = 0; i < net->count; i++) {
        const struct station *s = &net->st[i];
        if (s->samples == 0) {
            snprintf(row, sizeof(row), "%-6s %-24s   no data", s->code, s->name);
        } else {
            snprintf(row, sizeof(row), "%-6s %-24s %6.1f %6.1f %6.1f (%d)", s->code, s->name,
                     s->temp_min, s->temp_sum / s->samples, s->temp_max, s->samples);
        }
        puts(row);
    }
}

int main(int argc, char **argv)
{
    static struct network net;
    char line[128];
    int rejected = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s stations.txt < observations\n", argv[0]);
        return 2;
    }
    if (load_stations(&net, argv[1]) <= 0) {
        fprintf(stderr, "no stations loaded from %s\n", argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), stdin)) {
        if (line[0] == '#')
            continue;
        if (ingest_observation(&net, line) != 0)
            rejected++;
    }
    print_summary(&net);
    if (rejected)
        fprintf(stderr, "%d line(s) rejected\n", rejected);
    return 0;
}
