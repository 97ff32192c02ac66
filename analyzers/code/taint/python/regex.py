"""Regular expressions as validators: which characters a whole-string match of a pattern allows."""

from __future__ import annotations

import re

_CLASS_ESCAPES = {
    "d": set("0123456789"),
    "w": set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"),
}


def negated_class(pattern: str) -> set[str] | None:
    """``[^...]`` (optionally ``+``): the characters it does *not* match, i.e. what ``re.sub`` keeps."""
    if not (pattern.startswith("[^") and (pattern.endswith("]") or pattern.endswith("]+"))):
        return None
    body = pattern[2 : pattern.rindex("]")]
    if "]" in body or "[" in body:
        return None
    return regex_charset("[" + body + "]", True) if body else None


def regex_charset(pattern: str, full: bool) -> set[str] | None:
    """The characters a whole-string match of ``pattern`` may contain, when the pattern is a simple
    anchored sequence of character classes and literals; None when it is anything else."""
    p = pattern
    if p.startswith("^"):
        p = p[1:]
    anchored_end = False
    for end in ("\\Z", "\\z", "$"):
        if p.endswith(end) and not p.endswith("\\" + end):
            p = p[: -len(end)]
            anchored_end = True
            break
    if not (full or anchored_end):
        return None
    if "$" in pattern and not pattern.endswith(("\\Z", "\\z")) and not full:
        # `$` also matches before a trailing newline: a newline may slip through
        pass
    chars: set[str] = set()
    i = 0
    while i < len(p):
        c = p[i]
        if c == "[":
            j = i + 1
            if j < len(p) and p[j] == "^":
                return None
            body: list[str] = []
            j_end = p.find("]", j + 1 if j < len(p) and p[j] == "]" else j)
            if j_end < 0:
                return None
            k = j
            while k < j_end:
                ch = p[k]
                if ch == "\\" and k + 1 < j_end:
                    esc = p[k + 1]
                    if esc in _CLASS_ESCAPES:
                        chars |= _CLASS_ESCAPES[esc]
                    elif esc.isalpha():
                        return None
                    else:
                        body.append(esc)
                    k += 2
                    continue
                if k + 2 < j_end and p[k + 1] == "-":
                    lo, hi = ord(ch), ord(p[k + 2])
                    if hi < lo or hi - lo > 200:
                        return None
                    chars |= {chr(x) for x in range(lo, hi + 1)}
                    k += 3
                    continue
                body.append(ch)
                k += 1
            chars |= set(body)
            i = j_end + 1
        elif c == "\\" and i + 1 < len(p):
            esc = p[i + 1]
            if esc in _CLASS_ESCAPES:
                chars |= _CLASS_ESCAPES[esc]
            elif esc.isalnum():
                return None
            else:
                chars.add(esc)
            i += 2
        elif c in "+*?":
            i += 1
        elif c == "{":
            j = p.find("}", i)
            if j < 0 or not re.fullmatch(r"\d*(,\d*)?", p[i + 1 : j]):
                return None
            i = j + 1
        elif c in ".|()^$":
            return None
        else:
            chars.add(c)
            i += 1
    if "$" in pattern and not full and pattern.endswith("$"):
        chars.add("\n")
    return chars
