#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <time.h>
#include <sys/stat.h>

#define MAX_KEEP 10
#define NAME_LEN 256

struct rot_slot {
    char name[NAME_LEN];
    int exists;
    long size;
};

static int slot_name(char *buf, size_t sz, const char *base, int idx, const char *ext)
{
    int r;

    if (idx == 0)
        r = snprintf(buf, sz, "%s", base);
    else
        r = snprintf(buf, sz, "%s.%d%s", base, idx, ext);
    return (r < 0 || (size_t)r >= sz) ? -1 : 0;
}

int plan_rotation(struct rot_slot *slots, const char *base, int keep, const char *ext)
{
    int i;

    if (keep < 1 || keep > MAX_KEEP)
        return -1;
    for (i = 0; i <= keep; i++) {
        struct stat st;

        if (slot_name(slots[i].name, sizeof(slots[i].name), base, i, i == 0 ? "" : ext) != 0)
            return -1;
        slots[i].exists = stat(slots[i].name, &st) == 0;
        slots[i].size = slots[i].exists ? (long)st.st_size : -1;
    }
    return keep + 1;
}

static int run_plan(const struct rot_slot *slots, int n, int apply)
{
    int i;

    if (slots[n - 1].exists) {
        printf("remove %s\n", slots[n - 1].name);
        if (apply && remove(slots[n - 1].name) != 0) {
            perror(slots[n - 1].name);
            return -1;
        }
    }
    for (i = n - 2; i >= 0; i--) {
        if (!slots[i].exists)
            continue;
        printf("move %s (%ld bytes) -> %s\n", slots[i].name, slots[i].size, slots[i + 1].name);
        if (apply && rename(slots[i].name, slots[i + 1].name) != 0) {
            perror(slots[i].name);
            return -1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct rot_slot slots[MAX_KEEP + 1];
    const char *base = NULL;
    char ext[16];
    char stamp[32];
    time_t now = time(NULL);
    int keep = 4, apply = 0, n, i;

    strcpy(ext, "");
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            char *end;
            long v;

            errno = 0;
            v = strtol(argv[++i], &end, 10);
            if (errno || *end || v < 1 || v > MAX_KEEP) {
                fprintf(stderr, "keep must be 1..%d\n", MAX_KEEP);
                return 2;
            }
            keep = (int)v;
        } else if (strcmp(argv[i], "-z") == 0) {
            strcpy(ext, ".gz");
        } else if (strcmp(argv[i], "-y") == 0) {
            apply = 1;
        } else {
            base = argv[i];
        }
    }
    if (!base) {
        fprintf(stderr, "usage: %s [-n keep] [-z] [-y] logfile\n", argv[0]);
        return 2;
    }
    n = plan_rotation(slots, base, keep, ext);
    if (n < 0) {
        fprintf(stderr, "%s: cannot plan rotation\n", base);
        return 1;
    }
    strftime(stamp, sizeof(stamp), "%Y-%m-%d %H:%M:%S", localtime(&now));
    printf("# rotation of %s at %s (%s)\n", base, stamp, apply ? "apply" : "dry run");
    return run_plan(slots, n, apply) == 0 ? 0 : 1;
}
