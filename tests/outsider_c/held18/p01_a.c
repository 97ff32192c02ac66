#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gap_buffer
{
  char *text;
  size_t size;
  size_t gap_start;
  size_t gap_end;
};

static size_t
gb_gap_len (const struct gap_buffer *gb)
{
  return gb->gap_end - gb->gap_start;
}

size_t
gb_length (const struct gap_buffer *gb)
{
  return gb->size - gb_gap_len (gb);
}

struct gap_buffer *
gb_new (size_t initial)
{
  struct gap_buffer *gb = malloc (sizeof *gb);

  if (gb == NULL)
    return NULL;
  if (initial < 16)
    initial = 16;
  gb->text = malloc (initial);
  if (gb->text == NULL)
    {
      free (gb);
      return NULL;
    }
  gb->size = initial;
  gb->gap_start = 0;
  gb->gap_end = initial;
  return gb;
}

void
gb_free (struct gap_buffer *gb)
{
  if (gb == NULL)
    return;
  free (gb->text);
  free (gb);
}

static int
gb_reserve (struct gap_buffer *gb, size_t need)
{
  size_t newsize, tail;
  char *t;

  if (gb_gap_len (gb) >= need)
    return 0;
  newsize = gb->size * 2;
  while (newsize - gb_length (gb) < need)
    newsize *= 2;
  t = realloc (gb->text, newsize);
  if (t == NULL)
    return -1;
  tail = gb->size - gb->gap_end;
  memmove (t + newsize - tail, t + gb->gap_end, tail);
  gb->text = t;
  gb->gap_end = newsize - tail;
  gb->size = newsize;
  return 0;
}

void
gb_move_to (struct gap_buffer *gb, size_t pos)
{
  size_t n;

  if (pos > gb_length (gb))
    pos = gb_length (gb);
  if (pos < gb->gap_start)
    {
      n = gb->gap_start - pos;
      memmove (gb->text + gb->gap_end - n, gb->text + pos, n);
      gb->gap_start -= n;
      gb->gap_end -= n;
    }
  else if (pos > gb->gap_start)
    {
      n = pos - gb->gap_start;
      memmove (gb->text + gb->gap_start, gb->text + gb->gap_end, n);
      gb->gap_start += n;
      gb->gap_end += n;
    }
}

int
gb_insert (struct gap_buffer *gb, const char *buf, size_t len)
{
  if (gb_reserve (gb, len) < 0)
    return -1;
  memcpy (gb->text + gb->gap_start, buf, len);
  gb->gap_start += len;
  return 0;
}

void
gb_delete (struct gap_buffer *gb, size_t count)
{
  size_t avail = gb->size - gb->gap_end;

  if (count > avail)
    count = avail;
  gb->gap_end += count;
}

char *
gb_contents (const struct gap_buffer *gb)
{
  size_t tail = gb->size - gb->gap_end;
  char *s = malloc (gb_length (gb) + 1);

  if (s == NULL)
    return NULL;
  memcpy (s, gb->text, gb->gap_start);
  memcpy (s + gb->gap_start, gb->text + gb->gap_end, tail);
  s[gb->gap_start + tail] = '\0';
  return s;
}

int
main (void)
{
  char line[4096];
  struct gap_buffer *gb = gb_new (16);

  if (gb == NULL)
    return 1;
  while (fgets (line, sizeof line, stdin))
    {
      size_t len = strlen (line);
      char *s;

      if (len > 0 && line[len - 1] == '\n')
        line[--len] = '\0';
      if (len == 0)
        continue;
      switch (line[0])
        {
        case 'i':
          if (len > 2 && gb_insert (gb, line + 2, len - 2) < 0)
            fputs ("out of memory\n", stderr);
          break;
        case 'g':
          gb_move_to (gb, (size_t) atoi (line + 1));
          break;
        case 'd':
          gb_delete (gb, (size_t) atoi (line + 1));
          break;
        case 'p':
          s = gb_contents (gb);
          if (s != NULL)
            printf ("%zu:%s\n", strlen (s), s);
          free (s);
          break;
        }
    }
  gb_free (gb);
  return 0;
}
