#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>

#define LINELEN 4096
#define MAXDEF 256

struct fielddef {
    char kind[8];
    char id[32];
    char number[8];
    char type[16];
};

static struct fielddef defs[MAXDEF];
static int ndefs = 0;
static int nsamples = -1;
static char fileformat[32] = "unknown";
static char line[LINELEN];
static int quiet = 0;

static void note(const char *fmt, ...)
{
    va_list ap;

    if (quiet)
        return;
    fputs("vcfhead: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

static int parse_def(const char *s, const char *kind)
{
    struct fielddef *d;
    char fmt[64];

    if (ndefs >= MAXDEF)
        return -1;
    d = &defs[ndefs];
    snprintf(fmt, sizeof(fmt), "##%s=<ID=%%31[^,],Number=%%7[^,],Type=%%15[^,>]", kind);
    if (sscanf(s, fmt, d->id, d->number, d->type) != 3)
        return -1;
    strcpy(d->kind, kind);
    ndefs++;
    return 0;
}

static int count_samples(char *s)
{
    int ncol = 0;
    char *tok;

    for (tok = strtok(s, "\t\r\n"); tok; tok = strtok(NULL, "\t\r\n"))
        ncol++;
    return ncol > 9 ? ncol - 9 : 0;
}

static void handle_meta(const char *s, long lineno)
{
    char msg[LINELEN + 64];

    if (strncmp(s, "##fileformat=", 13) == 0) {
        sscanf(s + 13, "%31s", fileformat);
    } else if (strncmp(s, "##INFO=", 7) == 0) {
        if (parse_def(s, "INFO") < 0)
            note("line %ld: cannot parse INFO definition\n", lineno);
    } else if (strncmp(s, "##FORMAT=", 9) == 0) {
        if (parse_def(s, "FORMAT") < 0)
            note("line %ld: cannot parse FORMAT definition\n", lineno);
    } else if (strncmp(s, "##contig=", 9) != 0 && strncmp(s, "##FILTER=", 9) != 0) {
        snprintf(msg, sizeof(msg), "line %ld: unrecognised meta line %s", lineno, s);
        note(msg);
    }
}

static void print_defs(FILE *out)
{
    int i;

    fprintf(out, "fileformat\t%s\nsamples\t%d\n", fileformat, nsamples);
    for (i = 0; i < ndefs; i++)
        fprintf(out, "%s\t%s\t%s\t%s\n", defs[i].kind, defs[i].id,
                defs[i].number, defs[i].type);
}

int main(int argc, char **argv)
{
    FILE *fp;
    long lineno = 0;
    int i;

    for (i = 1; i < argc && argv[i][0] == '-'; i++)
        if (strcmp(argv[i], "-q") == 0)
            quiet = 1;
    if (i >= argc) {
        fprintf(stderr, "usage: %s [-q] file.vcf\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[i], "r");
    if (!fp) {
        perror(argv[i]);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        if (strncmp(line, "##", 2) == 0) {
            handle_meta(line, lineno);
        } else if (line[0] == '#') {
            nsamples = count_samples(line);
            break;
        } else {
            note("line %ld: data before #CHROM header\n", lineno);
            break;
        }
    }
    fclose(fp);
    if (nsamples < 0) {
        fprintf(stderr, "vcfhead: no #CHROM line in %s\n", argv[i]);
        return 1;
    }
    print_defs(stdout);
    return 0;
}
