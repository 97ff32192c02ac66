#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct code_entry {
    char ch;
    const char *code;
};

static const struct code_entry table[] = {
    {'A', ".-"}, {'B', "-..."}, {'C', "-.-."}, {'D', "-.."}, {'E', "."},
    {'F', "..-."}, {'G', "--."}, {'H', "...."}, {'I', ".."}, {'J', ".---"},
    {'K', "-.-"}, {'L', ".-.."}, {'M', "--"}, {'N', "-."}, {'O', "---"},
    {'P', ".--."}, {'Q', "--.-"}, {'R', ".-."}, {'S', "..."}, {'T', "-"},
    {'U', "..-"}, {'V', "...-"}, {'W', ".--"}, {'X', "-..-"}, {'Y', "-.--"},
    {'Z', "--.."}, {'0', "-----"}, {'1', ".----"}, {'2', "..---"}, {'3', "...--"},
    {'4', "....-"}, {'5', "....."}, {'6', "-...."}, {'7', "--..."}, {'8', "---.."},
    {'9', "----."}, {'.', ".-.-.-"}, {',', "--..--"}, {'?', "..--.."},
};

#define TABLE_LEN (sizeof(table) / sizeof(table[0]))

static char lookup_symbol(const char *code)
{
    size_t i;
    for (i = 0; i < TABLE_LEN; i++)
        if (strcmp(table[i].code, code) == 0)
            return table[i].ch;
    return '?';
}

static const char *lookup_char(char c)
{
    size_t i;
    c = (char)toupper((unsigned char)c);
    for (i = 0; i < TABLE_LEN; i++)
        if (table[i].ch == c)
            return table[i].code;
    return NULL;
}

int morse_decode(const char *in, char *out, size_t outlen)
{
    char sym[8];
    size_t o = 0;
    const char *p = in;

    while (*p && o + 1 < outlen) {
        size_t len = strspn(p, ".-");
        if (len == 0) {
            if (*p == '/')
                out[o++] = ' ';
            p++;
            continue;
        }
        if (len > sizeof(sym))
            return -1;
        memcpy(sym, p, len);
        sym[len] = '\0';
        out[o++] = lookup_symbol(sym);
        p += len;
    }
    out[o] = '\0';
    return (int)o;
}

static void morse_encode(const char *in, FILE *out)
{
    for (; *in; in++) {
        const char *code;
        if (*in == ' ') {
            fputs("/ ", out);
            continue;
        }
        code = lookup_char(*in);
        if (code)
            fprintf(out, "%s ", code);
    }
    fputc('\n', out);
}

int main(int argc, char **argv)
{
    char line[512], text[256];
    int decode = argc > 1 && strcmp(argv[1], "-d") == 0;

    while (fgets(line, sizeof(line), stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (decode) {
            if (morse_decode(line, text, sizeof(text)) < 0) {
                fprintf(stderr, "malformed input\n");
                continue;
            }
            puts(text);
        } else {
            morse_encode(line, stdout);
        }
    }
    return 0;
}
