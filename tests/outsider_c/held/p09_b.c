#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FLOORS 32
#define MAX_REQ 1024

struct request {
    int t_call;
    int t_pickup;
    int from;
    int to;
};

struct floor_stats {
    int calls;
    int max_wait;
    double mean_wait;
};

static int read_requests(FILE *fp, struct request *req, int max)
{
    char line[96];
    int n = 0;

    while (n < max && fgets(line, sizeof(line), fp)) {
        struct request r;
        if (sscanf(line, "%d %d %d %d", &r.t_call, &r.t_pickup, &r.from, &r.to) != 4)
            continue;
        if (r.from < 0 || r.from >= FLOORS || r.to < 0 || r.to >= FLOORS)
            continue;
        if (r.t_pickup < r.t_call)
            continue;
        req[n++] = r;
    }
    return n;
}

void compute_floor_stats(const struct request *req, int n, struct floor_stats *out)
{
    int f, i;

    for (f = 0; f < FLOORS; f++) {
        long total;
        int calls = 0, worst = 0;

        for (i = 0; i < n; i++) {
            int w;
            if (req[i].from != f)
                continue;
            w = req[i].t_pickup - req[i].t_call;
            total += w;
            calls++;
            if (w > worst)
                worst = w;
        }
        out[f].calls = calls;
        out[f].max_wait = worst;
        out[f].mean_wait = calls ? (double)total / calls : 0.0;
    }
}

static int busiest_floor(const struct floor_stats *st)
{
    int f, best = 0;
    for (f = 1; f < FLOORS; f++)
        if (st[f].calls > st[best].calls)
            best = f;
    return best;
}

int main(int argc, char **argv)
{
    static struct request req[MAX_REQ];
    struct floor_stats st[FLOORS];
    FILE *fp = stdin;
    char label[32];
    int n, f;

    if (argc > 1) {
        fp = fopen(argv[1], "r");
        if (!fp) {
            perror(argv[1]);
            return 1;
        }
    }
    n = read_requests(fp, req, MAX_REQ);
    if (fp != stdin)
        fclose(fp);
    compute_floor_stats(req, n, st);
    for (f = 0; f < FLOORS; f++) {
        if (!st[f].calls)
            continue;
        if (f == 0)
            strcpy(label, "lobby");
        else
            sprintf(label, "floor %d", f);
        printf("%-10s calls=%4d mean=%7.2f max=%5d\n", label, st[f].calls, st[f].mean_wait,
               st[f].max_wait);
    }
    if (n > 0)
        printf("busiest: %d\n", busiest_floor(st));
    return 0;
}
