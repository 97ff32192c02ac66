#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>

struct qp_state {
    int in_body;
    int encoded;
    unsigned long decoded;
};

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = toupper(c);
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

size_t qp_decode_line(const char *in, size_t inlen, char *out, size_t outsz, int *soft)
{
    size_t i = 0, o = 0;

    *soft = 0;
    while (inlen > 0 && (in[inlen - 1] == '\n' || in[inlen - 1] == '\r'))
        inlen--;
    while (inlen > 0 && (in[inlen - 1] == ' ' || in[inlen - 1] == '\t'))
        inlen--;
    if (outsz == 0)
        return 0;
    while (i < inlen && o + 1 < outsz) {
        if (in[i] == '=') {
            int hi, lo;
            if (i + 1 == inlen) {
                *soft = 1;
                break;
            }
            if (i + 2 < inlen) {
                hi = hexval((unsigned char)in[i + 1]);
                lo = hexval((unsigned char)in[i + 2]);
                if (hi >= 0 && lo >= 0) {
                    out[o++] = (char)(hi * 16 + lo);
                    i += 3;
                    continue;
                }
            }
            out[o++] = in[i++];
        } else {
            out[o++] = in[i++];
        }
    }
    out[o] = '\0';
    return o;
}

static void handle_header(struct qp_state *st, const char *line)
{
    const char *p;

    if (strncasecmp(line, "Content-Transfer-Encoding:", 26) != 0)
        return;
    p = line + 26;
    while (*p == ' ' || *p == '\t')
        p++;
    st->encoded = strncasecmp(p, "quoted-printable", 16) == 0;
}

int main(int argc, char **argv)
{
    struct qp_state st;
    char line[1024];
    char text[256];
    FILE *in;
    int soft;
    size_t n;

    if (argc != 2) {
        fprintf(stderr, "usage: %s message.eml\n", argv[0]);
        return 2;
    }
    in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    memset(&st, 0, sizeof(st));
    while (fgets(line, sizeof(line), in)) {
        if (!st.in_body) {
            if (line[0] == '\n' || strcmp(line, "\r\n") == 0)
                st.in_body = 1;
            else
                handle_header(&st, line);
            continue;
        }
        if (!st.encoded) {
            fputs(line, stdout);
            continue;
        }
        n = qp_decode_line(line, strlen(line), text, sizeof(text), &soft);
        st.decoded += n;
        fputs(text, stdout);
        if (!soft)
            fputc('\n', stdout);
    }
    fclose(in);
    fprintf(stderr, "%lu bytes decoded\n", st.decoded);
    return 0;
}
