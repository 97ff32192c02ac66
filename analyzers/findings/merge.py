"""Group the same problem reported by several tools: same file, same start line, and the same
weakness from different tools -> one group. The same weakness: a shared CWE, the same rule id, or
the same weakness family (``eval`` is CWE-95 for semgrep and, coarsely, CWE-78 for bandit B307;
MD5 is CWE-327 for one tool and CWE-328 for another)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .model import LEVELS, Finding

_RANK = {level: i for i, level in enumerate(LEVELS)}  # error < warning < note < none


@dataclass(frozen=True)
class FindingGroup:
    primary: Finding  # the member with the highest level (ties: first seen)
    members: tuple[Finding, ...]  # in input order, primary included

    @property
    def tools(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f.tool for f in self.members))

    @property
    def cwe(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(c for f in self.members for c in f.cwe))


def _related(a: Finding, b: Finding, family: Callable[[Finding], str | None]) -> bool:
    if a.tool.lower() == b.tool.lower():
        return False
    if set(a.cwe) & set(b.cwe) or a.rule_id == b.rule_id:
        return True
    fa = family(a)
    return fa is not None and fa == family(b)


def group_duplicates(findings: Iterable[Finding]) -> list[FindingGroup]:
    """Every finding ends in exactly one group (most groups have one member), in input order.

    Within one (path, start line), findings are joined when they come from different tools
    and share a CWE, the rule id or the weakness family; joining is transitive (union-find).
    """
    # lazily: this package imports nothing of ours at import
    from ..code.taint.families import CLAIM_FAMILIES, family_of

    items = list(findings)
    parent = list(range(len(items)))
    families: dict[int, str | None] = {}

    def family(f: Finding) -> str | None:
        """The weakness family (a family of claims, such as code quality, joins nothing)."""
        if id(f) not in families:
            got = family_of(f)
            families[id(f)] = None if got in CLAIM_FAMILIES else got
        return families[id(f)]

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    by_place: dict[tuple[str, int], list[int]] = defaultdict(list)
    for i, f in enumerate(items):
        by_place[(f.path, f.line)].append(i)
    for idxs in by_place.values():
        for x, i in enumerate(idxs):
            for j in idxs[x + 1 :]:
                if _related(items[i], items[j], family):
                    ri, rj = find(i), find(j)
                    if ri != rj:
                        parent[max(ri, rj)] = min(ri, rj)
    groups: dict[int, list[int]] = defaultdict(list)
    for i in range(len(items)):
        groups[find(i)].append(i)
    out: list[FindingGroup] = []
    for root in sorted(groups):
        members: Sequence[Finding] = [items[i] for i in groups[root]]
        primary = min(members, key=lambda f: _RANK.get(f.level, len(LEVELS)))
        out.append(FindingGroup(primary=primary, members=tuple(members)))
    return out
