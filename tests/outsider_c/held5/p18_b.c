#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum col_kind { COL_PID, COL_PPID, COL_STATE, COL_RSS, COL_COMM };

struct column {
    enum col_kind kind;
    char *title;
    int width;
};

struct proc_info {
    long pid, ppid, rss;
    char state;
    char comm[64];
};

static const struct {
    const char *name;
    enum col_kind kind;
    int width;
} known[] = {
    { .name = "pid", .kind = COL_PID, .width = 7 },
    { .name = "ppid", .kind = COL_PPID, .width = 7 },
    { .name = "s", .kind = COL_STATE, .width = 2 },
    { .name = "rss", .kind = COL_RSS, .width = 8 },
    { .name = "comm", .kind = COL_COMM, .width = 16 },
};

static int parse_columns(const char *spec, struct column *cols, size_t max)
{
    char *copy = strdup(spec);
    if (!copy)
        return -1;
    int n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        if (eq)
            *eq = '\0';
        size_t k = 0;
        while (k < sizeof known / sizeof known[0] && strcmp(known[k].name, tok) != 0)
            k++;
        if (k == sizeof known / sizeof known[0] || (size_t)n == max)
            goto fail;
        char *title = strdup(eq ? eq + 1 : tok);
        if (!title)
            goto fail;
        for (char *p = title; !eq && *p; p++)
            *p = (char)toupper((unsigned char)*p);
        cols[n++] = (struct column){ .kind = known[k].kind, .title = title, .width = known[k].width };
    }
    free(copy);
    return n;
fail:
    while (n > 0)
        free(cols[--n].title);
    free(copy);
    return -1;
}

static bool read_proc(const char *pid, struct proc_info *pi)
{
    char path[288];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    FILE *fp = fopen(path, "r");
    if (!fp)
        return false;
    char buf[512];
    const bool got = fgets(buf, sizeof buf, fp) != NULL;
    fclose(fp);
    if (!got)
        return false;
    const char *lp = strchr(buf, '('), *rp = strrchr(buf, ')');
    if (!lp || !rp || rp < lp)
        return false;
    const size_t cl = (size_t)(rp - lp - 1) < sizeof pi->comm - 1 ? (size_t)(rp - lp - 1) : sizeof pi->comm - 1;
    memcpy(pi->comm, lp + 1, cl);
    pi->comm[cl] = '\0';
    pi->pid = atol(buf);
    long skip;
    return sscanf(rp + 1, " %c %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld",
                  &pi->state, &pi->ppid, &skip, &skip, &skip, &skip, &skip, &skip, &skip, &skip, &skip,
                  &skip, &skip, &skip, &skip, &skip, &skip, &skip, &skip, &skip, &skip, &pi->rss) == 22;
}

void print_header(FILE *out, const struct column *cols, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const int w = fprintf(out, "%s", cols[i].title);
        fprintf(out, "%*s", w < cols[i].width ? cols[i].width - w + 1 : 1, "");
    }
    fputc('\n', out);
}

static void print_row(const struct proc_info *pi, const struct column *cols, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const int w = cols[i].width;
        switch (cols[i].kind) {
        case COL_PID: printf("%-*ld ", w, pi->pid); break;
        case COL_PPID: printf("%-*ld ", w, pi->ppid); break;
        case COL_STATE: printf("%-*c ", w, pi->state); break;
        case COL_RSS: printf("%-*ld ", w, pi->rss); break;
        case COL_COMM: printf("%-*s ", w, pi->comm); break;
        }
    }
    putchar('\n');
}

int main(int argc, char **argv)
{
    const char *spec = argc > 2 && strcmp(argv[1], "-o") == 0 ? argv[2] : "pid,ppid,s,rss,comm";
    struct column cols[16];
    const int n = parse_columns(spec, cols, 16);
    if (n <= 0) {
        fprintf(stderr, "unknown column list: %s\n", spec);
        return 2;
    }
    DIR *d = opendir("/proc");
    if (!d)
        return 1;
    print_header(stdout, cols, (size_t)n);
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (!isdigit((unsigned char)de->d_name[0]))
            continue;
        struct proc_info pi = { .pid = 0, .state = '?' };
        if (read_proc(de->d_name, &pi))
            print_row(&pi, cols, (size_t)n);
    }
    closedir(d);
    for (int i = 0; i < n; i++)
        free(cols[i].title);
    return 0;
}
