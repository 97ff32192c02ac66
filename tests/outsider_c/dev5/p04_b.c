#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define NMEA_MAX_FIELDS 24
#define NMEA_LINE_MAX   512

typedef enum {
    NMEA_OK = 0,
    NMEA_ERR_FRAMING,
    NMEA_ERR_CHECKSUM,
    NMEA_ERR_FIELD,
    NMEA_ERR_UNSUPPORTED
} nmea_status;

typedef struct nmea_position {
    char utc[16];
    double lat;
    double lon;
    int quality;
    int satellites;
    double altitude;
} nmea_position;

static inline int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = toupper(c);
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static double nmea_coord(const char *field, const char *hemi)
{
    double raw = atof(field);
    int deg = (int)(raw / 100.0);
    double v = deg + (raw - deg * 100.0) / 60.0;

    if (hemi[0] == 'S' || hemi[0] == 'W')
        v = -v;
    return v;
}

static size_t nmea_split(char *body, char **fields, size_t max_fields)
{
    size_t n = 0;
    char *p = body;

    fields[n++] = p;
    while (*p && n < max_fields) {
        if (*p == ',') {
            *p = '\0';
            fields[n++] = p + 1;
        }
        p++;
    }
    return n;
}

static nmea_status nmea_verify(char *line, size_t len, char **body)
{
    unsigned sum = 0;
    size_t i;
    int hi, lo;

    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        line[--len] = '\0';
    if (len < 4 || line[0] != '$' || line[len - 3] != '*')
        return NMEA_ERR_FRAMING;
    for (i = 1; i < len - 3; i++)
        sum ^= (unsigned char)line[i];
    hi = hexval((unsigned char)line[len - 2]);
    lo = hexval((unsigned char)line[len - 1]);
    if (hi < 0 || lo < 0 || (unsigned)(hi * 16 + lo) != sum)
        return NMEA_ERR_CHECKSUM;
    line[len - 3] = '\0';
    *body = line + 1;
    return NMEA_OK;
}

static nmea_status nmea_gga(char **f, size_t nf, nmea_position *pos)
{
    char tbuf[12];

    if (nf < 10 || strlen(f[1]) >= sizeof(tbuf))
        return NMEA_ERR_FIELD;
    strcpy(tbuf, f[1]);
    if (strlen(tbuf) >= 6)
        snprintf(pos->utc, sizeof(pos->utc), "%.2s:%.2s:%s", tbuf, tbuf + 2, tbuf + 4);
    else
        pos->utc[0] = '\0';
    pos->lat = nmea_coord(f[2], f[3]);
    pos->lon = nmea_coord(f[4], f[5]);
    pos->quality = atoi(f[6]);
    pos->satellites = atoi(f[7]);
    pos->altitude = atof(f[9]);
    return NMEA_OK;
}

nmea_status nmea_parse_line(char *line, size_t len, nmea_position *pos)
{
    char *fields[NMEA_MAX_FIELDS];
    char *body;
    size_t nf;
    nmea_status st = nmea_verify(line, len, &body);

    if (st != NMEA_OK)
        return st;
    nf = nmea_split(body, fields, NMEA_MAX_FIELDS);
    if (strlen(fields[0]) != 5)
        return NMEA_ERR_FRAMING;
    if (strcmp(fields[0] + 2, "GGA") == 0)
        return nmea_gga(fields, nf, pos);
    return NMEA_ERR_UNSUPPORTED;
}

int main(void)
{
    char line[NMEA_LINE_MAX];
    nmea_position pos;
    unsigned long lineno = 0, positions = 0;

    while (fgets(line, sizeof(line), stdin)) {
        nmea_status st;

        lineno++;
        memset(&pos, 0, sizeof(pos));
        st = nmea_parse_line(line, strlen(line), &pos);
        if (st == NMEA_OK) {
            positions++;
            printf("%s lat=%.6f lon=%.6f q=%d sats=%d alt=%.1f\n", pos.utc,
                   pos.lat, pos.lon, pos.quality, pos.satellites, pos.altitude);
        } else if (st != NMEA_ERR_UNSUPPORTED) {
            fprintf(stderr, "line %lu: rejected (%d)\n", lineno, (int)st);
        }
    }
    fprintf(stderr, "%lu positions from %lu lines\n", positions, lineno);
    return 0;
}
