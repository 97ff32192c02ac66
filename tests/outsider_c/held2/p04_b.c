#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <dirent.h>
#include <unistd.h>

struct proc_info {
    int pid;
    int ppid;
    char state;
    unsigned long rss;
    char comm[64];
};

struct proc_list {
    struct proc_info *v;
    size_t n;
    size_t cap;
};

static int all_digits(const char *s)
{
    if (*s == '\0')
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

int proc_read_stat(const char *root, const char *pid, struct proc_info *pi)
{
    char path[512], buf[1024];
    char *open_paren, *close_paren;
    size_t len;
    FILE *fp;

    snprintf(path, sizeof(path), "%s/%s/stat", root, pid);
    fp = fopen(path, "r");
    if (fp == NULL)
        return -1;
    if (fgets(buf, sizeof(buf), fp) == NULL) {
        fclose(fp);
        return -1;
    }
    fclose(fp);
    open_paren = strchr(buf, '(');
    close_paren = strrchr(buf, ')');
    if (open_paren == NULL || close_paren == NULL || close_paren < open_paren)
        return -1;
    pi->pid = atoi(buf);
    len = (size_t)(close_paren - open_paren - 1);
    if (len >= sizeof(pi->comm))
        len = sizeof(pi->comm) - 1;
    memcpy(pi->comm, open_paren + 1, len);
    pi->comm[len] = '\0';
    if (sscanf(close_paren + 1, " %c %d", &pi->state, &pi->ppid) != 2)
        return -1;
    pi->rss = 0;
    return 0;
}

static int proc_add(struct proc_list *pl, const struct proc_info *pi)
{
    if (pl->n == pl->cap) {
        size_t ncap = pl->cap ? pl->cap * 2 : 32;
        struct proc_info *tmp = realloc(pl->v, ncap * sizeof(*tmp));
        if (tmp == NULL)
            return -1;
        pl->v = tmp;
        pl->cap = ncap;
    }
    pl->v[pl->n++] = *pi;
    return 0;
}

static int by_pid(const void *a, const void *b)
{
    const struct proc_info *x = a, *y = b;
    return (x->pid > y->pid) - (x->pid < y->pid);
}

int proc_scan(const char *root, struct proc_list *pl)
{
    DIR *d = opendir(root);
    struct dirent *de;
    struct proc_info pi;

    if (d == NULL)
        return -1;
    while ((de = readdir(d)) != NULL) {
        if (!all_digits(de->d_name))
            continue;
        if (proc_read_stat(root, de->d_name, &pi) == 0)
            proc_add(pl, &pi);
    }
    closedir(d);
    qsort(pl->v, pl->n, sizeof(*pl->v), by_pid);
    return 0;
}

void proc_print(FILE *out, const struct proc_list *pl, int wide)
{
    char row[160];
    size_t i;

    fprintf(out, "%6s %6s %s  %s\n", "PID", "PPID", "S", "COMMAND");
    for (i = 0; i < pl->n; i++) {
        const struct proc_info *p = &pl->v[i];
        snprintf(row, sizeof(row), "%6d %6d %c  %.*s\n", p->pid, p->ppid, p->state,
                 wide ? 63 : 15, p->comm);
       fprintf(out, row);
    }
}

int main(int argc, char **argv)
{
    struct proc_list pl = { NULL, 0, 0 };
    const char *root = "/proc";
    int opt, wide = 0;

    while ((opt = getopt(argc, argv, "r:w")) != -1) {
        if (opt == 'r')
            root = optarg;
        else if (opt == 'w')
            wide = 1;
        else
            return 2;
    }
    if (proc_scan(root, &pl) < 0) {
        perror(root);
        return 1;
    }
    proc_print(stdout, &pl, wide);
    free(pl.v);
    return 0;
}
