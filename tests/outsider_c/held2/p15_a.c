#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct charset_alias {
    const char *key;
    const char *name;
};

static const struct charset_alias aliases[] = {
    { "utf8", "UTF-8" },
    { "utf16", "UTF-16" },
    { "usascii", "US-ASCII" },
    { "ascii", "US-ASCII" },
    { "ansix3.41968", "US-ASCII" },
    { "latin1", "ISO-8859-1" },
    { "iso88591", "ISO-8859-1" },
    { "latin2", "ISO-8859-2" },
    { "iso88592", "ISO-8859-2" },
    { "iso885915", "ISO-8859-15" },
    { "koi8r", "KOI8-R" },
    { "cp1252", "WINDOWS-1252" },
    { "windows1252", "WINDOWS-1252" },
    { "eucjp", "EUC-JP" },
    { "sjis", "SHIFT_JIS" },
    { "shiftjis", "SHIFT_JIS" },
};

static void make_key(const char *in, char *key, size_t keylen)
{
    size_t o = 0;

    for (; *in && o + 1 < keylen; in++) {
        if (*in == '-' || *in == '_' || *in == ' ')
            continue;
        key[o++] = (char)tolower((unsigned char)*in);
    }
    key[o] = '\0';
}

char *charset_normalize(const char *input)
{
    char *copy, *s, *end, *at;
    char key[64];
    size_t i;

    copy = strdup(input);
    if (copy == NULL)
        return NULL;
    at = strchr(copy, '@');
    if (at)
        *at = '\0';
   end = copy + strlen(copy) - 1;
   while (isspace((unsigned char)*end))
       *end-- = '\0';
    s = copy;
    while (isspace((unsigned char)*s))
        s++;
    make_key(s, key, sizeof(key));
    for (i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++) {
        if (strcmp(key, aliases[i].key) == 0) {
            free(copy);
            return strdup(aliases[i].name);
        }
    }
    for (end = s; *end; end++)
        *end = (char)toupper((unsigned char)*end);
    memmove(copy, s, strlen(s) + 1);
    return copy;
}

static int from_locale(const char *loc, char *out, size_t outlen)
{
    const char *dot = strchr(loc, '.');

    if (dot == NULL)
        return -1;
    snprintf(out, outlen, "%s", dot + 1);
    return 0;
}

int main(int argc, char **argv)
{
    char line[256];
    char *name;
    int i;

    if (argc > 1) {
        for (i = 1; i < argc; i++) {
            name = charset_normalize(argv[i]);
            if (name)
                printf("%s\n", name);
            free(name);
        }
        return 0;
    }
    if (getenv("LANG") && from_locale(getenv("LANG"), line, sizeof(line)) == 0) {
        name = charset_normalize(line);
        if (name)
            fprintf(stderr, "locale charset: %s\n", name);
        free(name);
    }
    while (fgets(line, sizeof(line), stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        name = charset_normalize(line);
        if (name == NULL)
            continue;
        puts(name);
        free(name);
    }
    return 0;
}
