"""flawfinder's warnings on library calls that copy nothing into the program's own buffers.

- ``buffer/getopt`` (CWE-120/20): "some older implementations do not protect against internal
  buffer overflows". The weakness is inside an old C library, not in the calling code: ``getopt()``
  and ``getopt_long()`` hand back pointers into ``argv`` and store nothing the caller sized. The
  finding is kept when the call's line also stores into an array (that store is the finding then).
- ``buffer/getc`` / ``fgetc`` / ``getchar`` (CWE-120/20): "check buffer boundaries if used in a loop".
  A character read in a loop overflows nothing unless the loop stores it into memory: every use of
  the character in the loop must be a comparison, a ``switch``, or an argument of a library call
  that only reads it (``putc``, ``isspace``...). A store of it into an array (``buf[n++] = c``), its
  use as an index (``count[c]++``: ``EOF`` is -1), arithmetic kept in another variable, or a call
  the analyst does not know keeps the finding for a human look."""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import LOOPS
from .c_context import Ctx
from .c_spec import CHAR_READERS, CHAR_USERS, OPTION_PARSERS
from .c_tree import (
    declared_name,
    enclosing_function,
    line_of,
    on_lines,
    strip_expr,
    stripped_text,
    text,
    walk,
)
from .outcome import Outcome


def library_only(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome | None:
    """A FALSE_POSITIVE when the line's flagged call is one of the above and copies nothing of the
    program's own; None when it does not apply (the caller's judgement stands)."""
    calls = on_lines(root, lo, hi, {"call_expression"})
    parsers = [c for c in calls if ctx.callee(c) in OPTION_PARSERS]
    if parsers:
        call = parsers[0]
        return Outcome(
            "FALSE_POSITIVE",
            0.7,
            "library option parser",
            f"{ctx.callee(call)}() at line {line_of(call)} copies nothing into a buffer of this program: it "
            "hands back pointers into argv. The overflow flawfinder warns of was inside some old C "
            "libraries' own code, not in code written here.",
            [ctx.note(call, f"{ctx.callee(call)}() stores nothing the caller sized", "safe_variant")],
        )
    readers = [c for c in calls if ctx.callee(c) in CHAR_READERS]
    if not readers:
        return None
    for call in readers:
        if not _kept_out_of_arrays(ctx, call):
            return None
    call = readers[0]
    return Outcome(
        "FALSE_POSITIVE",
        0.7,
        "characters not stored",
        f"The character {ctx.callee(call)}() reads at line {line_of(call)} is only compared, switched on or "
        "handed to library calls that only read it: the loop stores it into no array and through no "
        "pointer, so no buffer bound is at stake.",
        [ctx.note(call, "the character read is stored in no buffer", "guard")],
    )


def _kept_out_of_arrays(ctx: Ctx, call: Node) -> bool:
    """The character ``call`` returns goes, in the loop around it, only where it cannot overflow."""
    holder = call.parent
    while holder is not None and holder.type == "parenthesized_expression":
        holder = holder.parent
    name: str | None = None
    if (
        holder is not None
        and holder.type == "assignment_expression"
        and text(holder.child_by_field_name("operator")) == "="
    ):
        left = strip_expr(holder.child_by_field_name("left") or holder)
        if left.type != "identifier":
            return False  # `buf[i] = getc(f)`, `*p = getc(f)`: stored straight into memory
        name = text(left)
    elif holder is not None and holder.type == "init_declarator":
        name = declared_name(holder.child_by_field_name("declarator"))
    elif (
        holder is None
        or holder.type not in {"binary_expression", "argument_list"}
        or (holder.type == "argument_list" and not _reads_only(ctx, holder.parent))
    ):
        return False
    func = enclosing_function(call)
    scope = _loop_around(call) or func
    if scope is None:
        return False
    if name is None:
        return True  # compared or handed on right away, never kept
    for n in walk(scope):
        if n.type != "identifier" or text(n) != name or n == call:
            continue
        if not _harmless_use(ctx, n, name):
            return False
    return True


def _loop_around(node: Node) -> Node | None:
    cur = node.parent
    while cur is not None and cur.type != "function_definition":
        if cur.type in LOOPS:
            return cur
        cur = cur.parent
    return None


_COMPARISONS = frozenset({"==", "!=", "<", ">", "<=", ">="})


def _harmless_use(ctx: Ctx, ident: Node, name: str) -> bool:
    """One use of the character variable that cannot store it, nor anything computed from it, into
    memory: the assignment that reads it, a comparison, a ``switch`` on it, or an argument of a
    library call that only reads it. Anything else (arithmetic kept elsewhere, an index, a return)
    is not followed."""
    parent = ident.parent
    while parent is not None and parent.type in {"parenthesized_expression", "cast_expression"}:
        parent = parent.parent
    if parent is None:
        return False
    if parent.type == "assignment_expression" and stripped_text(parent.child_by_field_name("left")) == name:
        right = strip_expr(parent.child_by_field_name("right") or parent)
        return right.type == "call_expression" and ctx.callee(right) in CHAR_READERS  # `c = getc(f)` again
    if parent.type == "binary_expression":
        return text(parent.child_by_field_name("operator")) in _COMPARISONS
    if parent.type in {"switch_statement", "condition_clause"}:
        return True
    if parent.type == "argument_list":
        return _reads_only(ctx, parent.parent)
    return False


def _reads_only(ctx: Ctx, call: Node | None) -> bool:
    return call is not None and call.type == "call_expression" and ctx.callee(call) in CHAR_USERS
