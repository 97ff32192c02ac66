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


# bytes a numeric conversion stores, by its length modifier
_INT_BYTES = {"hh": 1, "h": 2, "": 4, "l": 8, "ll": 8, "j": 8, "z": 8, "t": 8}
_FLOAT_BYTES = {"": 4, "l": 8, "L": 16}


def length_of(ctx: Ctx, call: Node, arg: Node) -> str:
    """The length modifier of the conversion that writes ``arg`` ("" for none)."""
    for a, _conv, _width, _wide, length in _conversions(ctx, call) or []:
        if a.start_byte == arg.start_byte and a.end_byte == arg.end_byte:
            return length
    return ""


def _number_fits(ctx: Ctx, arg: Node, conv: str, length: str, func: Node | None) -> Note | Outcome | None:
    """``&x`` for a numeric conversion: a note when ``x`` is declared of exactly the size the
    conversion stores, the finding kept when it is smaller; None when its type is not known."""
    from .c_tree import strip_expr
    from .c_values import ELEM_SIZES, declared_type

    if conv == "p":
        size: int | None = 8
    elif conv in "diouxXn":
        size = _INT_BYTES.get(length)
    else:
        size = _FLOAT_BYTES.get(length)
    a = strip_expr(arg)
    if size is None or a.type != "pointer_expression" or text(a.child_by_field_name("operator")) != "&":
        return None
    target = strip_expr(a.child_by_field_name("argument") or a)
    if target.type != "identifier":
        return None
    declared = declared_type(text(target), func, ctx.parsed.tree.root_node)
    held = ELEM_SIZES.get(declared) if declared is not None and not declared.endswith("*") else None
    if held is None:
        return None
    if held < size:
        why = f"`%{length}{conv}` stores {size} bytes into `{text(target)}`, a {declared} of {held}"
        return keep(ctx, arg, why, "unbounded write")
    return ctx.note(
        arg, f"`%{length}{conv}` stores {size} bytes into `{text(target)}`, a {declared}", "guard"
    )


def scanned_numbers(ctx: Ctx, call: Node) -> list[Node]:
    """The arguments a scanf-like call stores numbers into (not strings nor ``%n``): a numeric
    conversion, or ``%c`` into one character variable (``&c``), whose value is as much input as a
    number's once it is used in arithmetic or as an index."""
    from .c_tree import strip_expr

    def one_char(a: Node, w: int | None) -> bool:
        e = strip_expr(a)
        inner = e.child_by_field_name("argument") if e.type == "pointer_expression" else None
        return (
            (w is None or w == 1)
            and text(e.child_by_field_name("operator")) == "&"
            and inner is not None
            and strip_expr(inner).type == "identifier"
        )

    return [
        a
        for a, conv, w, _wide in scan_targets(ctx, call) or []
        if conv not in {"s", "[", "c", "S", "C", "n"} or (conv in {"c", "C"} and one_char(a, w))
    ]


def scan_targets(ctx: Ctx, call: Node) -> list[tuple[Node, str, int | None, bool]] | None:
    """(argument, conversion, width, wide) for every argument the call writes, or None when its
    format is not a constant."""
    got = _conversions(ctx, call)
    return [(a, conv, width, wide) for a, conv, width, wide, _length in got] if got is not None else None


def _conversions(ctx: Ctx, call: Node) -> list[tuple[Node, str, int | None, bool, str]] | None:
    """(argument, conversion, width, wide, length modifier) for every argument the call writes, or
    None when its format is not a constant."""
    args = call_args(call)
    fi = SCAN_FUNCS[ctx.callee(call)]
    if fi >= len(args):
        return None
    fmt = const_string(ctx, args[fi], enclosing_function(call))
    if fmt is None:
        return None
    out: list[tuple[Node, str, int | None, bool, str]] = []
    ai = fi + 1
    for m in _SCAN_CONV.finditer(fmt[0]):
        suppressed, width, length, conv = m.group(1), m.group(2), m.group(3), m.group(4)
        if conv == "%" or suppressed:
            continue
        if ai >= len(args):
            break
        wide = length == "l" or conv in {"S", "C"} or ctx.callee(call).startswith(("w", "fw", "sw"))
        out.append((args[ai], conv[0], int(width) if width else None, wide, length or ""))
        ai += 1
    return out


def scan_safe(
    ctx: Ctx, call: Node, only: set[str] | None = None, *, fields: bool = False
) -> list[Note] | Outcome:
    """Every string conversion of a scanf-like call fits the buffer it writes (``only``: judge
    just the arguments pointing into these names, struct fields named as ``pointer_bases`` does
    with ``fields``)."""
    from .c_tree import pointer_bases

    targets = scan_targets(ctx, call)
    name = ctx.callee(call)
    if targets is None:
        return keep(ctx, call, f"the format of {name}() is not a constant", "unbounded write")
    func = enclosing_function(call)
    notes: list[Note] = [ctx.note(call, f"{name}() writes what it reads", "sink")]
    for arg, conv, width, wide in targets:
        if only is not None and not pointer_bases(arg, fields=fields) & only:
            continue
        if conv not in {"s", "[", "c", "S", "C"}:
            fits = _number_fits(ctx, arg, conv, length_of(ctx, call, arg), func)
            if isinstance(fits, Outcome):
                return fits
            if fits is not None:
                notes.append(fits)
            continue
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
                call,
                f"`%{width if width is not None else ''}{conv}` writes at most {need} "
                f"byte{'s' if need != 1 else ''}; `{text(arg)}` holds {room}",
                "guard",
            )
        )
    return notes
