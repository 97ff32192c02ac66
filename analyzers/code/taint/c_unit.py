"""Which files a C translation unit spans, as far as the workspace shows: the local headers it
includes (directly or not) and the files that include it. A leaf module (used by c_callers and
c_values without an import cycle)."""

from __future__ import annotations

import re

from .c_context import Ctx

_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.M)


def unit_closed(ctx: Ctx, name: str) -> bool:
    """The file's translation unit, as far as the workspace shows it, names ``name`` only in this
    file: no local header it includes (directly or not) mentions it nor pastes names together in a
    macro (``##``), and no file of the workspace includes this one (a header's or an included
    ``.c`` file's functions are called from the files that include it)."""
    try:
        files = ctx.index.files()
        words = ctx.index.word_index()
    except Exception:
        return False
    by_base: dict[str, list[str]] = {}
    for f in files:
        by_base.setdefault(f.rsplit("/", 1)[-1], []).append(f)
    own = ctx.path.rsplit("/", 1)[-1]
    stem = own.rsplit(".", 1)[0]
    for other in words.get(("call", stem), []):
        if other != ctx.path and _includes(ctx, other, own):
            return False
    mentioning = set(words.get(("call", name), []))
    seen = {ctx.path}
    todo = [ctx.path]
    while todo:
        cur = todo.pop()
        body = _source(ctx, cur)
        if body is None:
            return False
        if cur != ctx.path and (cur in mentioning or "##" in body):
            return False
        for inc in _INCLUDE.findall(body):
            for f in by_base.get(inc.rsplit("/", 1)[-1], []):
                if f not in seen:
                    seen.add(f)
                    todo.append(f)
    return True


def _source(ctx: Ctx, path: str) -> str | None:
    parsed = ctx.parsed if path == ctx.path else ctx.index.file(path)
    raw = None if parsed is None else parsed.tree.root_node.text
    return None if raw is None else raw.decode("utf-8", "replace")


def _includes(ctx: Ctx, path: str, base: str) -> bool:
    body = _source(ctx, path)
    return body is not None and any(inc.rsplit("/", 1)[-1] == base for inc in _INCLUDE.findall(body))
