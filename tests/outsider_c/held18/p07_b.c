#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GM_CASEFOLD 1
#define GM_PATHNAME 2

struct pattern_list
{
  char **pats;
  size_t n;
  size_t cap;
};

static int
fold (int c, int flags)
{
  return (flags & GM_CASEFOLD) ? tolower (c) : c;
}

static int
match_bracket (const char **pp, int c, int flags)
{
  const char *p = *pp;
  int negate = 0, matched = 0;

  if (*p == '!' || *p == '^')
    {
      negate = 1;
      p++;
    }
  if (*p == ']')
    {
      matched = (c == ']');
      p++;
    }
  while (*p != ']')
    {
      int lo = fold ((unsigned char) *p++, flags);
      int hi = lo;

      if (*p == '-' && p[1] != ']' && p[1] != '\0')
        {
          hi = fold ((unsigned char) p[1], flags);
          p += 2;
        }
      if (lo <= c && c <= hi)
        matched = 1;
    }
  *pp = p + 1;
  return matched ^ negate;
}

int
glob_match (const char *pat, const char *str, int flags)
{
  while (*pat)
    {
      int c = fold ((unsigned char) *str, flags);
      int r;

      switch (*pat)
        {
        case '*':
          while (*pat == '*')
            pat++;
          if (*pat == '\0')
            return !(flags & GM_PATHNAME) || strchr (str, '/') == NULL;
          for (; *str; str++)
            {
              if (glob_match (pat, str, flags))
                return 1;
              if ((flags & GM_PATHNAME) && *str == '/')
                return 0;
            }
          return glob_match (pat, str, flags);
        case '?':
          if (*str == '\0' || ((flags & GM_PATHNAME) && *str == '/'))
            return 0;
          pat++;
          str++;
          break;
        case '[':
          if (*str == '\0')
            return 0;
          pat++;
          r = match_bracket (&pat, c, flags);
          if (r < 0)
            {
              if (*str != '[')
                return 0;
              str++;
              break;
            }
          if (!r)
            return 0;
          str++;
          break;
        case '\\':
          if (pat[1] != '\0')
            pat++;
        default:
          if (fold ((unsigned char) *pat, flags) != c)
            return 0;
          pat++;
          str++;
          break;
        }
    }
  return *str == '\0';
}

int
plist_add (struct pattern_list *pl, const char *buf, size_t len)
{
  char *s;

  if (pl->n == pl->cap)
    {
      size_t ncap = pl->cap ? pl->cap * 2 : 16;
      char **nv = realloc (pl->pats, ncap * sizeof *nv);
      if (nv == NULL)
        return -1;
      pl->pats = nv;
      pl->cap = ncap;
    }
  if ((s = malloc (len + 1)) == NULL)
    return -1;
  memcpy (s, buf, len);
  s[len] = '\0';
  pl->pats[pl->n++] = s;
  return 0;
}

int
main (int argc, char **argv)
{
  struct pattern_list pl = { NULL, 0, 0 };
  char line[1024];
  int flags = GM_PATHNAME;
  size_t i;
  FILE *fp;

  if (argc < 2 || (fp = fopen (argv[1], "r")) == NULL)
    {
      fprintf (stderr, "usage: %s IGNOREFILE [-i] < names\n", argv[0]);
      return 2;
    }
  if (argc > 2 && strcmp (argv[2], "-i") == 0)
    flags |= GM_CASEFOLD;
  while (fgets (line, sizeof line, fp))
    {
      size_t len = strcspn (line, "\r\n");
      if (len > 0 && line[0] != '#')
        plist_add (&pl, line, len);
    }
  fclose (fp);
  while (fgets (line, sizeof line, stdin))
    {
      line[strcspn (line, "\n")] = '\0';
      for (i = 0; i < pl.n; i++)
        if (glob_match (pl.pats[i], line, flags))
          break;
      if (i == pl.n)
        puts (line);
    }
  for (i = 0; i < pl.n; i++)
    free (pl.pats[i]);
  free (pl.pats);
  return 0;
}
