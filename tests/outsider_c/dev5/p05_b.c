#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define FITS_CARD     80
#define FITS_BLOCK    2880
#define FITS_MAXAXES  8
#define FITS_MAXBLOCKS 64

typedef enum {
    FITS_OK = 0,
    FITS_ERR_IO,
    FITS_ERR_NOMEM,
    FITS_ERR_FORMAT,
    FITS_ERR_AXIS
} fits_status;

typedef struct fits_card {
    char key[9];
    char value[72];
} fits_card;

typedef struct fits_header {
    fits_card *cards;
    size_t ncards;
    size_t cap;
    int bitpix;
    int naxis;
    long axes[FITS_MAXAXES];
} fits_header;

static inline void rtrim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && s[n - 1] == ' ')
        s[--n] = '\0';
}

static fits_status fits_reserve(fits_header *h, size_t extra)
{
    size_t ncap;
    fits_card *p;

    if (h->ncards + extra <= h->cap)
        return FITS_OK;
    ncap = h->cap ? h->cap * 2 : 36;
    while (ncap < h->ncards + extra)
        ncap *= 2;
    p = realloc(h->cards, ncap * sizeof(*p));
    if (!p)
        return FITS_ERR_NOMEM;
    h->cards = p;
    h->cap = ncap;
    return FITS_OK;
}

void fits_header_destroy(fits_header *h)
{
    if (!h)
        return;
    free(h->cards);
    free(h);
}

static fits_status fits_add_card(fits_header *h, const char *raw)
{
    fits_card *c;

    if (fits_reserve(h, 1) != FITS_OK)
        return FITS_ERR_NOMEM;
    c = &h->cards[h->ncards++];
    memcpy(c->key, raw, 8);
    c->key[8] = '\0';
    rtrim(c->key);
    if (raw[8] == '=' && raw[9] == ' ')
        memcpy(c->value, raw + 10, 70);
    else
        memset(c->value, ' ', 70);
    c->value[70] = '\0';
    rtrim(c->value);
    if (strcmp(c->key, "BITPIX") == 0)
        h->bitpix = atoi(c->value);
    else if (strcmp(c->key, "NAXIS") == 0)
        h->naxis = atoi(c->value);
    else if (strncmp(c->key, "NAXIS", 5) == 0 && isdigit((unsigned char)c->key[5])) {
        int i = atoi(c->key + 5);
        if (i >= 1 && i <= FITS_MAXAXES)
            h->axes[i - 1] = atol(c->value);
    }
    return FITS_OK;
}

fits_status fits_header_read(FILE *fp, fits_header **out)
{
    char block[FITS_BLOCK];
    size_t i, nblocks = 0;
    fits_status st = FITS_ERR_FORMAT;
    fits_header *h = malloc(sizeof(*h));

    if (!h)
        return FITS_ERR_NOMEM;
    h->cards = NULL;
    h->ncards = h->cap = 0;
    h->bitpix = h->naxis = 0;
    memset(h->axes, 0, sizeof(h->axes));
    while (nblocks++ < FITS_MAXBLOCKS) {
        if (fread(block, 1, sizeof(block), fp) != sizeof(block)) {
            st = FITS_ERR_IO;
            goto fail;
        }
        for (i = 0; i < FITS_BLOCK; i += FITS_CARD) {
            if (memcmp(block + i, "END     ", 8) == 0) {
                *out = h;
                return FITS_OK;
            }
            st = fits_add_card(h, block + i);
            if (st != FITS_OK)
                goto fail;
        }
    }
    st = FITS_ERR_FORMAT;
fail:
    fits_header_destroy(h);
    return st;
}

fits_status fits_data_size(const fits_header *h, size_t *out)
{
    size_t total;
    int i;

    if (h->naxis < 0 || h->naxis > FITS_MAXAXES)
        return FITS_ERR_AXIS;
    if (h->bitpix != 8 && h->bitpix != 16 && h->bitpix != 32 &&
        h->bitpix != -32 && h->bitpix != -64)
        return FITS_ERR_FORMAT;
    total = h->naxis ? (size_t)abs(h->bitpix) / 8 : 0;
    for (i = 0; i < h->naxis; i++) {
        if (h->axes[i] <= 0)
            return FITS_ERR_AXIS;
        total *= (size_t)h->axes[i];
    }
    *out = total;
    return FITS_OK;
}

int main(int argc, char **argv)
{
    fits_header *h = NULL;
    size_t size;
    FILE *fp;
    fits_status st;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.fits\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    st = fits_header_read(fp, &h);
    fclose(fp);
    if (st != FITS_OK) {
        fprintf(stderr, "%s: invalid header (%d)\n", argv[1], (int)st);
        return 1;
    }
    printf("%zu cards, BITPIX=%d NAXIS=%d\n", h->ncards, h->bitpix, h->naxis);
    st = fits_data_size(h, &size);
    if (st == FITS_OK)
        printf("data: %zu bytes in %zu blocks\n", size, (size + FITS_BLOCK - 1) / FITS_BLOCK);
    else
        fprintf(stderr, "%s: cannot size data (%d)\n", argv[1], (int)st);
    fits_header_destroy(h);
    return st == FITS_OK ? 0 : 1;
}
