"""scanf-family conversions as writes: ``%s`` and ``%[`` without a width write as much as the input
holds (unbounded); with a width they write at most width + 1 characters (the terminator), ``%Nc``
exactly N. Numbers are written into scalars of their own size."""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx, keep
from .c_objects import writable
from .c_spec import SCAN_FUNCS
from .c_tree import call_args, enclosing_function, text
from .c_values import const_string
from .outcome import Outcome
from .values import Note

# %[*][width][length](conversion | [set])
_SCAN_CONV = re.compile(r"%(\*)?(\d+)?(hh|h|ll|l|j|z|t|L)?(\[\^?\]?[^\]]*\]|[diouxXaAeEfFgGsScCpn%])")


def scan_targets(ctx: Ctx, call: Node) -> list[tuple[Node, str, int | None, bool]] | None:
    """(argument, conversion, width, wide) for every argument the call writes, or None when its
    format is not a constant."""
    args = call_args(call)
    fi = SCAN_FUNCS[ctx.callee(call)]
    if fi >= len(args):
        return None
    fmt = const_string(ctx, args[fi], enclosing_function(call))
    if fmt is None:
        return None
    out: list[tuple[Node, str, int | None, bool]] = []
    ai = fi + 1
    for m in _SCAN_CONV.finditer(fmt[0]):
        suppressed, width, length, conv = m.group(1), m.group(2), m.group(3), m.group(4)
        if conv == "%" or suppressed:
            continue
        if ai >= len(args):
            break
        wide = length == "l" or conv in {"S", "C"} or ctx.callee(call).startswith(("w", "fw", "sw"))
        out.append((args[ai], conv[0], int(width) if width else None, wide))
        ai += 1
    return out


def scan_safe(ctx: Ctx, call: Node, only: set[str] | None = None) -> list[Note] | Outcome:
    """Every string conversion of a scanf-like call fits the buffer it writes (``only``: judge
    just the arguments pointing into these names)."""
    from .c_tree import pointer_base

    targets = scan_targets(ctx, call)
    name = ctx.callee(call)
    if targets is None:
        return keep(ctx, call, f"the format of {name}() is not a constant", "unbounded write")
    func = enclosing_function(call)
    notes: list[Note] = [ctx.note(call, f"{name}() writes what it reads", "sink")]
    for arg, conv, width, wide in targets:
        if only is not None and pointer_base(arg) not in only:
            continue
        if conv not in {"s", "[", "c", "S", "C"}:
            continue  # a number into a scalar of its own type
        if conv in {"s", "[", "S"} and width is None:
            return keep(
                ctx,
                call,
                f"{name}() `%{conv}` without a width writes as much as the input holds into `{text(arg)}`",
                "unbounded write",
            )
        need = (width or 1) + (0 if conv in {"c", "C"} else 1)
        need *= 4 if wide else 1
        room = writable(ctx, arg, func)
        if room is None or need > room:
            return keep(
                ctx,
                call,
                f"{name}() may write {need} bytes into `{text(arg)}`"
                + (f", which holds {room}" if room is not None else ", whose size is not known"),
                "unbounded write",
            )
        notes.append(
            ctx.note(
                call, f"`%{width}{conv}` writes at most {need} bytes; `{text(arg)}` holds {room}", "guard"
            )
        )
    return notes
