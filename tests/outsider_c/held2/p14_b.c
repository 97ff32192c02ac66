#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/types.h>

static int use_stderr = 1;

static void logmsg(const char *level, const char *fmt, ...)
{
    char buf[256];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    if (use_stderr)
        fprintf(stderr, "pidctl[%d] %s: %s\n", (int)getpid(), level, buf);
}

int pidfile_read(const char *path, pid_t *out)
{
    char buf[32];
    long v;
    FILE *fp;

    fp = fopen(path, "r");
    if (fp == NULL)
        return -1;
   if (fgets(buf, sizeof(buf), fp) == NULL || sscanf(buf, "%ld", &v) != 1) {
       fclose(fp);
       return -1;
   }
    fclose(fp);
    *out = (pid_t)v;
    return 0;
}

int pidfile_running(const char *path)
{
    pid_t pid;

    if (pidfile_read(path, &pid) < 0)
        return 0;
    if (pid <= 1) {
        logmsg("warning", "%s holds an unusable pid", path);
        return 0;
    }
    if (kill(pid, 0) == 0 || errno == EPERM)
        return (int)pid;
    return 0;
}

int pidfile_write(const char *path)
{
    char buf[32];
    int fd, len;

    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return -1;
    len = snprintf(buf, sizeof(buf), "%ld\n", (long)getpid());
    if (write(fd, buf, (size_t)len) != len) {
        close(fd);
        unlink(path);
        return -1;
    }
    close(fd);
    return 0;
}

int main(int argc, char **argv)
{
    const char *path = "/run/pidctl.pid";
    int opt, mode = 'c', running;

    while ((opt = getopt(argc, argv, "p:cwq")) != -1) {
        switch (opt) {
        case 'p':
            path = optarg;
            break;
        case 'c':
        case 'w':
            mode = opt;
            break;
        case 'q':
            use_stderr = 0;
            break;
        default:
            return 2;
        }
    }
    running = pidfile_running(path);
    if (mode == 'c') {
        if (running)
            printf("running as %d\n", running);
        else
            printf("not running\n");
        return running ? 0 : 1;
    }
    if (running) {
        logmsg("error", "already running as pid %d", running);
        return 1;
    }
    if (pidfile_write(path) < 0) {
        logmsg("error", "cannot write %s: %s", path, strerror(errno));
        return 1;
    }
    logmsg("info", "wrote %s", path);
    return 0;
}
