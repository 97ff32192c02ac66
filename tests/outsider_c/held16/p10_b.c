#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define MAX_ENTRIES 128

typedef struct {
    const char *name;
    uint32_t offset;
    uint32_t size;
} PakEntry;

typedef struct {
    PakEntry ents[MAX_ENTRIES];
    int nents;
    char *names;
    size_t names_len, names_cap;
    uint8_t *data;
    size_t data_len, data_cap;
} Pak;

static const char *entry_name(const Pak *p, const PakEntry *e)
{
    (void)p;
    return e->name;
}

static int grow(void **buf, size_t *cap, size_t need)
{
    size_t ncap = *cap ? *cap : 64;
    void *tmp;
    while (ncap < need)
        ncap *= 2;
    if (ncap == *cap)
        return 0;
    tmp = realloc(*buf, ncap);
    if (!tmp)
        return -1;
    *buf = tmp;
    *cap = ncap;
    return 0;
}

const PakEntry *pak_find(const Pak *p, const char *name)
{
    for (int i = 0; i < p->nents; i++)
        if (strcmp(entry_name(p, &p->ents[i]), name) == 0)
            return &p->ents[i];
    return NULL;
}

int pak_add(Pak *p, const char *path)
{
    const char *base = strrchr(path, '/');
    FILE *f;
    size_t len, n;
    uint8_t chunk[4096];
    PakEntry *e;

    base = base ? base + 1 : path;
    len = strlen(base);
    if (p->nents >= MAX_ENTRIES || pak_find(p, base))
        return -1;
    if (!(f = fopen(path, "rb")))
        return -1;
    if (grow((void **)&p->names, &p->names_cap, p->names_len + len + 1) != 0) {
        fclose(f);
        return -1;
    }
    e = &p->ents[p->nents];
    e->name = p->names + p->names_len;
    memcpy(p->names + p->names_len, base, len + 1);
    p->names_len += len + 1;
    e->offset = (uint32_t)p->data_len;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (grow((void **)&p->data, &p->data_cap, p->data_len + n) != 0)
            break;
        memcpy(p->data + p->data_len, chunk, n);
        p->data_len += n;
    }
    fclose(f);
    e->size = (uint32_t)(p->data_len - e->offset);
    p->nents++;
    return 0;
}

int pak_write(const Pak *p, const char *out)
{
    FILE *f = fopen(out, "wb");
    uint32_t hdr[3];

    if (!f)
        return -1;
    memcpy(&hdr[0], "PAK0", 4);
    hdr[1] = (uint32_t)p->nents;
    hdr[2] = (uint32_t)p->names_len;
    fwrite(hdr, sizeof hdr, 1, f);
    for (int i = 0; i < p->nents; i++) {
        uint32_t rec[3];
        rec[0] = (uint32_t)(p->ents[i].name - p->names);
        rec[1] = p->ents[i].offset;
        rec[2] = p->ents[i].size;
        fwrite(rec, sizeof rec, 1, f);
    }
    fwrite(p->names, 1, p->names_len, f);
    fwrite(p->data, 1, p->data_len, f);
    return fclose(f);
}

int main(int argc, char **argv)
{
    Pak *p;
    int rc = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s out.pak files...\n", argv[0]);
        return 1;
    }
    p = calloc(1, sizeof *p);
    if (!p)
        return 1;
    for (int i = 2; i < argc; i++)
        if (pak_add(p, argv[i]) != 0)
            fprintf(stderr, "skipped %s\n", argv[i]);
    for (int i = 0; i < p->nents; i++)
        printf("%-24s %8u %8u\n", entry_name(p, &p->ents[i]), p->ents[i].offset, p->ents[i].size);
    if (pak_write(p, argv[1]) != 0) {
        perror(argv[1]);
        rc = 1;
    }
    free(p->names);
    free(p->data);
    free(p);
    return rc;
}
