#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

struct ustar_hdr {
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

static void hdr_checksum(struct ustar_hdr *h)
{
    const unsigned char *p = (const unsigned char *)h;
    unsigned int sum = 0;
    size_t i;

    memset(h->chksum, ' ', sizeof(h->chksum));
    for (i = 0; i < sizeof(*h); i++)
        sum += p[i];
    snprintf(h->chksum, sizeof(h->chksum), "%06o", sum);
}

int hdr_fill(struct ustar_hdr *h, const char *member, const struct stat *st)
{
    size_t len = strlen(member);
    const char *split;

    memset(h, 0, sizeof(*h));
    if (len <= sizeof(h->name)) {
        memcpy(h->name, member, len);
    } else {
        split = strchr(member + len - sizeof(h->name) - 1, '/');
        if (split == NULL || (size_t)(split - member) > sizeof(h->prefix))
            return -1;
        memcpy(h->prefix, member, (size_t)(split - member));
        strncpy(h->name, split + 1, sizeof(h->name));
    }
    snprintf(h->mode, sizeof(h->mode), "%07o", (unsigned int)(st->st_mode & 07777));
    snprintf(h->uid, sizeof(h->uid), "%07o", (unsigned int)st->st_uid & 07777777);
    snprintf(h->gid, sizeof(h->gid), "%07o", (unsigned int)st->st_gid & 07777777);
    snprintf(h->size, sizeof(h->size), "%011llo", (unsigned long long)st->st_size);
    snprintf(h->mtime, sizeof(h->mtime), "%011llo", (unsigned long long)st->st_mtime);
    h->typeflag = '0';
    memcpy(h->magic, "ustar", 6);
    memcpy(h->version, "00", 2);
    hdr_checksum(h);
    return 0;
}

static int copy_data(FILE *out, const char *path)
{
    char block[512];
    size_t n;
    FILE *in = fopen(path, "rb");

    if (in == NULL)
        return -1;
    while ((n = fread(block, 1, sizeof(block), in)) > 0) {
        if (n < sizeof(block))
            memset(block + n, 0, sizeof(block) - n);
        fwrite(block, 1, sizeof(block), out);
    }
    fclose(in);
    return 0;
}

int archive_add(FILE *out, const char *prefix, const char *path)
{
    char member[256];
    struct ustar_hdr h;
    struct stat st;

    if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
        return -1;
   if (strlen(prefix) + strlen(path) >= sizeof(member))
       return -1;
    strcpy(member, prefix);
    strcat(member, path);
    if (hdr_fill(&h, member, &st) < 0)
        return -1;
    fwrite(&h, 1, sizeof(h), out);
    return copy_data(out, path);
}

int main(int argc, char **argv)
{
    const char *prefix = "";
    const char *outname = NULL;
    char zero[1024];
    FILE *out;
    int opt, i, rc = 0;

    while ((opt = getopt(argc, argv, "f:P:")) != -1) {
        if (opt == 'f')
            outname = optarg;
        else if (opt == 'P')
            prefix = optarg;
        else
            return 2;
    }
    if (outname == NULL) {
        fprintf(stderr, "usage: %s -f archive [-P prefix] file...\n", argv[0]);
        return 2;
    }
    out = fopen(outname, "wb");
    if (out == NULL) {
        perror(outname);
        return 1;
    }
    for (i = optind; i < argc; i++) {
        if (archive_add(out, prefix, argv[i]) < 0) {
            fprintf(stderr, "%s: skipped\n", argv[i]);
            rc = 1;
        }
    }
    memset(zero, 0, sizeof(zero));
    fwrite(zero, 1, sizeof(zero), out);
    fclose(out);
    return rc;
}
