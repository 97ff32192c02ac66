#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define LINELEN 1024

struct vec3 {
    double x, y, z;
};

struct mesh {
    struct vec3 *verts;
    int nverts, capv;
    int (*faces)[3];
    int nfaces, capf;
};

static char line[LINELEN];

static void *grow(void *p, int *cap, size_t elsz)
{
    int ncap = *cap ? *cap * 2 : 64;
    void *q = realloc(p, (size_t)ncap * elsz);

    if (!q) {
        fprintf(stderr, "objinfo: out of memory\n");
        exit(1);
    }
    *cap = ncap;
    return q;
}

static int parse_index(const char *tok, int nverts)
{
    int v = atoi(tok);

    if (v < 0)
        v = nverts + v + 1;
    if (v < 1 || v > nverts)
        return -1;
    return v - 1;
}

static int add_face(struct mesh *m, char *args, long lineno)
{
    char *tok;
    int idx[3], n = 0;

    for (tok = strtok(args, " \t\r\n"); tok && n < 3; tok = strtok(NULL, " \t\r\n")) {
        idx[n] = parse_index(tok, m->nverts);
        if (idx[n] < 0)
            break;
        n++;
    }
    if (n != 3) {
        fprintf(stderr, "objinfo: invalid face on line %ld\n", lineno);
        free(m->faces);
        return -1;
    }
    if (m->nfaces == m->capf)
        m->faces = grow(m->faces, &m->capf, sizeof(*m->faces));
    memcpy(m->faces[m->nfaces++], idx, sizeof(idx));
    return 0;
}

static int load_obj(struct mesh *m, FILE *fp)
{
    long lineno = 0;
    struct vec3 v;

    while (fgets(line, sizeof(line), fp)) {
        lineno++;
        if (strncmp(line, "v ", 2) == 0) {
            if (sscanf(line + 2, "%lf %lf %lf", &v.x, &v.y, &v.z) != 3) {
                fprintf(stderr, "objinfo: invalid vertex on line %ld\n", lineno);
                return -1;
            }
            if (m->nverts == m->capv)
                m->verts = grow(m->verts, &m->capv, sizeof(*m->verts));
            m->verts[m->nverts++] = v;
        } else if (strncmp(line, "f ", 2) == 0) {
            if (add_face(m, line + 2, lineno) < 0)
                return -1;
        }
    }
    return 0;
}

static double surface_area(const struct mesh *m)
{
    double area = 0.0;
    int i;

    for (i = 0; i < m->nfaces; i++) {
        const struct vec3 *a = &m->verts[m->faces[i][0]];
        const struct vec3 *b = &m->verts[m->faces[i][1]];
        const struct vec3 *c = &m->verts[m->faces[i][2]];
        double ux = b->x - a->x, uy = b->y - a->y, uz = b->z - a->z;
        double vx = c->x - a->x, vy = c->y - a->y, vz = c->z - a->z;
        double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
        area += 0.5 * sqrt(cx * cx + cy * cy + cz * cz);
    }
    return area;
}

static void mesh_free(struct mesh *m)
{
    free(m->verts);
    free(m->faces);
    m->verts = NULL;
    m->faces = NULL;
}

int main(int argc, char **argv)
{
    struct mesh m;
    FILE *fp;
    int rc;

    if (argc != 2) {
        fprintf(stderr, "usage: %s model.obj\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    memset(&m, 0, sizeof(m));
    rc = load_obj(&m, fp);
    fclose(fp);
    if (rc == 0)
        printf("vertices\t%d\nfaces\t%d\narea\t%.6f\n", m.nverts, m.nfaces, surface_area(&m));
    mesh_free(&m);
    return rc == 0 ? 0 : 1;
}
