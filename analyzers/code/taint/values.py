"""The abstract values of the taint analysis: where a value may come from, and why it is safe.

A :class:`Val` is what the analyst knows about one runtime value for one CWE family:
its *origins* (attacker-controlled sources, parameters still to resolve, calls it
could not see into), its constant value when exactly known, the notes that
explain why it is safe (the constant, the sanitizer, the guard), the steps it took,
and, for containers, what each constant key or position holds. No origins means
"not attacker-controlled for this family"; only such values can make a finding a
false positive.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..constfold import NOT_CONST

OriginKind = Literal["source", "param", "unknown"]
NoteRole = Literal[
    "source", "sink", "step", "sanitizer", "constant", "dead_branch", "safe_variant", "guard", "note"
]

MAX_NOTES = 6
MAX_STEPS = 8
MAX_FIELDS = 64
MAX_CHOICES = 16


@dataclass(frozen=True, slots=True, order=True)
class Note:
    """A located fact: ``why`` it matters, with the ``role`` the editor shows it under."""

    path: str
    start_line: int
    end_line: int
    why: str
    role: NoteRole


@dataclass(frozen=True, slots=True, order=True)
class Origin:
    """Where a tainted value may come from.

    ``source``: a known attacker-controlled input; ``param``: parameter ``index`` of the
    function being analysed (resolved later by its callers); ``unknown``: a call or name
    the analysis could not see through (kept as possibly tainted).
    """

    kind: OriginKind
    what: str
    path: str
    line: int
    index: int = -1
    name: str = ""


@dataclass(frozen=True, slots=True)
class Val:
    origins: frozenset[Origin] = frozenset()
    const: Any = field(default=NOT_CONST, compare=False)
    notes: tuple[Note, ...] = ()
    steps: tuple[Note, ...] = ()
    fields: tuple[tuple[Any, Val], ...] | None = None  # container content by constant key/position
    exact: bool = False  # ``fields`` lists every element (a list/tuple of known length, a dict literal)
    # facts about the object: "normalized" (a resolved path) holds only if it holds on every path;
    # flags starting with "!" are dangers ("!external_entities") and hold if they hold on any path
    flags: frozenset[str] = frozenset()
    # the constants the value may be, when every path gives a known constant (``"sh" if posix else
    # "cmd"``); None when unknown. A single constant is ``const``.
    choices: frozenset[Any] | None = field(default=None, compare=False)
    # text every (string) value starts with, when known: ``"https://" + host`` starts with "https://"
    prefix: str = field(default="", compare=False)

    @property
    def tainted(self) -> bool:
        return bool(self.origins)

    @property
    def is_const(self) -> bool:
        return self.const is not NOT_CONST

    def possible(self) -> frozenset[Any] | None:
        """Every constant this value may be (None when some path is not a known constant)."""
        if self.is_const:
            return frozenset({self.const}) if _hashable(self.const) else None
        return self.choices

    def lead(self) -> str:
        """Text every possible value starts with ("" when unknown)."""
        if isinstance(self.const, str):
            return self.const
        if self.choices:
            texts = [c for c in self.choices if isinstance(c, str)]
            if len(texts) == len(self.choices):
                return _common_prefix(texts)
            return ""
        return self.prefix

    def field(self, key: Any) -> Val | None:
        if self.fields is None:
            return None
        for k, v in self.fields:
            if k == key and type(k) is type(key):
                return v
        return None

    def element(self) -> Val:
        """Any element of this container (the join of what is known, or the whole value)."""
        if self.fields is not None and self.exact:
            if not self.fields:
                return Val(notes=self.notes)
            return join_all(v for _, v in self.fields)
        return replace(self, fields=None, exact=False, const=NOT_CONST)

    def with_note(self, note: Note) -> Val:
        return replace(self, notes=_merge(self.notes, (note,), MAX_NOTES))

    def with_step(self, note: Note) -> Val:
        if not self.origins:
            return self
        return replace(self, steps=_merge(self.steps, (note,), MAX_STEPS, keep_last=True))

    def cleaned(self, note: Note) -> Val:
        """The same value, proven safe for the family by ``note`` (a sanitizer or a guard)."""
        return Val(
            const=self.const,
            notes=_merge(self.notes, (note,), MAX_NOTES),
            flags=self.flags,
            choices=self.choices,
            prefix=self.prefix,
        )


CLEAN = Val()


def const_val(value: Any, note: Note | None = None) -> Val:
    return Val(const=value, notes=(note,) if note is not None else ())


def tainted(origin: Origin, note: Note | None = None) -> Val:
    return Val(origins=frozenset({origin}), steps=(note,) if note is not None else ())


def _merge(a: tuple[Note, ...], b: tuple[Note, ...], cap: int, keep_last: bool = False) -> tuple[Note, ...]:
    if not b:
        return a
    if not a:
        return b[-cap:] if keep_last else b[:cap]
    out = list(a)
    seen = set(a)
    for n in b:
        if n not in seen:
            out.append(n)
            seen.add(n)
    return tuple(out[-cap:] if keep_last else out[:cap])


def join(a: Val, b: Val) -> Val:
    """The value that may be either ``a`` or ``b``."""
    if a is b:
        return a
    const = a.const if (a.is_const and b.is_const and _same(a.const, b.const)) else NOT_CONST
    fields: tuple[tuple[Any, Val], ...] | None = None
    exact = False
    if a.fields is not None and b.fields is not None:
        keys = [k for k, _ in a.fields]
        for k, _ in b.fields:
            if not any(k == x and type(k) is type(x) for x in keys):
                keys.append(k)
        merged: list[tuple[Any, Val]] = []
        for k in keys[:MAX_FIELDS]:
            fa, fb = a.field(k), b.field(k)
            if fa is not None and fb is not None:
                merged.append((k, join(fa, fb)))
            else:
                merged.append((k, fa or fb or CLEAN))
        fields = tuple(merged)
        exact = a.exact and b.exact and len(a.fields) == len(b.fields)
        if not exact:
            # a key missing on one side may hold anything the other side's whole value holds
            fields = tuple((k, v) for k, v in fields)
    choices: frozenset[Any] | None = None
    pa, pb = a.possible(), b.possible()
    if const is NOT_CONST and pa is not None and pb is not None and not a.origins and not b.origins:
        both = pa | pb
        choices = both if len(both) <= MAX_CHOICES else None
    la, lb = a.lead(), b.lead()
    return Val(
        origins=a.origins | b.origins,
        const=const,
        notes=_merge(a.notes, b.notes, MAX_NOTES),
        steps=_merge(a.steps, b.steps, MAX_STEPS),
        fields=fields,
        exact=exact,
        flags=(a.flags & b.flags) | {f for f in a.flags | b.flags if f.startswith("!")},
        choices=choices,
        prefix=_common_prefix([la, lb]) if la and lb else "",
    )


def join_all(vals: Iterable[Val]) -> Val:
    out: Val | None = None
    for v in vals:
        out = v if out is None else join(out, v)
    return out if out is not None else CLEAN


def combine(parts: Iterable[Val], const: Any = NOT_CONST) -> Val:
    """A value computed from ``parts`` (a concatenation, a formatted string): tainted if any part is."""
    origins: frozenset[Origin] = frozenset()
    notes: tuple[Note, ...] = ()
    steps: tuple[Note, ...] = ()
    for p in parts:
        origins |= p.origins
        notes = _merge(notes, p.notes, MAX_NOTES)
        steps = _merge(steps, p.steps, MAX_STEPS)
    return Val(origins=origins, const=const, notes=notes, steps=steps)


def _hashable(c: Any) -> bool:
    try:
        hash(c)
    except TypeError:
        return False
    return True


def _common_prefix(texts: list[str]) -> str:
    if not texts:
        return ""
    lo, hi = min(texts), max(texts)
    i = 0
    while i < len(lo) and lo[i] == hi[i]:
        i += 1
    return lo[:i]


def container(items: list[tuple[Any, Val]], exact: bool, const: Any = NOT_CONST) -> Val:
    base = combine((v for _, v in items), const=const)
    return replace(base, fields=tuple(items[:MAX_FIELDS]), exact=exact and len(items) <= MAX_FIELDS)


def _same(a: Any, b: Any) -> bool:
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:
        return False


def substitute(val: Val, params: dict[int, Val]) -> Val:
    """Replace ``param`` origins by the values the caller passed (summary application)."""
    if not any(o.kind == "param" for o in val.origins):
        return val
    keep = frozenset(o for o in val.origins if o.kind != "param")
    parts = [Val(origins=keep, notes=val.notes, steps=val.steps)]
    for o in val.origins:
        if o.kind == "param":
            parts.append(params.get(o.index, CLEAN))
    out = combine(parts, const=val.const)
    return replace(out, flags=val.flags)
