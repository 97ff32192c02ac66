#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIELD_MAX 64
#define MAX_COLS 32

struct row
{
  char *cols[MAX_COLS];
  int ncols;
};

static int
read_field (FILE *fp, char *field, size_t size, int *endrow)
{
  size_t flen = 0;
  int c, quoted = 0;

  c = getc (fp);
  if (c == EOF)
    return -1;
  if (c == '"')
    {
      quoted = 1;
      c = getc (fp);
    }
  for (;;)
    {
      if (c == EOF)
        break;
      if (quoted)
        {
          if (c == '"')
            {
              c = getc (fp);
              if (c != '"')
                {
                  quoted = 0;
                  continue;
                }
            }
        }
      else if (c == ',' || c == '\n')
        break;
      if (c != '\r' && flen < size - 1)
        field[flen++] = (char) c;
      c = getc (fp);
    }
  field[flen] = '\0';
  *endrow = (c == '\n' || c == EOF);
  return 0;
}

static void
row_clear (struct row *r)
{
  int i;

  for (i = 0; i < r->ncols; i++)
    free (r->cols[i]);
  r->ncols = 0;
}

static int
read_row (FILE *fp, struct row *r)
{
  char field[FIELD_MAX];
  int endrow = 0;

  row_clear (r);
  while (!endrow)
    {
      if (read_field (fp, field, sizeof field, &endrow) < 0)
        return r->ncols > 0 ? 0 : -1;
      if (r->ncols == MAX_COLS)
        continue;
      r->cols[r->ncols] = strdup (field);
      if (r->cols[r->ncols] == NULL)
        return -1;
      r->ncols++;
    }
  return 0;
}

static void
emit_value (FILE *out, const char *s)
{
  for (; *s; s++)
    {
      if (*s == '\t')
        fputs ("\\t", out);
      else if (*s == '\n')
        fputs ("\\n", out);
      else
        putc (*s, out);
    }
}

int
import_csv (FILE *in, FILE *out)
{
  struct row r = { { NULL }, 0 };
  char tag[32];
  int ncols = -1, rowno = 0, skipped = 0, i;

  while (read_row (in, &r) == 0)
    {
      rowno++;
      if (ncols < 0)
        ncols = r.ncols;
      else if (r.ncols != ncols)
        {
          skipped++;
          continue;
        }
      sprintf (tag, "%d", rowno);
      fputs (tag, out);
      for (i = 0; i < r.ncols; i++)
        {
          putc ('\t', out);
          emit_value (out, r.cols[i]);
        }
      putc ('\n', out);
    }
  row_clear (&r);
  if (skipped)
    fprintf (stderr, "skipped %d rows with wrong column count\n", skipped);
  return rowno;
}

int
main (int argc, char **argv)
{
  FILE *in = stdin;
  int n;

  if (argc > 1)
    {
      in = fopen (argv[1], "r");
      if (in == NULL)
        {
          perror (argv[1]);
          return 1;
        }
    }
  n = import_csv (in, stdout);
  if (in != stdin)
    fclose (in);
  return n > 0 ? 0 : 1;
}
