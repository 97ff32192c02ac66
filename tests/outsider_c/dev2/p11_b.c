#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

struct utf8_stats {
    size_t bytes;
    size_t codepoints;
    size_t lines;
    size_t invalid;
    size_t first_invalid;
    size_t by_len[5];
};

static int seq_len(unsigned char c)
{
    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0)
        return 2;
    if ((c & 0xF0) == 0xE0)
        return 3;
    if ((c & 0xF8) == 0xF0)
        return 4;
    return 0;
}

int utf8_decode(const unsigned char *s, size_t avail, uint32_t *cp)
{
    int n, k;
    uint32_t v;

    if (avail == 0)
        return -1;
    n = seq_len(s[0]);
    if (n == 0)
        return -1;
    if ((size_t)n > avail)
        return -1;
    v = n == 1 ? s[0] : (uint32_t)(s[0] & (0xFF >> (n + 1)));
    for (k = 1; k < n; k++) {
        if ((s[k] & 0xC0) != 0x80)
            return -1;
        v = (v << 6) | (s[k] & 0x3F);
    }
    if ((n == 2 && v < 0x80) || (n == 3 && v < 0x800) || (n == 4 && v < 0x10000))
        return -1;
    if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return -1;
    *cp = v;
    return n;
}

void utf8_scan(const unsigned char *buf, size_t len, struct utf8_stats *st)
{
    size_t i = 0;

    memset(st, 0, sizeof(*st));
    st->bytes = len;
    while (i < len) {
        uint32_t cp;
        int r = utf8_decode(buf + i, len - i, &cp);

        if (r < 0) {
            if (st->invalid++ == 0)
                st->first_invalid = i;
            i++;
            continue;
        }
        if (cp == '\n')
            st->lines++;
        st->codepoints++;
        st->by_len[r]++;
        i += (size_t)r;
    }
}

static unsigned char *read_all(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    unsigned char *buf = NULL;
    long sz;

    if (!fp)
        return NULL;
    if (fseek(fp, 0, SEEK_END) != 0 || (sz = ftell(fp)) <= 0 || fseek(fp, 0, SEEK_SET) != 0)
        goto out;
    buf = malloc((size_t)sz);
    if (buf && fread(buf, 1, (size_t)sz, fp) != (size_t)sz) {
        free(buf);
        buf = NULL;
        goto out;
    }
    *len = (size_t)sz;
out:
    fclose(fp);
    return buf;
}

int main(int argc, char **argv)
{
    struct utf8_stats st;
    unsigned char *buf;
    size_t len = 0;
    char where[32];
    int i, rc = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s file...\n", argv[0]);
        return 2;
    }
    for (i = 1; i < argc; i++) {
        buf = read_all(argv[i], &len);
        if (!buf) {
            fprintf(stderr, "%s: cannot read\n", argv[i]);
            rc = 1;
            continue;
        }
        utf8_scan(buf, len, &st);
        strcpy(where, "-");
        if (st.invalid)
            sprintf(where, "%zu", st.first_invalid);
        printf("%s: %zu bytes, %zu chars, %zu lines, ascii=%zu 2b=%zu 3b=%zu 4b=%zu invalid=%zu first=%s\n",
               argv[i], st.bytes, st.codepoints, st.lines, st.by_len[1], st.by_len[2],
               st.by_len[3], st.by_len[4], st.invalid, where);
        if (st.invalid)
            rc = 1;
        free(buf);
    }
    return rc;
}
