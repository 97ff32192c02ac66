"""Workspace globs (exclude and privacy lists): ``**`` spans directories, ``*`` and ``?`` do not.

Patterns are matched against workspace-relative POSIX paths. A pattern without a
slash matches the file name at any depth (``*.pem``), as in .gitignore.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache


@lru_cache(maxsize=512)
def _compile(pattern: str) -> re.Pattern[str]:
    pat = pattern.strip().replace("\\", "/")
    if pat.startswith("./"):
        pat = pat[2:]
    pat = pat.lstrip("/")
    if "/" not in pat.rstrip("/"):
        pat = "**/" + pat
    if pat.endswith("/"):
        pat += "**"
    out: list[str] = []
    i = 0
    while i < len(pat):
        c = pat[i]
        if pat.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pat.startswith("**", i):
            out.append(".*")
            i += 2
        elif c == "*":
            out.append("[^/]*")
            i += 1
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[":
            j = pat.find("]", i + 1)
            if j < 0:
                out.append(re.escape(c))
                i += 1
            else:
                body = pat[i + 1 : j]
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append("[" + body.replace("\\", "\\\\") + "]")
                i = j + 1
        else:
            out.append(re.escape(c))
            i += 1
    return re.compile("".join(out) + r"\Z")


def matches(rel: str, patterns: Sequence[str]) -> bool:
    """True when the relative POSIX path ``rel``, or a directory above it, matches one of ``patterns``."""
    compiled = [_compile(p) for p in patterns if p.strip()]
    if not compiled:
        return False
    parts = rel.strip("/").split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    return any(rx.match(prefix) for rx in compiled for prefix in prefixes)


def dir_excluded(rel_dir: str, patterns: Sequence[str]) -> bool:
    """True when everything under directory ``rel_dir`` is excluded (``build/**``, ``**/node_modules/**``)."""
    probe = rel_dir.rstrip("/") + "/\x00"
    for raw in patterns:
        p = raw.strip()
        if not p:
            continue
        if p.endswith("/**") or p.endswith("/"):
            if _compile(p).match(probe):
                return True
        elif _compile(p).match(rel_dir):
            return True  # a pattern naming the directory itself (".venv", "node_modules")
    return False
