#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>

#define CMD_MAX 1024

struct print_job {
    const char *printer;
    const char *file;
    int copies;
    int duplex;
    int landscape;
};

static void usage(const char *prog)
{
    fprintf(stderr, "usage: %s [-P printer] [-n copies] [-d] [-l] file...\n", prog);
}

static int build_command(const struct print_job *job, char *cmd, size_t len)
{
    int n;
    char opts[64] = "";

    if (job->duplex)
        strcat(opts, " -o sides=two-sided-long-edge");
    if (job->landscape)
        strcat(opts, " -o landscape");
    n = snprintf(cmd, len, "lpr -P %s -# %d%s %s", job->printer, job->copies, opts, job->file);
    return (n < 0 || (size_t)n >= len) ? -1 : 0;
}

int submit_job(const struct print_job *job)
{
    char cmd[CMD_MAX];
    int rc;

    if (access(job->file, R_OK) != 0) {
        perror(job->file);
        return -1;
    }
    if (build_command(job, cmd, sizeof(cmd)) != 0)
        return -1;
    rc = system(cmd);
    if (rc != 0)
        fprintf(stderr, "lpr exited with status %d\n", rc);
    return rc == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    struct print_job job;
    const char *env;
    int opt, failures = 0;

    memset(&job, 0, sizeof(job));
    job.copies = 1;
    env = getenv("PRINTER");
    job.printer = env ? env : "default";

    while ((opt = getopt(argc, argv, "P:n:dl")) != -1) {
        switch (opt) {
        case 'P':
            job.printer = optarg;
            break;
        case 'n':
            job.copies = atoi(optarg);
            if (job.copies < 1 || job.copies > 99)
                job.copies = 1;
            break;
        case 'd':
            job.duplex = 1;
            break;
        case 'l':
            job.landscape = 1;
            break;
        default:
            usage(argv[0]);
            return 2;
        }
    }
    if (optind >= argc) {
        usage(argv[0]);
        return 2;
    }
    for (; optind < argc; optind++) {
        job.file = argv[optind];
        if (submit_job(&job) != 0)
            failures++;
    }
    return failures ? 1 : 0;
}
