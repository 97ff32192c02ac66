#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct frame {
    uint16_t len;
    unsigned char body[1024];
};

int read_frame(FILE *in, unsigned char *out)
{
    struct frame f;
    unsigned char payload[128];

    if (fread(&f, sizeof f, 1, in) != 1)
        return -1;
    memcpy(payload, f.body, f.len);
    memcpy(out, payload, sizeof payload);
    return f.len;
}
