"""A length shown at most a fixed size where a write uses it, by the backward prover of c_capacity_wp:
``if (len < 4 || len > sizeof(out) + 2) return -1; memcpy(out, w + 2, len - 2);`` (``len - 2 <= 64``
from ``len <= 66``, and ``len - 2`` does not wrap under ``len >= 4``), or a clamp proven arm by arm.
The length must not be negative: a signed part shown so, or unsigned parts whose difference the
checks keep from wrapping."""

from __future__ import annotations

from tree_sitter import Node

from .c_capacity import nonnegative
from .c_capacity_wp import Prover, Want, lin
from .c_context import Ctx
from .c_paths import cannot_be_negative


def proven_at_most(ctx: Ctx, at: Node, n: Node, size: int, func: Node) -> Node | None:
    """The check or statement that shows ``n <= size`` where ``at`` runs; None otherwise."""
    count = lin(ctx, n, func)
    if count is None or not count[0]:
        return None  # a constant is the callers' to compare
    if not cannot_be_negative(ctx, n, at, func) and not all(nonnegative(ctx, v, at, func) for v in count[0]):
        return None
    prover = Prover(ctx, lambda atom, here, f: nonnegative(ctx, atom, here, f), target=at)
    if not prover.no_wrap(count, at, func):
        return None
    return prover.holds(Want(count, ({}, size)), at, func)
