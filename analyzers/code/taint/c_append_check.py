"""An append whose combined length was checked: ``if (strlen(d) + strlen(s) + 1 > sizeof d)
return; strcat(d, s);`` (also ``>=`` without the 1, locals holding the two lengths, the two sides in
either order). The check bounds the string ``d`` will hold; it still holds at the append when
nothing between the measures and the append may change either string."""

from __future__ import annotations

from itertools import permutations

from tree_sitter import Node

from .c_context import Ctx
from .c_lengths import string_length_of
from .c_tree import aliases_of, squash, strip_expr, text, walk
from .values import Note


def checked_append(
    ctx: Ctx, call: Node, dst: Node, src: Node, *, size: int, func: Node | None
) -> Note | None:
    """A note when a check on the way to the append ``call`` keeps ``strlen(dst) + strlen(src)``
    below ``size`` (the bytes ``dst`` holds), with both strings unchanged since they were measured."""
    from .c_callers import quiet_between
    from .c_paths import upper_bound_of

    if func is None:
        return None
    d, s = squash(text(strip_expr(dst))), squash(text(strip_expr(src)))
    if not d.isidentifier() or not s.isidentifier() or d == s:
        return None
    dl, sl = _measures(func, d), _measures(func, s)
    pairs = [(a, b) for a in dl for b in sl]
    with_one = {"+".join(p) for a, b in pairs for p in permutations((a, b, "1"))}
    plain = {"+".join(p) for a, b in pairs for p in permutations((a, b))}
    ok = {text(n) for n in walk(func) if n.type == "identifier"} - aliases_of(func, d) - aliases_of(func, s)
    for names, extra in ((with_one, 0), (plain, 1)):
        bound = upper_bound_of(ctx, names, call, func)
        if bound is None or bound[0] + extra > size:
            continue
        where = bound[1]
        start = min(
            [where.start_byte, *(n.start_byte for n in (*dl.values(), *sl.values()) if n is not None)]
        )
        if where.end_byte > call.start_byte or not quiet_between(ctx, func, (start, call.start_byte), ok):
            continue
        return ctx.note(
            where,
            f"the combined length of `{text(dst)}` and `{text(src)}` is checked to be at most "
            f"{bound[0] + extra - 1} (`{text(dst)}` holds {size} bytes), and neither changes before the "
            "append",
            "guard",
        )
    return None


def _measures(func: Node, name: str) -> dict[str, Node | None]:
    """How the length of the string ``name`` may be spelled: ``strlen(name)``, or a local only ever
    set to it (with its first definition)."""
    out: dict[str, Node | None] = {f"strlen({name})": None}
    for var in {text(n) for n in walk(func) if n.type == "identifier"} - {name}:
        first = string_length_of(func, var, {name})
        if first is not None:
            out[var] = first
    return out
