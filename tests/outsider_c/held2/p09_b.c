#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>

struct cidr {
    uint32_t addr;
    uint32_t mask;
    unsigned int bits;
    char text[24];
    struct cidr *next;
};

static const uint32_t prefix_masks[33] = {
    0x00000000, 0x80000000, 0xc0000000, 0xe0000000, 0xf0000000, 0xf8000000, 0xfc000000,
    0xfe000000, 0xff000000, 0xff800000, 0xffc00000, 0xffe00000, 0xfff00000, 0xfff80000,
    0xfffc0000, 0xfffe0000, 0xffff0000, 0xffff8000, 0xffffc000, 0xffffe000, 0xfffff000,
    0xfffff800, 0xfffffc00, 0xfffffe00, 0xffffff00, 0xffffff80, 0xffffffc0, 0xffffffe0,
    0xfffffff0, 0xfffffff8, 0xfffffffc, 0xfffffffe, 0xffffffff
};

int ipv4_parse(const char *s, uint32_t *out)
{
    unsigned int a, b, c, d;
    char extra;

    if (sscanf(s, "%3u.%3u.%3u.%3u%c", &a, &b, &c, &d, &extra) != 4)
        return -1;
    if (a > 255 || b > 255 || c > 255 || d > 255)
        return -1;
    *out = (a << 24) | (b << 16) | (c << 8) | d;
    return 0;
}

int cidr_parse(const char *s, struct cidr *c)
{
    char host[16];
    const char *slash = strchr(s, '/');
    size_t hlen = slash ? (size_t)(slash - s) : strlen(s);
    unsigned int bits = 32;

    if (hlen == 0 || hlen >= sizeof(host))
        return -1;
    memcpy(host, s, hlen);
    host[hlen] = '\0';
    if (ipv4_parse(host, &c->addr) < 0)
        return -1;
    if (slash) {
        if (slash[1] < '0' || slash[1] > '9')
            return -1;
        bits = (unsigned int)atoi(slash + 1);
    }
    c->bits = bits;
    c->mask = prefix_masks[bits];
    c->addr &= c->mask;
    snprintf(c->text, sizeof(c->text), "%u.%u.%u.%u/%u", c->addr >> 24, (c->addr >> 16) & 255,
             (c->addr >> 8) & 255, c->addr & 255, bits);
    return 0;
}

struct cidr *cidr_load(FILE *fp)
{
    char line[128];
    struct cidr *head = NULL, *c;

    while (fgets(line, sizeof(line), fp)) {
        line[strcspn(line, " \t\r\n#")] = '\0';
        if (line[0] == '\0')
            continue;
        c = malloc(sizeof(*c));
        if (c == NULL)
            break;
        if (cidr_parse(line, c) < 0) {
            fprintf(stderr, "ignoring '%s'\n", line);
            free(c);
            continue;
        }
        c->next = head;
        head = c;
    }
    return head;
}

const struct cidr *cidr_match(const struct cidr *list, uint32_t addr)
{
    const struct cidr *best = NULL;

    for (; list; list = list->next)
        if ((addr & list->mask) == list->addr && (best == NULL || list->bits > best->bits))
            best = list;
    return best;
}

int main(int argc, char **argv)
{
    const char *listfile = "/etc/hosts.cidr";
    struct cidr *list, *c;
    const struct cidr *m;
    uint32_t addr;
    FILE *fp;
    int opt, i, rc = 0;

    while ((opt = getopt(argc, argv, "f:")) != -1) {
        if (opt != 'f')
            return 2;
        listfile = optarg;
    }
    fp = fopen(listfile, "r");
    if (fp == NULL) {
        perror(listfile);
        return 1;
    }
    list = cidr_load(fp);
    fclose(fp);
    for (i = optind; i < argc; i++) {
        if (ipv4_parse(argv[i], &addr) < 0) {
            printf("%s: not an address\n", argv[i]);
            rc = 1;
            continue;
        }
        m = cidr_match(list, addr);
        printf("%s: %s\n", argv[i], m ? m->text : "no match");
    }
    while (list) {
        c = list->next;
        free(list);
        list = c;
    }
    return rc;
}
