#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>

#define BLOCK 512

struct tar_header {
    char name[100];
    char mode[8];
    char uid[8];
    char gid[8];
    char size[12];
    char mtime[12];
    char chksum[8];
    char typeflag;
    char linkname[100];
    char magic[6];
    char version[2];
    char uname[32];
    char gname[32];
    char devmajor[8];
    char devminor[8];
    char prefix[155];
    char pad[12];
};

static uint64_t parse_octal(const char *field, size_t len)
{
    uint64_t v = 0;
    size_t i = 0;

    while (i < len && (field[i] == ' ' || field[i] == '\0'))
        i++;
    for (; i < len && field[i] >= '0' && field[i] <= '7'; i++)
        v = (v << 3) | (uint64_t)(field[i] - '0');
    return v;
}

static int checksum_ok(const unsigned char *block, const struct tar_header *h)
{
    unsigned long sum = 0;
    size_t i;

    for (i = 0; i < BLOCK; i++) {
        if (i >= 148 && i < 156)
            sum += ' ';
        else
            sum += block[i];
    }
    return sum == parse_octal(h->chksum, sizeof(h->chksum));
}

static void entry_name(const struct tar_header *h, char *out, size_t outsz)
{
    size_t nlen;

    nlen = strlen(h->name);
    if (nlen >= outsz)
        nlen = outsz - 1;
    memcpy(out, h->name, nlen);
    out[nlen] = '\0';
}

static char type_char(char t)
{
    switch (t) {
    case '5': return 'd';
    case '2': return 'l';
    case '0': case '\0': return '-';
    default: return '?';
    }
}

int list_archive(FILE *fp)
{
    unsigned char block[BLOCK];
    const struct tar_header *h = (const struct tar_header *)block;
    char name[256], when[32];
    uint64_t size, skip;
    time_t mtime;
    struct tm *tmv;
    int entries = 0;

    while (fread(block, 1, BLOCK, fp) == BLOCK) {
        if (block[0] == '\0')
            break;
        if (!checksum_ok(block, h)) {
            fprintf(stderr, "checksum mismatch at entry %d\n", entries);
            return -1;
        }
        entry_name(h, name, sizeof(name));
        size = parse_octal(h->size, sizeof(h->size));
        mtime = (time_t)parse_octal(h->mtime, sizeof(h->mtime));
        tmv = gmtime(&mtime);
        if (tmv != NULL)
            strftime(when, sizeof(when), "%Y-%m-%d %H:%M", tmv);
        else
            strcpy(when, "unknown");
        printf("%c%04o %10llu %s %s", type_char(h->typeflag),
               (unsigned)parse_octal(h->mode, sizeof(h->mode)) & 07777,
               (unsigned long long)size, when, name);
        if (h->typeflag == '2')
            printf(" -> %.*s", (int)sizeof(h->linkname), h->linkname);
        putchar('\n');
        skip = (size + BLOCK - 1) / BLOCK * BLOCK;
        if (skip > 0 && fseek(fp, (long)skip, SEEK_CUR) != 0)
            return -1;
        entries++;
    }
    return entries;
}

int main(int argc, char **argv)
{
    FILE *fp;
    int n;

    if (argc < 2) {
        fprintf(stderr, "usage: %s ARCHIVE.tar\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "rb");
    if (fp == NULL) {
        perror(argv[1]);
        return 1;
    }
    n = list_archive(fp);
    fclose(fp);
    if (n < 0)
        return 1;
    printf("%d entries\n", n);
    return 0;
}
