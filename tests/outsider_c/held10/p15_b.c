#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME_LEN 64
#define TYPE_LEN 32

struct column
{
  char name[NAME_LEN];
  char type[TYPE_LEN];
  int ordinal;
  struct column *next;
};

struct table
{
  char name[NAME_LEN];
  struct column *cols;
  struct column **tail;
  int ncols;
  struct table *next;
};

static struct table *
table_find (struct table *list, const char *name)
{
  for (; list != NULL; list = list->next)
    if (strcmp (list->name, name) == 0)
      return list;
  return NULL;
}

static struct column *
column_find (const struct table *t, const char *name)
{
  struct column *c;

  for (c = t->cols; c != NULL; c = c->next)
    if (strcmp (c->name, name) == 0)
      return c;
  return NULL;
}

static int
type_width (const char *type)
{
  if (strcmp (type, "int32") == 0 || strcmp (type, "float") == 0)
    return 4;
  if (strcmp (type, "int64") == 0 || strcmp (type, "double") == 0)
    return 8;
  if (strcmp (type, "bool") == 0)
    return 1;
  return -1;
}

static int
catalog_add (struct table **list, const char *line)
{
  char tname[NAME_LEN], cname[NAME_LEN], ctype[TYPE_LEN];
  struct table *t;
  struct column *c;

  if (sscanf (line, "%63s %63s %31s", tname, cname, ctype) != 3)
    return -1;
  t = table_find (*list, tname);
  if (t == NULL)
    {
      t = calloc (1, sizeof *t);
      if (t == NULL)
        return -1;
      strcpy (t->name, tname);
      t->tail = &t->cols;
      t->next = *list;
      *list = t;
    }
  c = calloc (1, sizeof *c);
  if (c == NULL)
    return -1;
  strcpy (c->name, cname);
  strcpy (c->type, ctype);
  c->ordinal = t->ncols++;
  *t->tail = c;
  t->tail = &c->next;
  return 0;
}

static void
catalog_free (struct table *list)
{
  while (list != NULL)
    {
      struct table *next = list->next;
      struct column *c = list->cols;
      while (c != NULL)
        {
          struct column *cn = c->next;
          free (c);
          c = cn;
        }
      free (list);
      list = next;
    }
}

int
main (int argc, char **argv)
{
  struct table *cat = NULL, *t;
  struct column *c;
  char line[256];
  FILE *fp;
  int lineno = 0;

  if (argc < 3)
    {
      fprintf (stderr, "usage: %s catalog table [column]\n", argv[0]);
      return 2;
    }
  fp = fopen (argv[1], "r");
  if (fp == NULL)
    {
      perror (argv[1]);
      return 1;
    }
  while (fgets (line, sizeof line, fp) != NULL)
    {
      lineno++;
      if (line[0] == '#' || line[0] == '\n')
        continue;
      if (catalog_add (&cat, line) != 0)
        fprintf (stderr, "%s:%d: ignored\n", argv[1], lineno);
    }
  fclose (fp);

  t = table_find (cat, argv[2]);
  if (t == NULL)
    {
      fprintf (stderr, "no such table: %s\n", argv[2]);
      catalog_free (cat);
      return 1;
    }
  if (argc > 3)
    {
      c = column_find (t, argv[3]);
      printf ("%s.%s %s ordinal=%d width=%d\n", t->name, c->name, c->type,
              c->ordinal, type_width (c->type));
    }
  else
    {
      for (c = t->cols; c != NULL; c = c->next)
        printf ("%3d %-20s %s\n", c->ordinal, c->name, c->type);
    }
  catalog_free (cat);
  return 0;
}
