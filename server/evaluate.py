"""Scoring a triaged SARIF against labelled cases (OWASP Benchmark expected-results format).

Pure functions, no I/O: ``parse_expected`` reads the CSV text, ``observations``
pulls (path, CWEs, verdict) out of a SARIF document, ``evaluate`` maps results to
cases and does the arithmetic.

A result belongs to a case when the case name is its file's stem or one of the
components of its path. It *detects* the case only when one of its CWEs is the
case's CWE; a result of that case with other CWEs is reported as a mismatch. A
case is *flagged* before triage when a detecting result exists, and *kept* after
triage unless every detecting result was judged FALSE_POSITIVE (NEEDS_REVIEW and
untriaged results are kept).

Per category and overall: TP/FP/FN/TN, precision, recall (TPR), FPR, F1, the
false positives triage removed and the true positives it lost, and the OWASP
Benchmark score, the mean TPR minus the mean FPR over categories (each mean over
the categories where that rate is defined).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import unquote, urlparse

_CWE = re.compile(r"(?i)\bcwe[-_ :]?0*(\d+)\b")
_TRUE = {"true", "yes", "1", "t", "y"}
_FALSE = {"false", "no", "0", "f", "n"}


@dataclass(frozen=True)
class Case:
    name: str
    category: str
    real: bool  # a real vulnerability (a scanner should flag it)
    cwe: int


@dataclass(frozen=True)
class Observation:
    """One SARIF result as the evaluation sees it."""

    path: str
    cwes: tuple[int, ...]
    rule_id: str
    verdict: str | None  # properties.sastls.verdict, None when untriaged
    where: str  # "$.runs[0].results[3]"
    line: int = 0  # the result's start line (0 when it has none)
    tool: str = ""  # the run's tool name
    justification: str = ""  # properties.sastls.justification


@dataclass(frozen=True)
class Mismatch:
    case: str
    expected_cwe: int
    found_cwes: tuple[int, ...]
    rule_id: str
    where: str


@dataclass(frozen=True)
class Confusion:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    def __add__(self, other: Confusion) -> Confusion:
        return Confusion(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn, self.tn + other.tn)

    @property
    def precision(self) -> float | None:
        return _ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float | None:
        """True positive rate."""
        return _ratio(self.tp, self.tp + self.fn)

    @property
    def fpr(self) -> float | None:
        return _ratio(self.fp, self.fp + self.tn)

    @property
    def f1(self) -> float | None:
        """2PR / (P + R), written as 2TP / (2TP + FP + FN) so it is defined whenever anything is."""
        return _ratio(2 * self.tp, 2 * self.tp + self.fp + self.fn)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "tn": self.tn,
            "precision": self.precision,
            "recall": self.recall,
            "fpr": self.fpr,
            "f1": self.f1,
        }


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def _mean(values: Iterable[float | None]) -> float | None:
    defined = [v for v in values if v is not None]
    return sum(defined) / len(defined) if defined else None


def owasp_score(confusions: Iterable[Confusion]) -> float | None:
    """Mean TPR minus mean FPR over categories (each mean over the categories where it is defined)."""
    items = list(confusions)
    tpr, fpr = _mean(c.recall for c in items), _mean(c.fpr for c in items)
    if tpr is None and fpr is None:
        return None
    return (tpr or 0.0) - (fpr or 0.0)


@dataclass(frozen=True)
class Score:
    """One category (or the whole) before and after triage."""

    cases: int
    before: Confusion
    after: Confusion
    score_before: float | None
    score_after: float | None

    @property
    def fp_removed(self) -> int:
        return self.before.fp - self.after.fp

    @property
    def fp_removed_pct(self) -> float | None:
        return _ratio(self.fp_removed, self.before.fp)

    @property
    def tp_lost(self) -> int:
        return self.before.tp - self.after.tp

    def to_dict(self) -> dict[str, Any]:
        return {
            "cases": self.cases,
            "before": {**self.before.to_dict(), "score": self.score_before},
            "after": {**self.after.to_dict(), "score": self.score_after},
            "fp_removed": self.fp_removed,
            "fp_removed_pct": self.fp_removed_pct,
            "tp_lost": self.tp_lost,
        }


@dataclass(frozen=True)
class Evaluation:
    categories: dict[str, Score]
    overall: Score
    results: int
    matched_results: int
    unmatched_results: int  # results whose path names no case
    mismatches: tuple[Mismatch, ...]
    lost: tuple[str, ...]  # real cases flagged before triage and dropped by it
    missed: tuple[str, ...]  # real cases no result detected
    kept_false: tuple[str, ...]  # false cases still flagged after triage
    errors: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {
            "overall": self.overall.to_dict(),
            "categories": {name: s.to_dict() for name, s in sorted(self.categories.items())},
            "results": self.results,
            "matched_results": self.matched_results,
            "unmatched_results": self.unmatched_results,
            "cwe_mismatches": [
                {
                    "case": m.case,
                    "expected_cwe": m.expected_cwe,
                    "found_cwes": list(m.found_cwes),
                    "rule_id": m.rule_id,
                    "where": m.where,
                }
                for m in self.mismatches
            ],
            "tps_lost": list(self.lost),
            "missed": list(self.missed),
            "false_positives_kept": list(self.kept_false),
            "errors": list(self.errors),
        }


# --------------------------------------------------------------------------- the expected results


def parse_expected(text: str) -> tuple[list[Case], list[str]]:
    """Cases from OWASP expected-results CSV text; problems as "line N: ..." (bad rows are skipped)."""
    cases: list[Case] = []
    errors: list[str] = []
    seen: set[str] = set()
    for lineno, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if len(cells) < 4:
            errors.append(f"line {lineno}: expected 4 fields (name, category, real, cwe), got {len(cells)}")
            continue
        name, category, real, cwe = cells[:4]
        if not name or not category:
            errors.append(f"line {lineno}: empty test name or category")
            continue
        if real.lower() not in _TRUE | _FALSE:
            errors.append(f"line {lineno}: real vulnerability must be true or false, got {real!r}")
            continue
        match = re.fullmatch(r"(?i)(?:cwe-?)?0*(\d+)", cwe)
        if match is None:
            errors.append(f"line {lineno}: cwe must be a number, got {cwe!r}")
            continue
        if name in seen:
            errors.append(f"line {lineno}: duplicate test name {name!r} (first one kept)")
            continue
        seen.add(name)
        cases.append(Case(name, category, real.lower() in _TRUE, int(match.group(1))))
    return cases, errors


# --------------------------------------------------------------------------- results out of SARIF


def cwes_in(value: Any) -> set[int]:
    """CWE ids in a tag, an id, a number or a list of them ("CWE-89", "external/cwe/cwe-089", 89)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, str):
        found = {int(m) for m in _CWE.findall(value)}
        if not found and value.strip().isdigit():
            found.add(int(value.strip()))
        return found
    if isinstance(value, list | tuple):
        return {n for item in value for n in cwes_in(item)}
    return set()


def _is_cwe_component(ref: Any) -> bool:
    comp = ref.get("toolComponent") if isinstance(ref, dict) else None
    return isinstance(comp, dict) and str(comp.get("name", "")).upper() == "CWE"


def _taxa_cwes(refs: Any) -> set[int]:
    out: set[int] = set()
    for ref in refs if isinstance(refs, list) else ():
        if not isinstance(ref, dict):
            continue
        target = ref.get("target", ref)
        if not isinstance(target, dict):
            continue
        ident = target.get("id")
        if _is_cwe_component(target) or (isinstance(ident, str) and ident.upper().startswith("CWE")):
            out |= cwes_in(ident)
    return out


def _rule_cwes(rule: Any) -> set[int]:
    if not isinstance(rule, dict):
        return set()
    props = rule.get("properties")
    out: set[int] = set()
    if isinstance(props, dict):
        out |= cwes_in(props.get("tags", []))
        out |= cwes_in(props.get("cwe", []))
    return out | _taxa_cwes(rule.get("relationships"))


def _uri_path(uri: str) -> str:
    parsed = urlparse(uri)
    path = parsed.path if parsed.scheme in ("file", "") else uri
    return unquote(path)


def _result_line(result: Mapping[str, Any]) -> int:
    for loc in result.get("locations") or ():
        phys = loc.get("physicalLocation") if isinstance(loc, dict) else None
        region = phys.get("region") if isinstance(phys, dict) else None
        line = region.get("startLine") if isinstance(region, dict) else None
        if isinstance(line, int) and not isinstance(line, bool) and line > 0:
            return line
    return 0


def _result_path(result: Mapping[str, Any]) -> str | None:
    for loc in result.get("locations") or ():
        phys = loc.get("physicalLocation") if isinstance(loc, dict) else None
        art = phys.get("artifactLocation") if isinstance(phys, dict) else None
        uri = art.get("uri") if isinstance(art, dict) else None
        if isinstance(uri, str) and uri:
            return _uri_path(uri)
    return None


def observations(doc: Mapping[str, Any]) -> tuple[list[Observation], list[str]]:
    """Every SARIF result that reports a problem, with its location; results without one as messages.

    Results of kind pass / notApplicable / informational and results whose baselineState is
    ``absent`` (gone since the baseline) are not detections and are left out.
    """
    out: list[Observation] = []
    errors: list[str] = []
    runs = doc.get("runs")
    for r, run in enumerate(runs if isinstance(runs, list) else ()):
        if not isinstance(run, dict):
            continue
        tool = run.get("tool")
        driver = tool.get("driver") if isinstance(tool, dict) else None
        found = driver.get("rules") if isinstance(driver, dict) else None
        rules: list[Any] = found if isinstance(found, list) else []
        by_id = {x.get("id"): x for x in rules if isinstance(x, dict)}
        results = run.get("results")
        for n, result in enumerate(results if isinstance(results, list) else ()):
            where = f"$.runs[{r}].results[{n}]"
            if not isinstance(result, dict):
                errors.append(f"{where}: not an object")
                continue
            if (
                result.get("kind", "fail") not in ("fail", "open", "review")
                or result.get("baselineState") == "absent"
            ):
                continue  # a pass / not-applicable result, or one that is gone: not a detection
            path = _result_path(result)
            if path is None:
                errors.append(f"{where}: no location with a file")
                continue
            rule_id = result.get("ruleId")
            rule_ref = result.get("rule")
            if not isinstance(rule_id, str) and isinstance(rule_ref, dict):
                rule_id = rule_ref.get("id")
            index = result.get("ruleIndex")
            if isinstance(rule_ref, dict) and isinstance(rule_ref.get("index"), int):
                index = rule_ref["index"]
            rule = rules[index] if isinstance(index, int) and 0 <= index < len(rules) else by_id.get(rule_id)
            cwes = _rule_cwes(rule)
            props = result.get("properties")
            if isinstance(props, dict):
                cwes |= cwes_in(props.get("cwe", []))
                cwes |= cwes_in(props.get("tags", []))
            cwes |= _taxa_cwes(result.get("taxa"))
            ours = props.get("sastls") if isinstance(props, dict) else None
            verdict = ours.get("verdict") if isinstance(ours, dict) else None
            why = ours.get("justification") if isinstance(ours, dict) else None
            out.append(
                Observation(
                    path=path,
                    cwes=tuple(sorted(cwes)),
                    rule_id=rule_id if isinstance(rule_id, str) else "",
                    verdict=verdict if isinstance(verdict, str) else None,
                    where=where,
                    line=_result_line(result),
                    tool=str(driver.get("name", "")) if isinstance(driver, dict) else "",
                    justification=why if isinstance(why, str) else "",
                )
            )
    return out, errors


# --------------------------------------------------------------------------- the arithmetic


def case_of(path: str, names: Mapping[str, Case]) -> Case | None:
    """The case a result's file belongs to: its stem, else the deepest path component naming one."""
    pure = PurePosixPath(path.replace("\\", "/"))
    if pure.stem in names:
        return names[pure.stem]
    for part in reversed(pure.parts[:-1]):
        if part in names:
            return names[part]
        stem = PurePosixPath(part).stem
        if stem in names:
            return names[stem]
    return None


def _confusion(real: bool, flagged: bool) -> Confusion:
    if real:
        return Confusion(tp=1) if flagged else Confusion(fn=1)
    return Confusion(fp=1) if flagged else Confusion(tn=1)


def evaluate(cases: Sequence[Case], results: Sequence[Observation], errors: Sequence[str] = ()) -> Evaluation:
    names = {c.name: c for c in cases}
    detecting: dict[str, list[Observation]] = {}
    mismatches: list[Mismatch] = []
    matched = unmatched = 0
    for obs in results:
        case = case_of(obs.path, names)
        if case is None:
            unmatched += 1
            continue
        matched += 1
        if case.cwe in obs.cwes:
            detecting.setdefault(case.name, []).append(obs)
        else:
            mismatches.append(Mismatch(case.name, case.cwe, obs.cwes, obs.rule_id, obs.where))

    before: dict[str, Confusion] = {}
    after: dict[str, Confusion] = {}
    counts: dict[str, int] = {}
    lost: list[str] = []
    missed: list[str] = []
    kept_false: list[str] = []
    for case in cases:
        hits = detecting.get(case.name, [])
        flagged = bool(hits)
        kept = flagged and not all(h.verdict == "FALSE_POSITIVE" for h in hits)
        before[case.category] = before.get(case.category, Confusion()) + _confusion(case.real, flagged)
        after[case.category] = after.get(case.category, Confusion()) + _confusion(case.real, kept)
        counts[case.category] = counts.get(case.category, 0) + 1
        if case.real and flagged and not kept:
            lost.append(case.name)
        if case.real and not flagged:
            missed.append(case.name)
        if not case.real and kept:
            kept_false.append(case.name)

    categories = {
        name: Score(
            counts[name],
            before[name],
            after[name],
            owasp_score([before[name]]),
            owasp_score([after[name]]),
        )
        for name in counts
    }
    total_before = sum(before.values(), Confusion())
    total_after = sum(after.values(), Confusion())
    overall = Score(
        len(cases),
        total_before,
        total_after,
        owasp_score(before.values()),
        owasp_score(after.values()),
    )
    return Evaluation(
        categories=categories,
        overall=overall,
        results=len(results),
        matched_results=matched,
        unmatched_results=unmatched,
        mismatches=tuple(mismatches),
        lost=tuple(lost),
        missed=tuple(missed),
        kept_false=tuple(kept_false),
        errors=tuple(errors),
    )
