#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NMEA_MAX_LEN 82
#define NMEA_MAX_FIELDS 20

enum nmea_err { NMEA_OK = 0, NMEA_ERR_LEN, NMEA_ERR_START, NMEA_ERR_CSUM, NMEA_ERR_FIELDS, NMEA_ERR_TYPE };

struct gps_position {
    char time[12];
    double lat, lon;
    int quality;
    int sats;
    double alt;
    bool valid;
};

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

static bool checksum_ok(const char *s, const char *star)
{
    unsigned char sum = 0;
    for (const char *p = s; p < star; p++)
        sum ^= (unsigned char)*p;
    const int hi = hexval(star[1]), lo = hexval(star[2]);
    return hi >= 0 && lo >= 0 && sum == (unsigned char)(hi << 4 | lo);
}

static double to_degrees(const char *v, const char *hemi)
{
    if (!*v)
        return 0.0;
    const double raw = atof(v);
    const int deg = (int)(raw / 100);
    const double d = deg + (raw - deg * 100) / 60.0;
    return (*hemi == 'S' || *hemi == 'W') ? -d : d;
}

static size_t split_fields(char *s, char **fields, size_t max)
{
    size_t n = 0;
    fields[n++] = s;
    for (char *p = s; *p; p++) {
        if (*p == ',') {
            if (n == max)
                return 0;
            *p = '\0';
            fields[n++] = p + 1;
        }
    }
    return n;
}

enum nmea_err nmea_parse(const char *sentence, struct gps_position *pos)
{
    char buf[NMEA_MAX_LEN + 1];
    char *fields[NMEA_MAX_FIELDS];
    const size_t len = strcspn(sentence, "\r\n");
    if (len > NMEA_MAX_LEN || len < 6)
        return NMEA_ERR_LEN;
    if (sentence[0] != '$')
        return NMEA_ERR_START;
    memcpy(buf, sentence + 1, len - 1);
    buf[len - 1] = '\0';
    char *star = strchr(buf, '*');
    if (!star || strlen(star) < 3 || !checksum_ok(buf, star))
        return NMEA_ERR_CSUM;
    *star = '\0';
    const size_t nf = split_fields(buf, fields, NMEA_MAX_FIELDS);
    if (nf == 0)
        return NMEA_ERR_FIELDS;
    if (strlen(fields[0]) != 5 || strcmp(fields[0] + 2, "GGA") != 0)
        return NMEA_ERR_TYPE;
    if (nf < 10)
        return NMEA_ERR_FIELDS;
    *pos = (struct gps_position){
        .lat = to_degrees(fields[2], fields[3]),
        .lon = to_degrees(fields[4], fields[5]),
        .quality = atoi(fields[6]),
        .sats = atoi(fields[7]),
        .alt = atof(fields[9]),
    };
    snprintf(pos->time, sizeof pos->time, "%.10s", fields[1]);
    pos->valid = pos->quality > 0;
    return NMEA_OK;
}

int main(int argc, char **argv)
{
    FILE *fp = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    char line[256];
    unsigned long ok = 0, rejected = 0;
    while (fgets(line, sizeof line, fp)) {
        struct gps_position pos;
        const enum nmea_err e = nmea_parse(line, &pos);
        if (e != NMEA_OK) {
            rejected++;
            continue;
        }
        ok++;
        if (pos.valid)
            printf("%s %.6f %.6f alt=%.1f sats=%d\n", pos.time, pos.lat, pos.lon, pos.alt, pos.sats);
    }
    fprintf(stderr, "%lu parsed, %lu rejected\n", ok, rejected);
    if (fp != stdin)
        fclose(fp);
    return 0;
}
