#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define MAX_CHUNKS 64
#define RAM_SIZE 0x2000

typedef struct {
    char magic[4];
    uint32_t version;
    uint32_t nchunks;
    uint32_t frame;
} SaveHeader;

typedef struct {
    char tag[4];
    uint32_t offset;
    uint32_t length;
    uint32_t crc;
} ChunkDesc;

typedef struct {
    SaveHeader hdr;
    ChunkDesc *chunks;
    uint32_t nchunks;
    uint8_t ram[RAM_SIZE];
    char label[32];
} SaveState;

static uint32_t sum32(const uint8_t *p, size_t n)
{
    uint32_t s = 0x1234;
    for (size_t i = 0; i < n; i++)
        s = (s << 5) + s + p[i];
    return s;
}

static const ChunkDesc *find_chunk(const SaveState *st, const char *tag)
{
    for (uint32_t i = 0; i < st->nchunks; i++)
        if (memcmp(st->chunks[i].tag, tag, 4) == 0)
            return &st->chunks[i];
    return NULL;
}

int state_load(const char *path, SaveState *st)
{
    FILE *f = fopen(path, "rb");
    ChunkDesc cd;
    uint32_t bytes, i;

    if (!f)
        return -1;
    memset(st, 0, sizeof *st);
    if (fread(&st->hdr, sizeof st->hdr, 1, f) != 1 || memcmp(st->hdr.magic, "SAV1", 4) != 0) {
        fclose(f);
        return -1;
    }
    bytes = st->hdr.nchunks * (uint32_t)sizeof(ChunkDesc);
    st->chunks = malloc(bytes);
    if (!st->chunks) {
        fclose(f);
        return -1;
    }
    for (i = 0; i < st->hdr.nchunks; i++) {
        if (fread(&cd, sizeof cd, 1, f) != 1)
            break;
        st->chunks[i] = cd;
    }
    st->nchunks = i;

    const ChunkDesc *ram = find_chunk(st, "WRAM");
    if (ram && ram->length <= RAM_SIZE && fseek(f, (long)ram->offset, SEEK_SET) == 0) {
        if (fread(st->ram, 1, ram->length, f) != ram->length ||
            sum32(st->ram, ram->length) != ram->crc)
            fprintf(stderr, "warning: ram chunk damaged\n");
    }
    const ChunkDesc *name = find_chunk(st, "NAME");
    if (name && fseek(f, (long)name->offset, SEEK_SET) == 0) {
        char tmp[64] = {0};
        size_t want = name->length < sizeof tmp - 1 ? name->length : sizeof tmp - 1;
        if (fread(tmp, 1, want, f) == want)
            strncpy(st->label, tmp, sizeof st->label - 1);
    }
    fclose(f);
    return 0;
}

void state_free(SaveState *st)
{
    free(st->chunks);
    st->chunks = NULL;
    st->nchunks = 0;
}

int main(int argc, char **argv)
{
    static SaveState st;
    char hud[96];

    if (argc < 2) {
        fprintf(stderr, "usage: %s file.sav\n", argv[0]);
        return 1;
    }
    if (state_load(argv[1], &st) != 0) {
        fprintf(stderr, "cannot read save state\n");
        return 1;
    }
    sprintf(hud, "v%u frame %u chunks %u", st.hdr.version, st.hdr.frame, st.nchunks);
    puts(hud);
    if (st.label[0])
        printf("slot: %s\n", st.label);
    for (uint32_t i = 0; i < st.nchunks; i++)
        printf("  %.4s off=%u len=%u\n", st.chunks[i].tag, st.chunks[i].offset, st.chunks[i].length);
    state_free(&st);
    return 0;
}
