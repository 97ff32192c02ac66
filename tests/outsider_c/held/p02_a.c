#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_TAG 32
#define MAX_VAL 128

struct game_header {
    char event[MAX_VAL];
    char white[MAX_VAL];
    char black[MAX_VAL];
    char result[16];
    char eco[8];
    int round;
};

static const char *const eco_family[] = {
    "Flank openings",
    "Semi-open games",
    "Open games and French",
    "Closed and semi-closed games",
    "Indian defences",
};

static int parse_tag_line(const char *line, char *tag, char *val)
{
    const char *p = line;
    size_t n = 0;

    if (*p++ != '[')
        return -1;
    while (*p && !isspace((unsigned char)*p) && n < MAX_TAG - 1)
        tag[n++] = *p++;
    tag[n] = '\0';
    while (isspace((unsigned char)*p))
        p++;
    if (*p++ != '"')
        return -1;
    n = 0;
    while (*p && *p != '"' && n < MAX_VAL - 1)
        val[n++] = *p++;
    val[n] = '\0';
    return *p == '"' ? 0 : -1;
}

static void store_tag(struct game_header *h, const char *tag, const char *val)
{
    if (strcmp(tag, "Event") == 0)
        snprintf(h->event, sizeof(h->event), "%s", val);
    else if (strcmp(tag, "White") == 0)
        snprintf(h->white, sizeof(h->white), "%s", val);
    else if (strcmp(tag, "Black") == 0)
        snprintf(h->black, sizeof(h->black), "%s", val);
    else if (strcmp(tag, "Result") == 0)
        snprintf(h->result, sizeof(h->result), "%s", val);
    else if (strcmp(tag, "ECO") == 0)
        snprintf(h->eco, sizeof(h->eco), "%s", val);
    else if (strcmp(tag, "Round") == 0)
        h->round = atoi(val);
}

const char *eco_describe(const char *code)
{
    if (!code[0] || !isupper((unsigned char)code[0]))
        return "unknown";
    return eco_family[code[0] - 'A'];
}

static void print_header(const struct game_header *h, int index)
{
    char title[3 * MAX_VAL];

    sprintf(title, "%.100s - %.100s", h->white, h->black);
    printf("#%d %s\n", index, title);
    printf("   event:  %s (round %d)\n", h->event[0] ? h->event : "?", h->round);
    printf("   result: %s\n", h->result[0] ? h->result : "*");
    if (h->eco[0])
        printf("   eco:    %s (%s)\n", h->eco, eco_describe(h->eco));
}

int main(int argc, char **argv)
{
    FILE *fp = stdin;
    char line[512];
    char tag[MAX_TAG], val[MAX_VAL];
    struct game_header h;
    int in_header = 0, games = 0;

    if (argc > 1 && !(fp = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    memset(&h, 0, sizeof(h));
    while (fgets(line, sizeof(line), fp)) {
        if (line[0] == '[') {
            if (!in_header) {
                memset(&h, 0, sizeof(h));
                in_header = 1;
            }
            if (parse_tag_line(line, tag, val) == 0)
                store_tag(&h, tag, val);
        } else if (in_header) {
            in_header = 0;
            print_header(&h, ++games);
        }
    }
    if (in_header)
        print_header(&h, ++games);
    if (fp != stdin)
        fclose(fp);
    printf("%d game(s)\n", games);
    return 0;
}
