#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_SIZE 512
#define PATH_BUF 256

struct tar_member {
    char name[101];
    char prefix[156];
    char type;
    unsigned long size;
    unsigned long mode;
};

static unsigned long octal_field(const unsigned char *f, size_t n)
{
    char tmp[16];
    char *end;

    if (n >= sizeof(tmp))
        n = sizeof(tmp) - 1;
    memcpy(tmp, f, n);
    tmp[n] = '\0';
    return strtoul(tmp, &end, 8);
}

static int header_checksum_ok(const unsigned char *blk)
{
    unsigned long want = octal_field(blk + 148, 8), sum = 0;
    size_t i;

    for (i = 0; i < BLOCK_SIZE; i++)
        sum += (i >= 148 && i < 156) ? ' ' : blk[i];
    return sum == want;
}

static int block_is_zero(const unsigned char *blk)
{
    size_t i;

    for (i = 0; i < BLOCK_SIZE; i++)
        if (blk[i])
            return 0;
    return 1;
}

static void parse_header(const unsigned char *blk, struct tar_member *m)
{
    memcpy(m->name, blk, 100);
    m->name[100] = '\0';
    m->mode = octal_field(blk + 100, 8);
    m->size = octal_field(blk + 124, 12);
    m->type = (char)blk[156];
    if (memcmp(blk + 257, "ustar", 5) == 0) {
        memcpy(m->prefix, blk + 345, 155);
        m->prefix[155] = '\0';
    } else {
        m->prefix[0] = '\0';
    }
}

static int member_name_ok(const struct tar_member *m)
{
    const char *parts[2] = { m->prefix, m->name };
    int i;

    for (i = 0; i < 2; i++) {
        const char *p = parts[i];

        if (i == 0 && p[0] == '\0')
            continue;
        if (p[0] == '/' || strcmp(p, "..") == 0 || strncmp(p, "../", 3) == 0 ||
            strstr(p, "/../") != NULL)
            return 0;
    }
    return 1;
}

int build_output_path(char *out, size_t outsz, const char *dest, const struct tar_member *m)
{
    int r;

    if (strlen(dest) >= outsz)
        return -1;
    r = snprintf(out, outsz, "%s/%s%s%s", dest, m->prefix, m->prefix[0] ? "/" : "", m->name);
    if (r < 0 || (size_t)r >= outsz)
        return -1;
    return 0;
}

int main(int argc, char **argv)
{
    unsigned char blk[BLOCK_SIZE];
    char path[PATH_BUF];
    struct tar_member m;
    FILE *fp;
    int zeros = 0, count = 0, rc = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s archive.tar destdir\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    while (fread(blk, 1, sizeof(blk), fp) == sizeof(blk)) {
        if (block_is_zero(blk)) {
            if (++zeros == 2)
                break;
            continue;
        }
        zeros = 0;
        if (!header_checksum_ok(blk)) {
            fprintf(stderr, "checksum mismatch at member %d\n", count);
            rc = 1;
            break;
        }
        parse_header(blk, &m);
        if (!member_name_ok(&m)) {
            fprintf(stderr, "skipping member with absolute or parent path: %s\n", m.name);
        } else if (build_output_path(path, sizeof(path), argv[2], &m) != 0) {
            fprintf(stderr, "path too long for member %d\n", count);
        } else {
            printf("%c %06lo %10lu %s\n", m.type ? m.type : '0', m.mode, m.size, path);
        }
        count++;
        if (fseek(fp, (long)((m.size + BLOCK_SIZE - 1) / BLOCK_SIZE * BLOCK_SIZE), SEEK_CUR) != 0) {
            rc = 1;
            break;
        }
    }
    fclose(fp);
    printf("%d members\n", count);
    return rc;
}
