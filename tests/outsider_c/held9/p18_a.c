#include <ctype.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CON_LINE_LEN  80
#define NAME_LEN      24

typedef struct {
    char name[NAME_LEN];
    uint8_t led;
    uint16_t rate_hz;
    uint32_t lines;
    uint32_t errors;
} console_state_t;

static console_state_t con;

static char *skip_ws(char *s)
{
    while (*s && isspace((unsigned char)*s))
        s++;
    return s;
}

static size_t rtrim(char *s)
{
    size_t n = strlen(s);

    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return n;
}

static int set_name(const char *arg)
{
    if (*arg == '\0' || strlen(arg) >= sizeof(con.name))
        return -1;
    strcpy(con.name, arg);
    return 0;
}

static int set_rate(const char *arg)
{
    int hz = atoi(arg);

    if (hz < 1 || hz > 1000)
        return -1;
    con.rate_hz = (uint16_t)hz;
    return 0;
}

static void show(void)
{
    char buf[96];

    sprintf(buf, "name=%.23s led=%s rate=%uHz lines=%lu err=%lu",
            con.name, con.led ? "on" : "off", con.rate_hz,
            (unsigned long)con.lines, (unsigned long)con.errors);
    puts(buf);
}

int console_process(char *raw)
{
    char *line, *arg;
    size_t n;

    con.lines++;
    n = rtrim(raw);
    if (n == 0)
        return 0;
    line = skip_ws(raw);
    arg = line + strcspn(line, " \t");
    if (*arg != '\0') {
        *arg++ = '\0';
        arg = skip_ws(arg);
    }

    if (strcmp(line, "name") == 0)
        return set_name(arg);
    if (strcmp(line, "rate") == 0)
        return set_rate(arg);
    if (strcmp(line, "led") == 0) {
        if (strcmp(arg, "on") == 0)
            con.led = 1;
        else if (strcmp(arg, "off") == 0)
            con.led = 0;
        else
            return -1;
        return 0;
    }
    if (strcmp(line, "show") == 0) {
        show();
        return 0;
    }
    return -1;
}

int main(void)
{
    char line[CON_LINE_LEN];

    strcpy(con.name, "sensor-node");
    con.rate_hz = 10;
    while (fgets(line, sizeof(line), stdin) != NULL) {
        if (console_process(line) != 0) {
            con.errors++;
            fputs("ERR\r\n", stdout);
        }
    }
    return 0;
}
