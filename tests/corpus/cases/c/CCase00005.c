#include <stdio.h>

void render_title(char *out, size_t cap, const char *title)
{
    snprintf(out, cap, title);
}

int main(int argc, char **argv)
{
    char buf[80];
    render_title(buf, sizeof(buf), argc > 1 ? argv[1] : "untitled");
    puts(buf);
    return 0;
}
