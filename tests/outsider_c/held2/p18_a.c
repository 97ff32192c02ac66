#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct fs_ent {
    char spec[256];
    char file[256];
    char vfstype[32];
    char opts[256];
    int freq;
    int passno;
};

static int has_option(const char *opts, const char *name)
{
    char buf[256];
    char *tok, *save = NULL;

    strncpy(buf, opts, sizeof(buf) - 1);
    buf[sizeof(buf) - 1] = '\0';
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (strcmp(tok, name) == 0)
            return 1;
    return 0;
}

int fstab_parse(const char *line, struct fs_ent *e)
{
    int n;

    n = sscanf(line, "%255s %255s %31s %255s %d %d", e->spec, e->file, e->vfstype, e->opts,
               &e->freq, &e->passno);
    if (n < 4 || e->spec[0] == '#')
        return -1;
    return 0;
}

int fstab_check(FILE *fp, FILE *report)
{
    char line[1024];
    struct fs_ent ent;
    int lineno = 0, problems = 0, have_root = 0;

    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        if (fstab_parse(line, &ent) < 0)
            continue;
        if (strcmp(ent.file, "/") == 0) {
            have_root = 1;
            if (ent.passno != 1) {
                fprintf(report, "line %d: root filesystem should have pass 1\n", lineno);
                problems++;
            }
        } else if (ent.passno == 1) {
            fprintf(report, "line %d: %s: pass 1 is reserved for /\n", lineno, ent.file);
            problems++;
        }
        if (strcmp(ent.vfstype, "swap") == 0 && strcmp(ent.file, "none") != 0 &&
            strcmp(ent.file, "swap") != 0) {
            fprintf(report, "line %d: swap entry should use none as mount point\n", lineno);
            problems++;
        }
        if (has_option(ent.opts, "noauto") && ent.passno > 0) {
            fprintf(report, "line %d: %s is noauto but will be checked\n", lineno, ent.file);
            problems++;
        }
        if (ent.file[0] != '/' && strcmp(ent.vfstype, "swap") != 0) {
            fprintf(report, "line %d: mount point %s is not absolute\n", lineno, ent.file);
            problems++;
        }
    }
    if (!have_root) {
        fprintf(report, "no entry for /\n");
        problems++;
    }
    return problems;
}

int main(int argc, char **argv)
{
    const char *path = "/etc/fstab";
    FILE *fp;
    int opt, quiet = 0, problems;

    while ((opt = getopt(argc, argv, "q")) != -1) {
        if (opt == 'q')
            quiet = 1;
        else
            return 2;
    }
    if (optind < argc)
        path = argv[optind];
    fp = fopen(path, "r");
    if (fp == NULL) {
        perror(path);
        return 1;
    }
    problems = fstab_check(fp, quiet ? stderr : stdout);
    fclose(fp);
    if (!quiet)
        printf("%s: %d problem(s)\n", path, problems);
    return problems ? 1 : 0;
}
