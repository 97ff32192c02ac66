#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AT_LINE_MAX  96
#define AT_NAME_MAX  12

typedef struct {
    const char *name;
    int32_t value;
    int32_t min;
    int32_t max;
    uint8_t writable;
} at_param_t;

static at_param_t params[] = {
    { "BAUD",   115200, 1200, 921600, 1 },
    { "ADDR",   1,      1,    247,    1 },
    { "TXPWR",  14,     -4,   20,     1 },
    { "CHAN",   11,     11,   26,     1 },
    { "VBAT",   3300,   0,    5000,   0 },
    { "UPTIME", 0,      0,    0x7FFFFFFF, 0 },
};

#define NUM_PARAMS (sizeof(params) / sizeof(params[0]))

static void serial_reply(const char *s)
{
    fputs(s, stdout);
    fputs("\r\n", stdout);
}

static at_param_t *param_find(const char *name)
{
    for (size_t i = 0; i < NUM_PARAMS; i++) {
        if (strcmp(params[i].name, name) == 0)
            return &params[i];
    }
    return NULL;
}

static int at_split(const char *body, char *name, char *op, const char **arg)
{
    size_t n = strcspn(body, "=?");

    if (n == 0 || n >= AT_NAME_MAX || body[n] == '\0')
        return -1;
    memcpy(name, body, n);
    name[n] = '\0';
    *op = body[n];
    *arg = body + n + 1;
    return 0;
}

int at_handle_line(char *line)
{
    char name[AT_NAME_MAX];
    char reply[48];
    const char *arg;
    char op;
    at_param_t *p;
    long v;

    line[strcspn(line, "\r\n")] = '\0';
    if (strcmp(line, "AT") == 0) {
        serial_reply("OK");
        return 0;
    }
    if (strncmp(line, "AT+", 3) != 0 || at_split(line + 3, name, &op, &arg) != 0) {
        serial_reply("ERROR");
        return -1;
    }
    if (op == '?') {
        p = param_find(name);
        if (p == NULL) {
            serial_reply("ERROR");
            return -1;
        }
        snprintf(reply, sizeof(reply), "+%s: %ld", p->name, (long)p->value);
        serial_reply(reply);
        serial_reply("OK");
        return 0;
    }
    p = param_find(name);
    if (p == NULL) {
        serial_reply("ERROR");
        return -1;
    }
    if (!p->writable || *arg == '\0') {
        serial_reply("ERROR");
        return -1;
    }
    v = atol(arg);
    if (v < p->min || v > p->max) {
        serial_reply("ERROR");
        return -1;
    }
    p->value = (int32_t)v;
    serial_reply("OK");
    return 0;
}

int main(void)
{
    char line[AT_LINE_MAX];

    while (fgets(line, sizeof(line), stdin) != NULL)
        at_handle_line(line);
    return 0;
}
