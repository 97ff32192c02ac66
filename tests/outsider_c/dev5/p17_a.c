#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { ED_OK = 0, ED_ERR_NOMEM, ED_ERR_RANGE, ED_ERR_EMPTY } ed_status;
typedef enum { EDIT_INSERT, EDIT_DELETE } edit_kind;

typedef struct edit_cmd {
    edit_kind kind;
    size_t pos;
    char *text;
    size_t len;
} edit_cmd;

typedef struct editor {
    char *data;
    size_t len;
    size_t cap;
    edit_cmd **items;
    size_t count;
    size_t index;
    size_t items_cap;
    edit_cmd *last;
} editor;

static inline void cmd_free(edit_cmd *c)
{
    if (c) {
        free(c->text);
        free(c);
    }
}

static ed_status reserve(void **p, size_t *cap, size_t need, size_t elem)
{
    size_t ncap = *cap ? *cap : 32;
    void *np;

    if (need <= *cap)
        return ED_OK;
    while (ncap < need)
        ncap *= 2;
    np = realloc(*p, ncap * elem);
    if (!np)
        return ED_ERR_NOMEM;
    *p = np;
    *cap = ncap;
    return ED_OK;
}

static ed_status apply(editor *ed, edit_kind kind, size_t pos, const char *s, size_t n)
{
    if (kind == EDIT_INSERT) {
        if (reserve((void **)&ed->data, &ed->cap, ed->len + n + 1, 1) != ED_OK)
            return ED_ERR_NOMEM;
        memmove(ed->data + pos + n, ed->data + pos, ed->len - pos);
        memcpy(ed->data + pos, s, n);
        ed->len += n;
    } else {
        memmove(ed->data + pos, ed->data + pos + n, ed->len - pos - n);
        ed->len -= n;
    }
    ed->data[ed->len] = '\0';
    return ED_OK;
}

editor *editor_create(void)
{
    editor *ed = calloc(1, sizeof(*ed));
    if (ed && reserve((void **)&ed->data, &ed->cap, 1, 1) != ED_OK) {
        free(ed);
        return NULL;
    }
    if (ed)
        ed->data[0] = '\0';
    return ed;
}

void editor_destroy(editor *ed)
{
    size_t i;
    if (!ed)
        return;
    for (i = 0; i < ed->count; i++)
        cmd_free(ed->items[i]);
    free(ed->items);
    free(ed->data);
    free(ed);
}

static ed_status record(editor *ed, edit_kind kind, size_t pos, const char *s, size_t n)
{
    edit_cmd *c;

    while (ed->count > ed->index)
        cmd_free(ed->items[--ed->count]);
    c = ed->last;
    if (kind == EDIT_INSERT && c && c->kind == EDIT_INSERT && c->pos + c->len == pos) {
        char *t = realloc(c->text, c->len + n);
        if (!t)
            return ED_ERR_NOMEM;
        memcpy(t + c->len, s, n);
        c->text = t;
        c->len += n;
        return ED_OK;
    }
    if (reserve((void **)&ed->items, &ed->items_cap, ed->count + 1, sizeof(*ed->items)) != ED_OK)
        return ED_ERR_NOMEM;
    c = malloc(sizeof(*c));
    if (!c || !(c->text = malloc(n ? n : 1))) {
        free(c);
        return ED_ERR_NOMEM;
    }
    c->kind = kind;
    c->pos = pos;
    c->len = n;
    memcpy(c->text, s, n);
    ed->items[ed->count++] = c;
    ed->index = ed->count;
    ed->last = c;
    return ED_OK;
}

ed_status editor_edit(editor *ed, edit_kind kind, size_t pos, const char *s, size_t n)
{
    ed_status st;

    if (pos > ed->len || (kind == EDIT_DELETE && n > ed->len - pos))
        return ED_ERR_RANGE;
    if (kind == EDIT_DELETE)
        s = ed->data + pos;
    st = record(ed, kind, pos, s, n);
    return st == ED_OK ? apply(ed, kind, pos, s, n) : st;
}

ed_status editor_undo(editor *ed)
{
    edit_cmd *c;

    if (ed->index == 0)
        return ED_ERR_EMPTY;
    c = ed->items[--ed->index];
    ed->last = NULL;
    return apply(ed, c->kind == EDIT_INSERT ? EDIT_DELETE : EDIT_INSERT, c->pos, c->text, c->len);
}

ed_status editor_redo(editor *ed)
{
    edit_cmd *c;

    if (ed->index == ed->count)
        return ED_ERR_EMPTY;
    c = ed->items[ed->index++];
    ed->last = NULL;
    return apply(ed, c->kind, c->pos, c->text, c->len);
}

int main(void)
{
    editor *ed = editor_create();
    char line[512], text[256];
    size_t pos, n;
    ed_status st;

    if (!ed)
        return 1;
    while (fgets(line, sizeof(line), stdin)) {
        if (sscanf(line, "i %zu %255[^\n]", &pos, text) == 2)
            st = editor_edit(ed, EDIT_INSERT, pos, text, strlen(text));
        else if (sscanf(line, "d %zu %zu", &pos, &n) == 2)
            st = editor_edit(ed, EDIT_DELETE, pos, NULL, n);
        else if (line[0] == 'u')
            st = editor_undo(ed);
        else if (line[0] == 'r')
            st = editor_redo(ed);
        else
            continue;
        if (st != ED_OK)
            fprintf(stderr, "error %d: %s", (int)st, line);
        printf("[%s]\n", ed->data);
    }
    editor_destroy(ed);
    return 0;
}
