#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <stdint.h>

#define CAN_EFF_FLAG 0x80000000u
#define CAN_MAX_DLEN 8

struct can_frame {
    uint32_t id;
    uint8_t dlc;
    uint8_t data[CAN_MAX_DLEN];
};

struct frame_stats {
    unsigned long frames;
    unsigned long errors;
    unsigned long ext;
};

static int hexnib(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

int can_parse(const char *s, struct can_frame *f)
{
    const char *hash = strchr(s, '#');
    size_t idlen;
    char idbuf[9];
    char *end;
    int hi, lo;

    if (!hash)
        return -1;
    idlen = (size_t)(hash - s);
    if (idlen != 3 && idlen != 8)
        return -1;
    memcpy(idbuf, s, idlen);
    idbuf[idlen] = '\0';
    f->id = (uint32_t)strtoul(idbuf, &end, 16);
    if (*end != '\0')
        return -1;
    if (idlen == 8)
        f->id |= CAN_EFF_FLAG;
    f->dlc = 0;
    s = hash + 1;
    while (*s && *s != '\n') {
        if (*s == '.') {
            s++;
            continue;
        }
        hi = hexnib((unsigned char)s[0]);
        lo = hi < 0 ? -1 : hexnib((unsigned char)s[1]);
        if (hi < 0 || lo < 0)
            return -1;
        f->data[f->dlc++] = (uint8_t)(hi << 4 | lo);
        s += 2;
    }
    return 0;
}

static void describe(const struct can_frame *f, char *out, size_t size)
{
    uint32_t id = f->id & ~CAN_EFF_FLAG;

    if (id == 0x0C0 && f->dlc >= 4)
        snprintf(out, size, "rpm=%u throttle=%u%%",
                 (unsigned)((f->data[0] << 8 | f->data[1]) / 4), f->data[2] * 100u / 255u);
    else if (id == 0x1A0 && f->dlc >= 2)
        snprintf(out, size, "speed=%u.%02u km/h",
                 (unsigned)(f->data[0] << 8 | f->data[1]) / 100,
                 (unsigned)(f->data[0] << 8 | f->data[1]) % 100);
    else
        snprintf(out, size, "raw");
}

int main(int argc, char **argv)
{
    struct frame_stats st = { 0, 0, 0 };
    char line[256], iface[17], frame[128], text[96];
    double ts;
    FILE *in = stdin;
    struct can_frame f;
    int i;

    if (argc > 1 && !(in = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof(line), in)) {
        if (sscanf(line, "(%lf) %16s %127s", &ts, iface, frame) != 3) {
            st.errors++;
            continue;
        }
        if (can_parse(frame, &f) != 0) {
            st.errors++;
            continue;
        }
        st.frames++;
        if (f.id & CAN_EFF_FLAG)
            st.ext++;
        describe(&f, text, sizeof(text));
        printf("%.6f %-6s %08X [%u]", ts, iface, (unsigned)(f.id & ~CAN_EFF_FLAG), f.dlc);
        for (i = 0; i < f.dlc; i++)
            printf(" %02X", f.data[i]);
        printf("  %s\n", text);
    }
    if (in != stdin)
        fclose(in);
    fprintf(stderr, "%lu frames (%lu extended), %lu errors\n", st.frames, st.ext, st.errors);
    return 0;
}
