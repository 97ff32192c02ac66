#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PARTICLES 256
#define MAX_TRAIL 32

typedef struct {
    float x, y, vx, vy;
    int life;
    int active;
    float *trail;
    int trail_len, trail_pos;
} Particle;

static Particle parts[MAX_PARTICLES];
static int live;
static unsigned rng = 12345;

static float frand(void)
{
    rng = rng * 1103515245u + 12345u;
    return (float)((rng >> 8) & 0xFFFF) / 65535.0f - 0.5f;
}

static void particle_kill(Particle *p)
{
    free(p->trail);
    p->active = 0;
    live--;
}

int emit(float x, float y, int n, int life, int trail_len)
{
    int spawned = 0;
    if (trail_len < 0 || trail_len > MAX_TRAIL)
        trail_len = 0;
    for (int i = 0; i < MAX_PARTICLES && spawned < n; i++) {
        Particle *p = &parts[i];
        if (p->active)
            continue;
        memset(p, 0, sizeof *p);
        p->x = x;
        p->y = y;
        p->vx = frand() * 4.0f;
        p->vy = frand() * 4.0f - 2.0f;
        p->life = life;
        p->active = 1;
        if (trail_len > 0) {
            p->trail = calloc((size_t)trail_len * 2, sizeof(float));
            if (!p->trail) {
                p->active = 0;
                break;
            }
            p->trail_len = trail_len;
        }
        live++;
        spawned++;
    }
    return spawned;
}

void tick(int steps)
{
    while (steps-- > 0) {
        for (int i = 0; i < MAX_PARTICLES; i++) {
            Particle *p = &parts[i];
            if (!p->active)
                continue;
            if (p->trail) {
                p->trail[p->trail_pos * 2] = p->x;
                p->trail[p->trail_pos * 2 + 1] = p->y;
                p->trail_pos = (p->trail_pos + 1) % p->trail_len;
            }
            p->vy += 0.1f;
            p->x += p->vx;
            p->y += p->vy;
            if (--p->life <= 0)
                particle_kill(p);
        }
    }
}

void pool_shutdown(void)
{
    for (int i = 0; i < MAX_PARTICLES; i++) {
        free(parts[i].trail);
        parts[i].trail = NULL;
        parts[i].active = 0;
    }
    live = 0;
}

int main(int argc, char **argv)
{
    char line[128];
    FILE *in = stdin;
    char status[48];

    if (argc > 1 && !(in = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof line, in)) {
        float x, y;
        int n, life, trail, steps;
        if (sscanf(line, "emit %f %f %d %d %d", &x, &y, &n, &life, &trail) == 5)
            emit(x, y, n, life, trail);
        else if (sscanf(line, "tick %d", &steps) == 1)
            tick(steps);
        else if (strncmp(line, "quit", 4) == 0)
            break;
        sprintf(status, "live=%d", live);
        puts(status);
    }
    if (in != stdin)
        fclose(in);
    pool_shutdown();
    return 0;
}
