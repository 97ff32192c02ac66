"""A length shown at most a fixed size where a write uses it, by the backward prover of c_capacity_wp:
``if (len < 4 || len > sizeof(out) + 2) return -1; memcpy(out, w + 2, len - 2);`` (``len - 2 <= 64``
from ``len <= 66``, and ``len - 2`` does not wrap under ``len >= 4``), or a clamp proven arm by arm.
The length must not be negative: a signed part shown so, or unsigned parts whose difference the
checks keep from wrapping."""

from __future__ import annotations

from tree_sitter import Node

from .c_capacity import nonnegative, prover
from .c_capacity_wp import Want, lin
from .c_context import Ctx
from .c_objects import elem_of
from .c_paths import cannot_be_negative
from .c_tree import line_of, strip_expr, text
from .c_values import dst_size
from .values import Note


def proven_at_most(ctx: Ctx, at: Node, n: Node, size: int, func: Node) -> Node | None:
    """The check or statement that shows ``n <= size`` where ``at`` runs; None otherwise."""
    count = lin(ctx, n, func)
    if count is None or not count[0]:
        return None  # a constant is the callers' to compare
    if not cannot_be_negative(ctx, n, at, func) and not all(nonnegative(ctx, v, at, func) for v in count[0]):
        return None
    proof = prover(ctx, target=at)
    if not proof.no_wrap(count, at, func):
        return None
    return proof.holds(Want(count, ({}, size)), at, func)


def output_at_offset_fits(ctx: Ctx, at: Node, dst: Node, out: int, func: Node) -> Note | None:
    """A note when ``out`` bytes written at ``dst`` (``arr + off``, ``arr`` an array of known size)
    are shown to end inside ``arr`` where ``at`` runs, with ``off`` not negative."""
    d = strip_expr(dst)
    if d.type != "binary_expression" or text(d.child_by_field_name("operator")) != "+":
        return None
    arr, off = d.child_by_field_name("left"), d.child_by_field_name("right")
    size = dst_size(ctx, arr, func) if arr is not None else None
    offset = lin(ctx, off, func)
    if (
        size is None
        or offset is None
        or arr is None
        or elem_of(ctx, text(strip_expr(arr)), func) not in {None, 1}
    ):
        return None
    if any(c < 0 for c in offset[0].values()) or offset[1] < 0:
        return None
    if not all(nonnegative(ctx, v, at, func) for v in offset[0]):
        return None
    shown = prover(ctx, target=at).holds(Want((offset[0], offset[1] + out), ({}, size)), at, func)
    if shown is None:
        return None
    return ctx.note(
        shown,
        f"the {out} bytes written at `{text(dst)}` end inside the {size} bytes of `{text(strip_expr(arr))}`, "
        f"as the code up to line {line_of(shown)} shows",
        "guard",
    )
