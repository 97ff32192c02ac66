"""Scoring a triaged SARIF against labelled code regions (per-function labels, as the Juliet
C/C++ suite is labelled): ``file,cwe,start_line,end_line,label`` rows, label ``bad`` or ``good``
(other columns, such as ``case`` and ``function``, are kept for the listings).

Pure functions, no I/O. A finding inside a ``bad`` region whose CWE is of the region's weakness
family is a *real* finding; every finding inside a ``good`` region is a *false* one (its
*family* subset: those of the region's weakness family); findings elsewhere (outside every region,
or in a bad region with an unrelated CWE) are not scored. Triage *keeps* a finding unless it was
judged FALSE_POSITIVE. Per region CWE, per tool and overall: recall on real findings, the share of
false ones dropped (all, and of the weakness family), and the share judged NEEDS_REVIEW.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from sastls.analyzers.code.taint.families import CWE_FAMILY
from sastls.server.evaluate import Observation

# CWEs whose weakness spans two families (an integer overflow that sizes a buffer).
_BRIDGES: dict[int, frozenset[str]] = {680: frozenset({"int_overflow", "buffer"})}
_BAD = {"bad", "true", "real", "vulnerable", "1"}
_GOOD = {"good", "false", "safe", "0"}


@dataclass(frozen=True)
class Region:
    file: str
    cwe: int
    start: int
    end: int
    bad: bool
    name: str = ""


@dataclass
class Tally:
    real: int = 0
    real_kept: int = 0
    false: int = 0
    false_dropped: int = 0
    family_false: int = 0
    family_false_dropped: int = 0
    review: int = 0
    lost: list[str] = field(default_factory=list)

    @property
    def scored(self) -> int:
        return self.real + self.false

    def to_dict(self) -> dict[str, Any]:
        def ratio(a: int, b: int) -> float | None:
            return round(a / b, 4) if b else None

        return {
            "real": self.real,
            "real_kept": self.real_kept,
            "recall": ratio(self.real_kept, self.real),
            "false": self.false,
            "false_dropped": self.false_dropped,
            "false_dropped_share": ratio(self.false_dropped, self.false),
            "family_false": self.family_false,
            "family_false_dropped": self.family_false_dropped,
            "family_false_dropped_share": ratio(self.family_false_dropped, self.family_false),
            "needs_review": self.review,
            "needs_review_share": ratio(self.review, self.scored),
        }


@dataclass
class RegionEvaluation:
    overall: Tally
    by_cwe: dict[str, Tally]
    by_tool: dict[str, Tally]
    unscored: int
    errors: list[str]

    def to_dict(self) -> dict[str, Any]:
        return {
            "overall": self.overall.to_dict(),
            "by_cwe": {k: v.to_dict() for k, v in sorted(self.by_cwe.items())},
            "by_tool": {k: v.to_dict() for k, v in sorted(self.by_tool.items())},
            "unscored": self.unscored,
            "lost": self.overall.lost,
            "errors": self.errors,
        }


def looks_like_region_labels(text: str) -> bool:
    first = text.lstrip("\ufeff").splitlines()[0] if text.strip() else ""
    cols = {c.strip().lower() for c in first.split(",")}
    return {"file", "start_line", "end_line", "label"} <= cols


def parse_region_labels(text: str) -> tuple[list[Region], list[str]]:
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    regions: list[Region] = []
    errors: list[str] = []
    for n, row in enumerate(reader, start=2):
        try:
            raw_cwe = str(row.get("cwe") or "").upper().removeprefix("CWE-").strip()
            label = str(row.get("label") or "").strip().lower()
            if label not in _BAD | _GOOD:
                raise ValueError(f"label {label!r} is neither bad nor good")
            regions.append(
                Region(
                    file=str(row["file"]).strip(),
                    cwe=int(raw_cwe) if raw_cwe else 0,
                    start=int(str(row["start_line"])),
                    end=int(str(row["end_line"])),
                    bad=label in _BAD,
                    name=str(row.get("function") or row.get("case") or ""),
                )
            )
        except (KeyError, ValueError, TypeError) as exc:
            errors.append(f"line {n}: {exc}")
    return regions, errors


def families(cwe: int) -> frozenset[str]:
    if cwe in _BRIDGES:
        return _BRIDGES[cwe]
    fam = CWE_FAMILY.get(cwe)
    return frozenset({fam}) if fam is not None else frozenset({f"cwe-{cwe}"})


def related(region_cwe: int, cwes: Iterable[int]) -> bool:
    """A finding's CWE names the region's weakness: the same CWE or the same family."""
    want = families(region_cwe)
    return any(c == region_cwe or families(c) & want for c in cwes)


def _region_of(obs: Observation, by_file: dict[str, list[Region]]) -> Region | None:
    path = obs.path.replace("\\", "/")
    candidates = by_file.get(path) or by_file.get(PurePosixPath(path).name) or []
    for r in candidates:
        if r.start <= obs.line <= r.end:
            return r
    return None


def evaluate_regions(
    regions: Sequence[Region], results: Sequence[Observation], errors: Sequence[str] = ()
) -> RegionEvaluation:
    by_file: dict[str, list[Region]] = {}
    for r in regions:
        by_file.setdefault(r.file, []).append(r)
        by_file.setdefault(PurePosixPath(r.file).name, []).append(r)
    overall = Tally()
    by_cwe: dict[str, Tally] = {}
    by_tool: dict[str, Tally] = {}
    unscored = 0
    for obs in results:
        region = _region_of(obs, by_file)
        if region is None or (region.bad and not related(region.cwe, obs.cwes)):
            unscored += 1
            continue
        dropped = obs.verdict == "FALSE_POSITIVE"
        review = obs.verdict == "NEEDS_REVIEW"
        for tally in (
            overall,
            by_cwe.setdefault(f"CWE-{region.cwe}", Tally()),
            by_tool.setdefault(obs.tool, Tally()),
        ):
            tally.review += review
            if region.bad:
                tally.real += 1
                tally.real_kept += not dropped
                if dropped:
                    tally.lost.append(f"{obs.path}:{obs.line} {obs.rule_id}")
            else:
                tally.false += 1
                tally.false_dropped += dropped
                if related(region.cwe, obs.cwes):
                    tally.family_false += 1
                    tally.family_false_dropped += dropped
    return RegionEvaluation(overall, by_cwe, by_tool, unscored, list(errors))
