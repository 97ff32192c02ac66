#include <stdarg.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define LOG_ENTRIES   8
#define LOG_TEXT_LEN  48
#define LINE_LEN      128

typedef struct {
    uint32_t stamp;
    uint8_t level;
    char text[LOG_TEXT_LEN];
} log_entry_t;

static log_entry_t log_ring[LOG_ENTRIES];
static uint8_t log_head;
static uint8_t log_count;
static uint32_t uptime_ms;

static const char *const level_names[] = { "DBG", "INF", "WRN", "ERR" };

static void uart_write(const char *s, size_t n)
{
    fwrite(s, 1, n, stdout);
}

static void uart_printf(const char *fmt, ...)
{
    char buf[96];
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof(buf))
        n = sizeof(buf) - 1;
    uart_write(buf, (size_t)n);
}

void log_add(uint8_t level, const char *text)
{
    log_entry_t *e = &log_ring[log_head];

    e->stamp = uptime_ms;
    e->level = level > 3 ? 3 : level;
    strncpy(e->text, text, sizeof(e->text) - 1);
    e->text[sizeof(e->text) - 1] = '\0';
    log_head = (uint8_t)((log_head + 1) % LOG_ENTRIES);
    if (log_count < LOG_ENTRIES)
        log_count++;
}

void log_show(void)
{
    uint8_t idx = (uint8_t)((log_head + LOG_ENTRIES - log_count) % LOG_ENTRIES);

    for (uint8_t i = 0; i < log_count; i++) {
        const log_entry_t *e = &log_ring[idx];
        uart_printf("%8lu %s ", (unsigned long)e->stamp, level_names[e->level]);
        uart_printf(e->text);
        uart_printf("\r\n");
        idx = (uint8_t)((idx + 1) % LOG_ENTRIES);
    }
}

static int parse_level(const char *s)
{
    for (int i = 0; i < 4; i++) {
        if (strncmp(s, level_names[i], 3) == 0)
            return i;
    }
    return -1;
}

int console_line(char *line)
{
    size_t n = strlen(line);
    int lvl;

    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = '\0';
    uptime_ms += 10;

    if (strcmp(line, "show") == 0) {
        log_show();
        return 0;
    }
    if (strcmp(line, "clear") == 0) {
        memset(log_ring, 0, sizeof(log_ring));
        log_head = 0;
        log_count = 0;
        return 0;
    }
    if (strncmp(line, "log ", 4) == 0 && n > 8 && line[7] == ' ') {
        lvl = parse_level(line + 4);
        if (lvl < 0)
            return -1;
        log_add((uint8_t)lvl, line + 8);
        return 0;
    }
    return -1;
}

int main(void)
{
    char line[LINE_LEN];

    log_add(1, "boot");
    while (fgets(line, sizeof(line), stdin) != NULL) {
        if (console_line(line) != 0)
            uart_printf("?\r\n");
    }
    return 0;
}
