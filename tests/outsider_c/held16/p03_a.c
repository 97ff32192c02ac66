#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define HDR_OFF 0x100
#define HDR_END 0x150

typedef struct {
    uint8_t entry[4];
    uint8_t logo[48];
    char title[16];
    char licensee[2];
    uint8_t sgb;
    uint8_t cart_type;
    uint8_t rom_code;
    uint8_t ram_code;
    uint8_t dest;
    uint8_t old_lic;
    uint8_t version;
    uint8_t hchk;
    uint8_t gchk[2];
} GbHeader;

static uint8_t *rom;
static size_t rom_size;

static const char *cart_types[] = {
    "ROM", "MBC1", "MBC1+RAM", "MBC1+RAM+BAT", "?", "MBC2", "MBC2+BAT"
};

static const unsigned ram_kb[] = { 0, 2, 8, 32, 128, 64 };

int rom_load(const char *path)
{
    FILE *f = fopen(path, "rb");
    long len;

    if (!f)
        return -1;
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (len < HDR_END || len > 8L * 1024 * 1024) {
        fclose(f);
        return -1;
    }
    rom = malloc((size_t)len);
    if (!rom || fread(rom, 1, (size_t)len, f) != (size_t)len) {
        fclose(f);
        free(rom);
        rom = NULL;
        return -1;
    }
    rom_size = (size_t)len;
    fclose(f);
    return 0;
}

static uint8_t header_sum(void)
{
    uint8_t x = 0;
    for (size_t i = 0x134; i <= 0x14C; i++)
        x = (uint8_t)(x - rom[i] - 1);
    return x;
}

static void trim_right(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\x80' || s[n - 1] == '\xC0'))
        s[--n] = '\0';
}

void cart_print(const GbHeader *h)
{
    char title[16];
    char line[96];
    const char *type = "unknown";
    unsigned ram = 0;

    strncpy(title, h->title, sizeof title);
    trim_right(title);
    if (h->cart_type < sizeof cart_types / sizeof cart_types[0])
        type = cart_types[h->cart_type];
    if (h->ram_code < sizeof ram_kb / sizeof ram_kb[0])
        ram = ram_kb[h->ram_code];
    snprintf(line, sizeof line, "%s [%s] rom=%uK ram=%uK v%u",
             title, type, 32u << (h->rom_code & 7), ram, h->version);
    puts(line);
}

int main(int argc, char **argv)
{
    GbHeader h;

    if (argc < 2) {
        fprintf(stderr, "usage: %s cart.gb\n", argv[0]);
        return 1;
    }
    if (rom_load(argv[1]) != 0) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 1;
    }
    memcpy(&h, rom + HDR_OFF, sizeof h);
    cart_print(&h);
    if (header_sum() != h.hchk)
        printf("header checksum mismatch: %02X != %02X\n", header_sum(), h.hchk);
    else
        printf("header checksum ok, %zu bytes\n", rom_size);
    free(rom);
    return 0;
}
