#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_FIELDS 32

struct options {
    char *output;
    char *fields_spec;
    char delim;
    int to_stdout;
    int fields[MAX_FIELDS];
    int nfields;
};

static int set_string(char **slot, const char *val)
{
    char *copy = strdup(val);

    if (copy == NULL)
        return -1;
    free(*slot);
    *slot = copy;
    return 0;
}

static int parse_fields(struct options *o)
{
    char *spec, *tok, *save = NULL;
    int n;

    spec = strdup(o->fields_spec);
    if (spec == NULL)
        return -1;
    o->nfields = 0;
    for (tok = strtok_r(spec, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        n = atoi(tok);
        if (n < 1 || o->nfields >= MAX_FIELDS) {
            free(spec);
            return -1;
        }
        o->fields[o->nfields++] = n - 1;
    }
    free(spec);
    return o->nfields > 0 ? 0 : -1;
}

static void options_free(struct options *o)
{
    free(o->output);
    free(o->fields_spec);
}

int parse_options(struct options *o, int argc, char **argv)
{
    int c;

    memset(o, 0, sizeof(*o));
    o->delim = ',';
    while ((c = getopt(argc, argv, "o:f:d:")) != -1) {
        switch (c) {
        case 'o':
            if (set_string(&o->output, optarg) != 0)
                return -1;
            break;
        case 'f':
            if (set_string(&o->fields_spec, optarg) != 0)
                return -1;
            break;
        case 'd':
            o->delim = optarg[0] ? optarg[0] : ',';
            break;
        default:
            return -1;
        }
    }
    if (o->fields_spec == NULL || parse_fields(o) != 0)
        return -1;
    if (o->output == NULL || strcmp(o->output, "-") == 0) {
        o->to_stdout = 1;
        free(o->output);
        o->output = NULL;
    }
    return 0;
}

static void cut_line(const struct options *o, char *line, FILE *out)
{
    char *cols[256];
    int ncols = 0, i;
    char *p = line;

    line[strcspn(line, "\r\n")] = '\0';
    cols[ncols++] = p;
    while ((p = strchr(p, o->delim)) != NULL && ncols < 256) {
        *p++ = '\0';
        cols[ncols++] = p;
    }
    for (i = 0; i < o->nfields; i++) {
        if (i > 0)
            fputc(o->delim, out);
        if (o->fields[i] < ncols)
            fputs(cols[o->fields[i]], out);
    }
    fputc('\n', out);
}

int main(int argc, char **argv)
{
    struct options o;
    char line[4096];
    FILE *out;

    if (parse_options(&o, argc, argv) != 0) {
        fprintf(stderr, "usage: %s -f LIST [-d DELIM] [-o FILE]\n", argv[0]);
        options_free(&o);
        return 2;
    }
    out = o.to_stdout ? stdout : fopen(o.output, "w");
    if (out == NULL) {
        perror(o.output);
        options_free(&o);
        return 1;
    }
    while (fgets(line, sizeof(line), stdin) != NULL)
        cut_line(&o, line, out);
    if (out != stdout)
        fclose(out);
    options_free(&o);
    return 0;
}
