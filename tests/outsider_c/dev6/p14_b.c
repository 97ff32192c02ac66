#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ISA_LEN       106
#define ISA_ID_W       15
#define ISA_CTRL_W      9
#define SEG_MAX       512
#define MAX_ELEMS      64
#define MAX_SET_TYPES  16

struct interchange {
    char sender[ISA_ID_W + 1];
    char receiver[ISA_ID_W + 1];
    char control[ISA_CTRL_W + 1];
    char elem_sep, comp_sep, seg_term;
    int groups, sets, segments, errors;
};

struct set_count {
    char id[4];
    int n;
};

static struct set_count set_types[MAX_SET_TYPES];
static int nset_types;

static int isa_element(const char *isa, int idx, char sep, char *out, size_t outsz)
{
    const char *p = isa, *q = NULL;
    size_t len;
    int i;

    for (i = 0; i <= idx; i++) {
        q = strchr(p, sep);
        if (q == NULL)
            return -1;
        p = q + 1;
    }
    q = strchr(p, sep);
    if (q == NULL)
        return -1;
    len = (size_t)(q - p);
    while (len > 0 && p[len - 1] == ' ')
        len--;
    if (len >= outsz)
        return -1;
    memcpy(out, p, len);
    out[len] = '\0';
    return 0;
}

static int read_segment(FILE *fp, char term, char *seg, size_t segsz)
{
    size_t n = 0;
    int c;

    while ((c = getc(fp)) != EOF && c != term) {
        if ((c == '\r' || c == '\n') && n == 0)
            continue;
        if (n + 1 >= segsz)
            return -1;
        seg[n++] = (char)c;
    }
    seg[n] = '\0';
    return (c == EOF && n == 0) ? 0 : 1;
}

static int split_elements(char *seg, char sep, char **el, int max)
{
    int n = 0;
    char *p = seg;

    el[n++] = p;
    while (n < max && (p = strchr(p, sep)) != NULL) {
        *p++ = '\0';
        el[n++] = p;
    }
    return n;
}

static void count_set(const char *id)
{
    int i;

    for (i = 0; i < nset_types; i++)
        if (strcmp(set_types[i].id, id) == 0) {
            set_types[i].n++;
            return;
        }
    if (nset_types < MAX_SET_TYPES && strlen(id) == 3) {
        strcpy(set_types[nset_types].id, id);
        set_types[nset_types++].n = 1;
    }
}

int main(void)
{
    char isa[ISA_LEN], seg[SEG_MAX], *el[MAX_ELEMS];
    struct interchange ic;
    int ne, rc, st_segs = 0, i;

    memset(&ic, 0, sizeof ic);
    if (fread(isa, 1, ISA_LEN, stdin) != ISA_LEN || memcmp(isa, "ISA", 3) != 0) {
        fprintf(stderr, "not an X12 interchange\n");
        return 1;
    }
    ic.elem_sep = isa[3];
    ic.comp_sep = isa[104];
    ic.seg_term = isa[105];
    if (isa_element(isa, 5, ic.elem_sep, ic.sender, sizeof ic.sender) != 0
        || isa_element(isa, 7, ic.elem_sep, ic.receiver, sizeof ic.receiver) != 0
        || isa_element(isa, 12, ic.elem_sep, ic.control, sizeof ic.control) != 0) {
        fprintf(stderr, "malformed ISA segment\n");
        return 1;
    }
    while ((rc = read_segment(stdin, ic.seg_term, seg, sizeof seg)) > 0) {
        ne = split_elements(seg, ic.elem_sep, el, MAX_ELEMS);
        ic.segments++;
        if (strcmp(el[0], "GS") == 0) {
            ic.groups++;
        } else if (strcmp(el[0], "ST") == 0 && ne > 1) {
            ic.sets++;
            st_segs = 1;
            count_set(el[1]);
        } else if (strcmp(el[0], "SE") == 0 && ne > 1) {
            if (atoi(el[1]) != st_segs + 1)
                ic.errors++;
            st_segs = 0;
        } else if (strcmp(el[0], "IEA") == 0 && ne > 2) {
            if (atoi(el[2]) != atoi(ic.control))
                ic.errors++;
        } else if (st_segs > 0) {
            st_segs++;
        }
    }
    if (rc < 0)
        ic.errors++;
    printf("INTERCHANGE %s FROM %-15s TO %-15s\n", ic.control, ic.sender, ic.receiver);
    printf("  %d groups, %d transaction sets, %d segments, %d errors\n",
           ic.groups, ic.sets, ic.segments, ic.errors);
    for (i = 0; i < nset_types; i++)
        printf("  SET %s x %d\n", set_types[i].id, set_types[i].n);
    return ic.errors ? 2 : 0;
}
