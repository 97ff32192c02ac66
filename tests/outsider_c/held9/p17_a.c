#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IMG_SIZE   64
#define MAX_INPUT  4096

typedef struct {
    const char *key;
    uint8_t offset;
    uint8_t width;
    uint32_t max;
} field_t;

static const field_t fields[] = {
    { "node_addr",  0, 1, 247 },
    { "baud_idx",   1, 1, 7 },
    { "sample_ms",  2, 2, 60000 },
    { "tx_power",   4, 1, 20 },
    { "channel",    5, 1, 26 },
    { "alarm_low",  6, 2, 4095 },
    { "alarm_high", 8, 2, 4095 },
};

static const field_t *field_lookup(const char *key)
{
    for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
        if (strcmp(fields[i].key, key) == 0)
            return &fields[i];
    }
    return NULL;
}

static uint8_t image_sum(const uint8_t *img, size_t n)
{
    uint8_t s = 0;
    for (size_t i = 0; i < n; i++)
        s = (uint8_t)(s + img[i]);
    return (uint8_t)(0x100 - s);
}

int settings_from_text(const char *text, size_t len, uint8_t *img, size_t cap)
{
    char *copy, *line, *save = NULL;
    char key[16];
    unsigned long val;
    const field_t *f;

    if (cap < IMG_SIZE)
        return -1;
    copy = malloc(len + 1);
    if (copy == NULL)
        return -1;
    memcpy(copy, text, len);
    copy[len] = '\0';
    memset(img, 0xFF, IMG_SIZE);

    for (line = strtok_r(copy, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#' || line[0] == '\r' || line[0] == '\0')
            continue;
        if (sscanf(line, " %15[a-z_] = %lu", key, &val) != 2) {
            free(copy);
            return -1;
        }
        f = field_lookup(key);
        if (f == NULL || val > f->max) {
            fprintf(stderr, "rejected setting '%s'\n", key);
            free(copy);
            return -2;
        }
        img[f->offset] = (uint8_t)(val & 0xFF);
        if (f->width == 2)
            img[f->offset + 1] = (uint8_t)(val >> 8);
    }
    free(copy);
    img[IMG_SIZE - 1] = image_sum(img, IMG_SIZE - 1);
    return IMG_SIZE;
}

int main(int argc, char **argv)
{
    char *text;
    uint8_t img[IMG_SIZE];
    size_t n;
    FILE *fp;
    int rc;

    if (argc != 3) {
        fprintf(stderr, "usage: %s settings.txt out.bin\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "r");
    if (fp == NULL) {
        perror(argv[1]);
        return 1;
    }
    text = malloc(MAX_INPUT);
    if (text == NULL) {
        fclose(fp);
        return 1;
    }
    n = fread(text, 1, MAX_INPUT, fp);
    fclose(fp);
    rc = settings_from_text(text, n, img, sizeof(img));
    free(text);
    if (rc < 0) {
        fprintf(stderr, "conversion failed (%d)\n", rc);
        return 1;
    }
    fp = fopen(argv[2], "wb");
    if (fp == NULL) {
        perror(argv[2]);
        return 1;
    }
    fwrite(img, 1, (size_t)rc, fp);
    fclose(fp);
    return 0;
}
