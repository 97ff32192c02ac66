"""CWE-119/120/787 findings: the writes on the reported line (copies, indexes), or every write into
an array whose declaration was reported."""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_conditions import all_dead, split_live
from .c_context import Ctx, review
from .c_copies import copy_safe, copy_wrapper, wrapper_copy_safe
from .c_getenv import only_tested
from .c_index import index_safe
from .c_length_reads import string_length_reads
from .c_overflow import scanned_number_uses
from .c_scan import scan_safe, scanned_numbers
from .c_spec import COPY_FUNCS, SCAN_FUNCS
from .c_stream_reads import library_only
from .c_tree import (
    callee_of,
    on_lines,
    strip_expr,
    text,
)
from .outcome import Outcome
from .values import Note

# calls a line may hold beside getenv() that read nothing of its value (the tested call's line)
_READ_ONLY_HERE = frozenset({"fprintf", "printf", "puts", "fputs", "perror"})


def judge_buffer(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    lines_calls = on_lines(root, lo, hi, {"call_expression"})
    scans = [c for c in lines_calls if ctx.callee(c) in SCAN_FUNCS]
    calls = [c for c in lines_calls if ctx.callee(c) in COPY_FUNCS]
    wrappers = [
        c
        for c in lines_calls
        if ctx.callee(c) not in COPY_FUNCS and callee_of(c) and copy_wrapper(ctx, c) is not None
    ]
    subs = [s for s in on_lines(root, lo, hi, {"subscript_expression"}) if is_write(s)] if not calls else []
    targets: list[Node] = [*calls, *scans, *wrappers, *subs]
    # a finding about a string's length (CWE-126: strlen of a string with no terminator) is first
    # about the length reads on the line; the writes they bound are judged with them
    reads = string_length_reads(ctx, lines_calls) if targets and claims_length_read(ctx) else None
    if isinstance(reads, Outcome):
        return reads
    if not targets:
        decls = declared_arrays(root, lo, hi)
        if decls:
            from .c_decls import declaration_uses

            return declaration_uses(ctx, decls, index_safe)
        reads = string_length_reads(ctx, lines_calls)
        if isinstance(reads, Outcome):
            return reads
        if reads:
            return Outcome(
                "FALSE_POSITIVE",
                0.8,
                "string terminated inside its object",
                "Every string length read on the line reads a string that a known write terminated "
                "inside its object, and every copy or access that length bounds stays inside its object.",
                reads,
            )
        tested = only_tested(ctx, [c for c in lines_calls if callee_of(c) not in _READ_ONLY_HERE])
        if tested is not None:
            return tested
        library = library_only(ctx, root, lo, hi)
        if library is not None:
            return library
        return review("copy or array access", ctx.path, lo)
    live, dead = split_live(ctx, targets)
    if not live:
        return all_dead(ctx, targets, dead)
    notes: list[Note] = []
    read_numbers = False
    undecided: Outcome | None = None
    for node in live:
        if node in calls:
            r = copy_safe(ctx, node)
        elif node in scans:
            r = scan_safe(ctx, node)
            numbers = scanned_numbers(ctx, node)
            if numbers and not isinstance(r, Outcome):
                used = scanned_number_uses(ctx, node, numbers, index_safe)
                r = used if isinstance(used, Outcome) else [*r, *used]
                read_numbers = True
        elif node in wrappers:
            r = wrapper_copy_safe(ctx, node)
        else:
            r = index_safe(ctx, node)
        if isinstance(r, Outcome):
            if r.verdict == "TRUE_POSITIVE":
                return r
            undecided = undecided or r  # a later write on the line may be unbounded
            continue
        notes.extend(r)
    if undecided is not None:
        return undecided
    if reads:
        return Outcome(
            "FALSE_POSITIVE",
            0.85,
            "string terminated inside its object",
            "Every string length read on the line reads a string that a known write terminated "
            "inside its object, and every write on the line is bounded by the size of its destination.",
            [*reads, *notes],
        )
    return Outcome(
        "FALSE_POSITIVE",
        0.85,
        "bounded by the destination size",
        "Every write on the line is bounded by the size of its destination"
        + (
            ", and every number read there is bounded by a check wherever it is used."
            if read_numbers
            else "."
        ),
        notes,
    )


_LENGTH_NAME = re.compile(r"^[a-z0-9_]+/(\w*len)\b")


def claims_length_read(ctx: Ctx) -> bool:
    """The finding says a string length read may run past the string's object (CWE-126, or a
    flawfinder rule named after strlen/wcslen)."""
    f = ctx.finding
    return 126 in f.cwe or any(_LENGTH_NAME.match(x or "") for x in (f.rule_name, f.message))


def is_write(sub: Node) -> bool:
    parent = sub.parent
    if parent is not None and parent.type == "update_expression":
        return True
    return (
        parent is not None
        and parent.type == "assignment_expression"
        and parent.child_by_field_name("left") == sub
    )


def declared_arrays(root: Node, lo: int, hi: int) -> list[Node]:
    """Arrays declared on the reported lines (a finding about a fixed-size buffer declaration)."""
    out: list[Node] = []
    for n in on_lines(root, lo, hi, {"array_declarator"}):
        d = n.child_by_field_name("declarator")
        if d is not None and d.type in {"identifier", "field_identifier"}:
            out.append(n)
    return out


def dst_matches(dst: Node, names: list[str]) -> bool:
    t = text(strip_expr(dst))
    return any(t == n or t.endswith(("." + n, "->" + n)) for n in names)
