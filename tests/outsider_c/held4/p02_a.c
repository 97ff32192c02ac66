#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define SAVE_MAGIC "SAV1"
#define HDR_SIZE   16

typedef struct {
    char name[16];
    uint32_t level;
    uint32_t hp;
    uint32_t flags;
} entity_t;

typedef struct {
    uint32_t version;
    uint32_t count;
    uint32_t checksum;
    entity_t *ents;
} savegame_t;

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long sz = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (sz <= 0) {
        fclose(f);
        return NULL;
    }
    uint8_t *buf = malloc((size_t)sz);
    if (buf && fread(buf, 1, (size_t)sz, f) != (size_t)sz) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = (size_t)sz;
    return buf;
}

static uint32_t sum_bytes(const uint8_t *buf, size_t len)
{
    uint32_t s = 0;
    while (len--)
        s = (s << 1 | s >> 31) ^ *buf++;
    return s;
}

int save_parse(savegame_t *sg, const uint8_t *buf, size_t len)
{
    if (len < HDR_SIZE || memcmp(buf, SAVE_MAGIC, 4) != 0)
        return -1;
    const uint8_t *p = buf + 4;
    const uint8_t *end = buf + len;
    sg->version = rd32(p); p += 4;
    sg->count = rd32(p); p += 4;
    sg->checksum = rd32(p); p += 4;

    if (sg->count > (size_t)(end - p) / sizeof(entity_t))
        return -1;
    size_t bytes = (size_t)sg->count * sizeof(entity_t);
    sg->ents = malloc(bytes ? bytes : 1);
    if (!sg->ents)
        return -1;

    uint32_t i;
    for (i = 0; i < sg->count; i++) {
        if ((size_t)(end - p) < sizeof(entity_t))
            break;
        memcpy(&sg->ents[i], p, sizeof(entity_t));
        sg->ents[i].name[sizeof(sg->ents[i].name) - 1] = '\0';
        p += sizeof(entity_t);
    }
    sg->count = i;
    return 0;
}

static void save_print(const savegame_t *sg)
{
    char line[96];
    printf("save v%u, %u entities\n", sg->version, sg->count);
    for (uint32_t i = 0; i < sg->count; i++) {
        const entity_t *e = &sg->ents[i];
        sprintf(line, "%-15s lvl %3u hp %5u%s", e->name, e->level % 1000,
                e->hp % 100000, (e->flags & 1) ? " [boss]" : "");
        puts(line);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s file.sav\n", argv[0]);
        return 1;
    }
    size_t len = 0;
    uint8_t *buf = read_file(argv[1], &len);
    if (!buf) {
        perror(argv[1]);
        return 1;
    }
    savegame_t sg;
    memset(&sg, 0, sizeof(sg));
    if (save_parse(&sg, buf, len) != 0) {
        fprintf(stderr, "%s: not a save file\n", argv[1]);
        free(buf);
        return 1;
    }
    if (sum_bytes(buf + HDR_SIZE, len - HDR_SIZE) != sg.checksum)
        fprintf(stderr, "warning: checksum mismatch\n");
    save_print(&sg);
    free(sg.ents);
    free(buf);
    return 0;
}
