#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LOG_INFO, LOG_WARN, LOG_ERR };

static const char *progname = "unhex";
static const char *level_names[] = { "info", "warning", "error" };

static void log_msg(int level, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "%s: %s: ", progname, level_names[level]);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int hex_decode(const char *s, size_t len, uint8_t *out, size_t cap, size_t *outlen)
{
    size_t i = 0, n = 0;
    int hi, lo;

    while (i < len) {
        if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
            i++;
            continue;
        }
        if (s[i] == '#')
            break;
        if (i + 1 >= len)
            return -1;
        hi = hexval((unsigned char)s[i]);
        lo = hexval((unsigned char)s[i + 1]);
        if (hi < 0 || lo < 0 || n >= cap)
            return -1;
        out[n++] = (uint8_t)(hi << 4 | lo);
        i += 2;
    }
    *outlen = n;
    return 0;
}

static void hex_line(char *dst, size_t dstsz, const uint8_t *p, size_t n, unsigned long off)
{
    size_t used = (size_t)snprintf(dst, dstsz, "%08lx:", off);

    for (size_t i = 0; i < n && used + 4 < dstsz; i++)
        used += (size_t)sprintf(dst + used, " %02x", p[i]);
}

int main(int argc, char **argv)
{
    char line[512], msg[600], dump[128];
    uint8_t bytes[256];
    size_t len, n;
    unsigned long lineno = 0, total = 0;
    int errors = 0, verbose = 0;
    FILE *in = stdin, *out = stdout;

    if (argc > 1 && strcmp(argv[1], "-v") == 0) {
        verbose = 1;
        argc--;
        argv++;
    }
    if (argc > 1 && (in = fopen(argv[1], "r")) == NULL) {
        log_msg(LOG_ERR, "cannot open %s", argv[1]);
        return 1;
    }
    if (argc > 2 && (out = fopen(argv[2], "wb")) == NULL) {
        log_msg(LOG_ERR, "cannot create %s", argv[2]);
        return 1;
    }

    while (fgets(line, sizeof(line), in) != NULL) {
        lineno++;
        len = strlen(line);
        if (hex_decode(line, len, bytes, sizeof(bytes), &n) != 0) {
            line[strcspn(line, "\r\n")] = '\0';
            snprintf(msg, sizeof(msg), "line %lu: invalid hex data '%s'", lineno, line);
            log_msg(LOG_WARN, msg);
            errors++;
            continue;
        }
        if (verbose && n > 0) {
            hex_line(dump, sizeof(dump), bytes, n < 16 ? n : 16, total);
            log_msg(LOG_INFO, "%s", dump);
        }
        fwrite(bytes, 1, n, out);
        total += n;
    }
    if (in != stdin)
        fclose(in);
    if (out != stdout)
        fclose(out);
    log_msg(LOG_INFO, "%lu bytes written, %d rejected lines", total, errors);
    return errors ? 1 : 0;
}
