#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define CMD_MAX 1024
#define THUMB_SUFFIX "_thumb.png"

struct job {
    const char *input;
    char output[512];
    int width;
};

static int valid_path(const char *p)
{
    if (*p == '\0' || *p == '-')
        return 0;
    for (; *p != '\0'; p++) {
        if (!isalnum((unsigned char)*p) && strchr("._/-", *p) == NULL)
            return 0;
    }
    return 1;
}

static int build_output_name(struct job *j)
{
    const char *dot = strrchr(j->input, '.');
    size_t base = dot ? (size_t)(dot - j->input) : strlen(j->input);

    if (base + sizeof(THUMB_SUFFIX) > sizeof(j->output))
        return -1;
    memcpy(j->output, j->input, base);
    strcpy(j->output + base, THUMB_SUFFIX);
    return 0;
}

static int is_regular_file(const char *p)
{
    struct stat st;

    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

int make_thumbnail(struct job *j)
{
    char cmd[CMD_MAX];
    int n, rc;

    if (!valid_path(j->input)) {
        fprintf(stderr, "skipping unsupported file name: %s\n", j->input);
        return -1;
    }
    if (!is_regular_file(j->input)) {
        fprintf(stderr, "%s: not a regular file\n", j->input);
        return -1;
    }
    if (build_output_name(j) != 0) {
        fprintf(stderr, "%s: name too long\n", j->input);
        return -1;
    }
    n = snprintf(cmd, sizeof(cmd), "convert %s -resize %dx%d %s",
                 j->input, j->width, j->width, j->output);
    if (n < 0 || (size_t)n >= sizeof(cmd))
        return -1;
    rc = system(cmd);
    if (rc == -1 || !WIFEXITED(rc) || WEXITSTATUS(rc) != 0) {
        fprintf(stderr, "%s: convert failed\n", j->input);
        return -1;
    }
    return 0;
}

static int parse_width(const char *s)
{
    int w = atoi(s);

    if (w < 16)
        w = 16;
    if (w > 1024)
        w = 1024;
    return w;
}

static void usage(const char *prog)
{
    fprintf(stderr, "usage: %s [-w WIDTH] IMAGE...\n", prog);
}

int main(int argc, char **argv)
{
    struct job j;
    int width = 128;
    int i = 1, failures = 0, done = 0;

    if (argc > 2 && strcmp(argv[1], "-w") == 0) {
        width = parse_width(argv[2]);
        i = 3;
    }
    if (i >= argc) {
        usage(argv[0]);
        return 2;
    }
    if (system(NULL) == 0) {
        fprintf(stderr, "no shell available\n");
        return 1;
    }
    for (; i < argc; i++) {
        memset(&j, 0, sizeof(j));
        j.input = argv[i];
        j.width = width;
        if (make_thumbnail(&j) != 0)
            failures++;
        else
            done++;
    }
    printf("%d thumbnails written, %d failed\n", done, failures);
    return failures ? 1 : 0;
}
