#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <arpa/inet.h>

#define MAX_ROUTES 256

struct route {
    uint32_t net;
    uint32_t mask;
    int prefix;
    char gw[INET_ADDRSTRLEN];
    char iface[16];
    int metric;
};

struct rtable {
    struct route r[MAX_ROUTES];
    int n;
};

static uint32_t prefix_mask(int prefix)
{
    return prefix == 0 ? 0 : htonl(0xFFFFFFFFu << (32 - prefix));
}

static int parse_route(const char *line, struct route *rt)
{
    char dst[64], gw[64], iface[32];
    char *slash;
    struct in_addr a;
    int metric = 0;

    if (sscanf(line, "%63s %63s %31s %d", dst, gw, iface, &metric) < 3)
        return -1;
    if (strcmp(dst, "default") == 0) {
        strcpy(dst, "0.0.0.0/0");
    }
    slash = strchr(dst, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    rt->prefix = atoi(slash + 1);
    if (rt->prefix < 0 || rt->prefix > 32 || inet_pton(AF_INET, dst, &a) != 1)
        return -1;
    if (strlen(gw) >= sizeof(rt->gw) || strlen(iface) >= sizeof(rt->iface))
        return -1;
    rt->mask = prefix_mask(rt->prefix);
    rt->net = a.s_addr & rt->mask;
    strcpy(rt->gw, gw);
    strcpy(rt->iface, iface);
    rt->metric = metric;
    return 0;
}

int rtable_load(struct rtable *t, FILE *f)
{
    char line[256];

    t->n = 0;
    while (fgets(line, sizeof(line), f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (t->n >= MAX_ROUTES)
            return -1;
        if (parse_route(line, &t->r[t->n]) == 0)
            t->n++;
        else
            fprintf(stderr, "ignoring route: %s", line);
    }
    return t->n;
}

const struct route *rtable_lookup(const struct rtable *t, uint32_t addr)
{
    const struct route *best = NULL;
    int i;

    for (i = 0; i < t->n; i++) {
        const struct route *r = &t->r[i];
        if ((addr & r->mask) != r->net)
            continue;
        if (!best || r->prefix > best->prefix ||
            (r->prefix == best->prefix && r->metric < best->metric))
            best = r;
    }
    return best;
}

int main(int argc, char **argv)
{
    static struct rtable table;
    const struct route *r;
    struct in_addr a;
    FILE *f;
    int i;

    if (argc < 3) {
        fprintf(stderr, "usage: %s ROUTES ADDR...\n", argv[0]);
        return 2;
    }
    f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    if (rtable_load(&table, f) < 0) {
        fprintf(stderr, "too many routes\n");
        fclose(f);
        return 1;
    }
    fclose(f);
    for (i = 2; i < argc; i++) {
        if (inet_pton(AF_INET, argv[i], &a) != 1) {
            fprintf(stderr, "%s: invalid address\n", argv[i]);
            continue;
        }
        r = rtable_lookup(&table, a.s_addr);
        if (!r) {
            printf("%-15s unreachable\n", argv[i]);
            continue;
        }
        printf("%-15s via %-15s dev %-8s metric %d\n", argv[i],
               strcmp(r->gw, "0.0.0.0") == 0 ? "direct" : r->gw, r->iface, r->metric);
    }
    return 0;
}
