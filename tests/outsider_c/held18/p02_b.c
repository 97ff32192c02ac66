#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum undo_kind { UNDO_INSERT, UNDO_DELETE };

struct undo_entry
{
  enum undo_kind kind;
  unsigned long seq;
  size_t pos;
  char *text;
  size_t len;
  struct undo_entry *prev;
  struct undo_entry *next;
};

struct undo_log
{
  struct undo_entry *head;
  struct undo_entry *tail;
  struct undo_entry *mark;
  size_t count;
  size_t limit;
  unsigned long seq;
};

struct document
{
  char *buf;
  size_t len;
  size_t cap;
};

static int
doc_reserve (struct document *d, size_t extra)
{
  size_t ncap = d->cap ? d->cap : 32;
  char *nb;

  while (ncap < d->len + extra + 1)
    ncap *= 2;
  if (ncap == d->cap)
    return 0;
  nb = realloc (d->buf, ncap);
  if (nb == NULL)
    return -1;
  d->buf = nb;
  d->cap = ncap;
  return 0;
}

static int
doc_insert (struct document *d, size_t pos, const char *text, size_t len)
{
  if (pos > d->len || doc_reserve (d, len) < 0)
    return -1;
  memmove (d->buf + pos + len, d->buf + pos, d->len - pos + 1);
  memcpy (d->buf + pos, text, len);
  d->len += len;
  return 0;
}

static void
doc_remove (struct document *d, size_t pos, size_t len)
{
  memmove (d->buf + pos, d->buf + pos + len, d->len - pos - len + 1);
  d->len -= len;
}

static void
undo_trim (struct undo_log *log)
{
  while (log->count > log->limit && log->tail != NULL)
    {
      struct undo_entry *e = log->tail;
      log->tail = e->prev;
      if (log->tail != NULL)
        log->tail->next = NULL;
      else
        log->head = NULL;
      if (log->mark == e)
        log->mark = NULL;
      free (e->text);
      free (e);
      log->count--;
    }
}

int
undo_record (struct undo_log *log, enum undo_kind kind, size_t pos,
             const char *text, size_t len)
{
  struct undo_entry *e = calloc (1, sizeof *e);

  if (e == NULL || (e->text = malloc (len + 1)) == NULL)
    {
      free (e);
      return -1;
    }
  memcpy (e->text, text, len);
  e->text[len] = '\0';
  e->len = len;
  e->kind = kind;
  e->pos = pos;
  e->seq = ++log->seq;
  e->next = log->head;
  if (log->head != NULL)
    log->head->prev = e;
  else
    log->tail = e;
  log->head = e;
  log->count++;
  undo_trim (log);
  return 0;
}

int
undo_pop (struct undo_log *log, struct document *d)
{
  struct undo_entry *e = log->head;

  if (e == NULL)
    return -1;
  if (e->kind == UNDO_INSERT)
    doc_remove (d, e->pos, e->len);
  else
    doc_insert (d, e->pos, e->text, e->len);
  log->head = e->next;
  if (log->head != NULL)
    log->head->prev = NULL;
  else
    log->tail = NULL;
  if (log->mark == e)
    log->mark = NULL;
  free (e->text);
  free (e);
  log->count--;
  return 0;
}

int
undo_modified (const struct undo_log *log)
{
  unsigned long saved = log->mark != NULL ? log->mark->seq : 0;
  unsigned long cur = log->head != NULL ? log->head->seq : 0;
  return saved != cur;
}

int
main (int argc, char **argv)
{
  struct undo_log log = { NULL, NULL, NULL, 0, 8, 0 };
  struct document doc = { NULL, 0, 0 };
  char line[1024];

  if (argc > 1 && atoi (argv[1]) > 0)
    log.limit = (size_t) atoi (argv[1]);
  if (doc_reserve (&doc, 0) < 0)
    return 1;
  doc.buf[0] = '\0';
  while (fgets (line, sizeof line, stdin))
    {
      size_t pos, n;
      char text[512];

      if (sscanf (line, "i %zu %511[^\n]", &pos, text) == 2 && pos <= doc.len)
        {
          n = strlen (text);
          if (doc_insert (&doc, pos, text, n) == 0)
            undo_record (&log, UNDO_INSERT, pos, text, n);
        }
      else if (sscanf (line, "d %zu %zu", &pos, &n) == 2
               && pos <= doc.len && n <= doc.len - pos)
        {
          undo_record (&log, UNDO_DELETE, pos, doc.buf + pos, n);
          doc_remove (&doc, pos, n);
        }
      else if (line[0] == 'u')
        undo_pop (&log, &doc);
      else if (line[0] == 's')
        log.mark = log.head;
      printf ("[%c] %s\n", undo_modified (&log) ? '*' : ' ', doc.buf);
    }
  while (undo_pop (&log, &doc) == 0)
    ;
  free (doc.buf);
  return 0;
}
