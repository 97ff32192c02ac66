"""A string copied into a (pointer, size) parameter pair under a check of its measure:
``need = strlen(dir) + 1 + strlen(name) + 1; if (need > outsz) return -1; strcpy(out, dir);``.

The copy writes ``strlen(dir) + 1`` bytes at ``out``. It fits when
- ``out`` and ``outsz`` are parameters of the function that keep what callers hand them, and every
  visible call hands a pair that holds (c_caller_pairs.callers_pair: for a function other files may
  call, the interface's contract), with no call's size a difference that may wrap;
- the backward prover (c_capacity_wp, ``strlen(dir)`` an atom of its sums: c_measure_bound) shows
  ``strlen(dir) + 1 <= outsz`` where the copy runs, from the checks before it;
- the string is measured before the copy and nothing between may change it (the caller checks that:
  c_copies._string_unchanged), so the length measured is the length copied."""

from __future__ import annotations

from tree_sitter import Node

from .c_caller_pairs import callers_pair
from .c_caller_wrap import callers_may_wrap
from .c_callers import keeps_value
from .c_capacity import prover as new_prover
from .c_capacity_wp import Want
from .c_context import Ctx
from .c_measure_bound import first_measure
from .c_tree import call_args, callee_of, line_of, param_names, squash, stripped_text, text, walk
from .values import Note


def string_fits_pair(
    ctx: Ctx, call: Node, dst: Node, src: Node, func: Node | None
) -> tuple[Note, Node] | None:
    """A note (and the first measure of the source, for the caller to check the string unchanged
    since) when copying the string ``src`` with its terminator into ``dst`` stays inside the pair
    ``dst`` is a part of."""
    if func is None:
        return None
    d, s = stripped_text(dst), squash(stripped_text(src))
    params = param_names(func)
    if d not in params or not s.isidentifier() or not keeps_value(func, d):
        return None
    first = first_measure(func, s, call)
    if first is None:
        return None
    for size in params:
        if size in {d, s} or not keeps_value(func, size):
            continue
        named = next((n for n in walk(func) if n.type == "identifier" and text(n) == size), None)
        if named is None or not callers_pair(ctx, func, d, named) or callers_may_wrap(ctx, func, named):
            continue
        prover = new_prover(ctx, target=call, measures=_measured(func, call) | {s})
        check = prover.holds(Want(({f"strlen({s})": 1}, 1), ({size: 1}, 0)), call, func)
        if check is not None:
            why = (
                f"`strlen({s}) + 1` is kept at most `{size}` by the check at line {line_of(check)}, "
                f"and every call of this function hands `{d}` at least `{size}` bytes"
            )
            return ctx.note(call, why, "guard"), first
    return None


def _measured(func: Node, at: Node) -> frozenset[str]:
    """The strings ``strlen()`` measures in ``func`` before ``at``: each measure is an atom of the
    prover's sums (``need = strlen(dir) + 1 + strlen(name) + 1``)."""
    return frozenset(
        squash(stripped_text(call_args(c)[0]))
        for c in walk(func)
        if c.type == "call_expression"
        and callee_of(c) == "strlen"
        and len(call_args(c)) == 1
        and squash(stripped_text(call_args(c)[0])).isidentifier()
        and c.end_byte <= at.start_byte
    )
