"""gcc's ``-Wanalyzer-null-argument`` / ``-Wanalyzer-possible-null-argument``: "use of NULL where
non-null expected", about one argument of a call (its last path event names it: "argument 1
(‘*sb.data + *sb.len’) NULL where non-null expected"). The argument is judged, not every pointer on
the line: a buffer member kept under the capacity contract (c_capacity) is not NULL where its
capacity is shown to be at least 1, since the contract stores NULL only with a capacity of 0 and
every other store is an allocation checked not to have failed."""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_capacity import capacity_member, member_and_offset
from .c_capacity import prover as new_prover
from .c_capacity_wp import Want
from .c_context import Ctx
from .c_tree import call_args, callee_of, enclosing_function, line_of, on_lines, text
from .outcome import Outcome

_RULES = {"-Wanalyzer-null-argument", "-Wanalyzer-possible-null-argument"}
_EVENT = re.compile(r"argument (\d+) \(.*?\) (?:possibly )?NULL where non-null expected")


def null_argument(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome | None:
    """FALSE_POSITIVE when the argument gcc names cannot be NULL by the capacity contract; None when
    this does not apply (the finding is judged as any NULL dereference)."""
    if ctx.finding.rule_id not in _RULES:
        return None
    pos = next(
        (int(m.group(1)) for t in reversed(ctx.finding.trace) if (m := _EVENT.search(t.message)) is not None),
        None,
    )
    if pos is None:
        return None
    calls = [c for c in on_lines(root, lo, hi, {"call_expression"}) if len(call_args(c)) >= pos]
    if len(calls) != 1:
        return None
    call = calls[0]
    arg = call_args(call)[pos - 1]
    func = enclosing_function(call)
    split = member_and_offset(ctx, arg, func) if func is not None else None
    if split is None or func is None:
        return None
    base, member, _offset = split
    cap = capacity_member(ctx, member)
    if cap is None:
        return None
    prover = new_prover(ctx)
    check = prover.holds(Want(({}, 1), ({f"{base}{cap}": 1}, 0)), call, func)
    if check is None:
        return None
    return Outcome(
        "FALSE_POSITIVE",
        0.8,
        "argument not NULL by the capacity contract",
        f"Argument {pos} of {callee_of(call)}() at line {line_of(call)} (`{text(arg)}`) is not NULL: "
        f"`{base}{cap}` is at least 1 there (line {line_of(check)}), and every store of this file keeps "
        f"`{member}` pointing to at least `{cap}` bytes, storing NULL only with a capacity of 0.",
        [
            ctx.note(call, f"gcc says argument {pos} (`{text(arg)}`) may be NULL", "sink"),
            ctx.note(
                check,
                f"`{base}{cap}` is at least 1 here (line {line_of(check)}), and every store of this file "
                f"keeps `{member}` pointing to at least `{cap}` bytes: NULL only with a capacity of 0",
                "guard",
            ),
        ],
    )
