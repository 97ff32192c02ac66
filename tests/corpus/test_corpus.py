"""The labelled corpus: its integrity, and the offline analyst's figures measured on it.

A case is one file under tests/corpus/cases/{python,c}/; its label is a row of expected.csv
(OWASP Benchmark expected-results format). Findings come from real scanners plus one neutral
finding per case at its sink (tests/corpus/regenerate.sh). The offline judgement runs on every
finding of a case whose CWE belongs to the case's category; the case counts as *removed* when all
of those findings are FALSE_POSITIVE and as *kept* otherwise (NEEDS_REVIEW is kept).
"""

from __future__ import annotations

import ast
import csv
import importlib.util
import json
import re
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
FINDINGS = HERE / "findings"
EXPECTED = HERE / "expected.csv"
SINKS = HERE / "sinks.csv"
REPO = HERE.parents[1]
METRICS_OUT = REPO / "test-output" / "corpus-metrics.json"

CASE_NAME = re.compile(r"^(PyCase|CCase)\d{5}$")

# A finding judges a case when one of its CWEs belongs to the case's category. Scanners disagree
# on the exact CWE (bandit files weak hashes under 327, flawfinder copies under 120, cppcheck
# under 787/788), so each category accepts its close family.
CATEGORY_CWES: dict[str, frozenset[int]] = {
    "pathtraver": frozenset({22, 23, 35, 36, 73}),
    "cmdi": frozenset({77, 78, 88}),
    "xss": frozenset({79, 80}),
    "sqli": frozenset({89}),
    "ldapi": frozenset({90}),
    "xpathi": frozenset({643}),
    "codeinj": frozenset({94, 95, 96, 1336}),
    "deserialization": frozenset({502}),
    "xxe": frozenset({611, 776, 827}),
    "redirect": frozenset({601}),
    "securecookie": frozenset({614, 1004}),
    "hash": frozenset({327, 328, 916}),
    "weakrand": frozenset({330, 338}),
    "trustbound": frozenset({501}),
    "fmtstr": frozenset({134}),
    "bufcopy": frozenset({119, 120, 121, 122, 126, 131, 170, 787, 788, 805, 806}),
    "nullderef": frozenset({476, 690}),
    "intoverflow": frozenset({190, 191, 680}),
    "uninit": frozenset({457, 908, 909, 824}),
    "freedmem": frozenset({415, 416, 825}),  # released memory used again: freed twice, or read/written
    "leak": frozenset({401, 772, 775}),
}
PYTHON_CATEGORIES = frozenset(
    {
        "pathtraver",
        "cmdi",
        "xss",
        "sqli",
        "ldapi",
        "xpathi",
        "codeinj",
        "deserialization",
        "xxe",
        "redirect",
        "securecookie",
        "hash",
        "weakrand",
        "trustbound",
    }
)
C_CATEGORIES = frozenset(
    {"fmtstr", "bufcopy", "cmdi", "nullderef", "intoverflow", "uninit", "freedmem", "leak", "weakrand"}
)

# Targets of the offline analyst (issue 5), overall and per family with at least MIN_FAMILY cases.
MIN_RECALL = 0.98
MIN_FP_REMOVED = 0.85
MIN_FAMILY = 10

# Words that would tell a tool the answer. Case text (file names, code, comments, strings) must
# not contain them; misleading words such as "safe" or "sanitized" are allowed on purpose.
LABEL_PHRASES = (
    "vulnerab",
    "false positive",
    "false_positive",
    "falsepositive",
    "true positive",
    "true_positive",
    "truepositive",
    "safe_case",
    "unsafe_case",
    "not_a_bug",
    "not a bug",
    "exploitable",
    "benign",
    "owasp",
    "cwe",
    "expected.csv",
    "real vulnerability",
)
LABEL_FUNCTION = re.compile(
    r"(^|_)(bad|good|vuln\w*|unsafe|safe|insecure|tainted|untainted|sink|source)(_|\d|$)", re.I
)
C_FUNCTION = re.compile(r"^[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\([^;{]*\)\s*\{", re.M)


@dataclass(frozen=True)
class Case:
    name: str
    category: str
    real: bool
    cwe: int

    @property
    def language(self) -> str:
        return "c" if self.name.startswith("CCase") else "python"

    @property
    def family(self) -> str:
        return f"{self.language}/{self.category}"


def _rows(path: Path) -> list[list[str]]:
    with path.open(newline="") as fh:
        return [[c.strip() for c in row] for row in csv.reader(fh) if row and not row[0].startswith("#")]


def load_cases() -> dict[str, Case]:
    cases: dict[str, Case] = {}
    for row in _rows(EXPECTED):
        name, category, real, cwe = row
        assert name not in cases, f"duplicate row for {name}"
        cases[name] = Case(name, category, real == "true", int(cwe))
    return cases


def case_files() -> dict[str, Path]:
    files = {p.stem: p for p in (CASES / "python").glob("*.py") if p.parent.name == "python"}
    files.pop("__init__", None)
    files.update({p.stem: p for p in (CASES / "c").glob("*.c")})
    return files


def helper_files() -> list[Path]:
    return sorted((CASES / "python" / "corpuslib").glob("*.py")) + sorted(
        (CASES / "c" / "lib").glob("*.[ch]")
    )


# ---------------------------------------------------------------- integrity


def test_expected_csv_format() -> None:
    first = EXPECTED.read_text().splitlines()[0]
    assert first == "# test name, category, real vulnerability, cwe"
    for case in load_cases().values():
        assert CASE_NAME.match(case.name), case.name
        allowed = C_CATEGORIES if case.language == "c" else PYTHON_CATEGORIES
        assert case.category in allowed, f"{case.name}: unknown category {case.category}"
        assert case.cwe in CATEGORY_CWES[case.category], f"{case.name}: CWE {case.cwe} not in {case.category}"
    for row in _rows(EXPECTED):
        assert row[2] in ("true", "false"), row


def test_expected_csv_covers_exactly_the_case_files() -> None:
    files = case_files()
    cases = load_cases()
    assert sorted(files) == sorted(cases), (
        f"without a label: {sorted(set(files) - set(cases))}; "
        f"without a file: {sorted(set(cases) - set(files))}"
    )
    for name, path in files.items():
        assert CASE_NAME.match(name), f"case file {path.name} is not named like PyCase00001 / CCase00001"
        assert path.suffix == (".c" if name.startswith("CCase") else ".py")


def test_every_family_has_both_labels_and_is_balanced() -> None:
    by_family: dict[str, Counter[bool]] = {}
    for case in load_cases().values():
        by_family.setdefault(case.family, Counter())[case.real] += 1
    for family, counts in sorted(by_family.items()):
        assert counts[True] and counts[False], f"{family} needs real and false cases: {dict(counts)}"
        total = counts[True] + counts[False]
        assert abs(counts[True] - counts[False]) <= max(2, total // 5), (
            f"{family} is unbalanced: {dict(counts)}"
        )


def test_corpus_size() -> None:
    cases = list(load_cases().values())
    python = Counter(c.category for c in cases if c.language == "python")
    c_cases = Counter(c.category for c in cases if c.language == "c")
    assert sum(python.values()) >= 250 and set(python) == PYTHON_CATEGORIES, python
    assert sum(c_cases.values()) >= 60 and set(c_cases) == C_CATEGORIES, c_cases
    big = ("pathtraver", "cmdi", "xss", "sqli", "codeinj", "deserialization")
    assert all(python[cat] >= 10 for cat in big), python
    assert all(n >= 10 for n in c_cases.values()), c_cases


def test_sinks_csv_points_into_each_case() -> None:
    cases = load_cases()
    sinks = {row[0]: (row[1], int(row[2])) for row in _rows(SINKS)}
    assert sorted(sinks) == sorted(cases)
    for name, (rel, line) in sinks.items():
        path = CASES / rel
        assert path.stem == name, f"{name}: sink file {rel} is another case"
        lines = path.read_text().splitlines()
        assert 1 <= line <= len(lines) and lines[line - 1].strip(), (
            f"{name}: sink line {line} is empty or outside"
        )


def test_no_case_text_announces_its_label() -> None:
    offenders: list[str] = []
    for path in sorted(case_files().values()) + helper_files():
        text = path.read_text().lower()
        offenders += [f"{path.name}: {p!r}" for p in LABEL_PHRASES if p in text]
        if path.suffix == ".py":
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
                defines = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                if defines and LABEL_FUNCTION.search(node.name):
                    offenders.append(f"{path.name}: function {node.name}")
        else:
            for match in C_FUNCTION.finditer(path.read_text()):
                if LABEL_FUNCTION.search(match.group(1)):
                    offenders.append(f"{path.name}: function {match.group(1)}")
    assert not offenders, "label words in case text:\n" + "\n".join(offenders)


def test_python_cases_parse() -> None:
    for path in sorted((CASES / "python").rglob("*.py")):
        ast.parse(path.read_text(), filename=str(path))


def _neutral_module() -> Any:
    spec = importlib.util.spec_from_file_location("corpus_neutral_findings", HERE / "neutral_findings.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_neutral_findings_are_current() -> None:
    committed = json.loads((FINDINGS / "neutral.sarif").read_text())
    assert committed == _neutral_module().build(), "run tests/corpus/regenerate.sh"
    results = committed["runs"][0]["results"]
    assert len(results) == len(load_cases())


def _finding_paths() -> list[str]:
    paths: list[str] = []
    for f in sorted(FINDINGS.glob("*.sarif")):
        for run in json.loads(f.read_text())["runs"]:
            for result in run.get("results", []):
                for loc in result.get("locations", []):
                    paths.append(loc["physicalLocation"]["artifactLocation"]["uri"])
    for f in sorted(FINDINGS.glob("*.json")):
        doc = json.loads(f.read_text())
        paths += [r.get("filename") or r.get("path") for r in doc.get("results", [])]
    xml = FINDINGS / "cppcheck.xml"
    if xml.exists():
        paths += re.findall(r'<location file="([^"]+)"', xml.read_text())
    return paths


def test_scanner_outputs_name_workspace_relative_files() -> None:
    paths = _finding_paths()
    assert paths
    for p in paths:
        assert not p.startswith(("/", "file:")) and ".." not in p.split("/"), p
        assert (CASES / p).is_file(), p
    tools = {f.name for f in FINDINGS.iterdir()}
    assert {"bandit.json", "bandit.sarif", "semgrep.json", "neutral.sarif"} <= tools


# ---------------------------------------------------------------- the offline analyst's figures


def _ratio(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


def _summary(cases: list[Case], removed: set[str]) -> dict[str, Any]:
    real = [c for c in cases if c.real]
    false = [c for c in cases if not c.real]
    kept_real = sum(1 for c in real if c.name not in removed)
    removed_false = sum(1 for c in false if c.name in removed)
    return {
        "cases": len(cases),
        "real": len(real),
        "false": len(false),
        "kept_real": kept_real,
        "lost_real": len(real) - kept_real,
        "removed_false": removed_false,
        "recall": _ratio(kept_real, len(real)),
        "fp_removed": _ratio(removed_false, len(false)),
    }


def _print_table(families: dict[str, dict[str, Any]], overall: dict[str, dict[str, Any]]) -> None:
    def fmt(x: float | None) -> str:
        return "   -" if x is None else f"{x:.3f}"

    print(f"\n{'family':<28}{'cases':>6}{'real':>6}{'false':>6}{'recall':>8}{'fp_rm':>8}{'lost':>6}")
    for name, s in [*sorted(families.items()), *overall.items()]:
        print(
            f"{name:<28}{s['cases']:>6}{s['real']:>6}{s['false']:>6}"
            f"{fmt(s['recall']):>8}{fmt(s['fp_removed']):>8}{s['lost_real']:>6}"
        )


def test_offline_analyst_meets_the_targets_on_the_corpus() -> None:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.judge import judge_finding
    from sastls.analyzers.findings.load import load_findings

    cases = load_cases()
    sources = sorted(p for p in FINDINGS.iterdir() if p.suffix in (".sarif", ".json", ".jsonl", ".xml"))
    loaded = load_findings(sources, repo=CASES)
    index = WorkspaceIndex(CASES)

    verdicts: dict[str, list[dict[str, Any]]] = {name: [] for name in cases}
    failures: list[str] = []
    judged = 0
    started = time.perf_counter()
    for finding in loaded.findings:
        name = Path(finding.path).stem
        case = cases.get(name)
        if case is None or not set(finding.cwe) & CATEGORY_CWES[case.category]:
            continue
        try:
            judgement = judge_finding(finding, index)
            verdict, reason = judgement.verdict, judgement.reason
        except Exception as exc:  # counted as kept, and the test fails below
            failures.append(f"{name} {finding.tool}/{finding.rule_id}: {type(exc).__name__}: {exc}")
            verdict, reason = "NEEDS_REVIEW", "error"
        judged += 1
        verdicts[name].append(
            {
                "tool": finding.tool,
                "rule": finding.rule_id,
                "line": finding.line,
                "verdict": verdict,
                "reason": reason,
            }
        )
    seconds = time.perf_counter() - started

    unjudged = sorted(name for name, v in verdicts.items() if not v)
    removed = {name for name, v in verdicts.items() if v and all(x["verdict"] == "FALSE_POSITIVE" for x in v)}

    by_family: dict[str, list[Case]] = {}
    for case in cases.values():
        by_family.setdefault(case.family, []).append(case)
    families = {fam: _summary(members, removed) for fam, members in by_family.items()}
    overall = {
        "python": _summary([c for c in cases.values() if c.language == "python"], removed),
        "c": _summary([c for c in cases.values() if c.language == "c"], removed),
        "all": _summary(list(cases.values()), removed),
    }
    _print_table(families, overall)

    METRICS_OUT.parent.mkdir(parents=True, exist_ok=True)
    METRICS_OUT.write_text(
        json.dumps(
            {
                "targets": {
                    "recall": MIN_RECALL,
                    "fp_removed": MIN_FP_REMOVED,
                    "min_family_cases": MIN_FAMILY,
                },
                "overall": overall,
                "families": dict(sorted(families.items())),
                "findings_judged": judged,
                "judge_seconds": round(seconds, 3),
                "load_errors": [f"{e.file} {e.where}: {e.message}" for e in loaded.errors],
                "lost_real": sorted(c.name for c in cases.values() if c.real and c.name in removed),
                "kept_false": sorted(c.name for c in cases.values() if not c.real and c.name not in removed),
                "cases": {
                    name: {
                        "category": cases[name].category,
                        "real": cases[name].real,
                        "removed": name in removed,
                        "verdicts": v,
                    }
                    for name, v in sorted(verdicts.items())
                },
            },
            indent=2,
        )
        + "\n"
    )

    assert not failures, "judge_finding raised:\n" + "\n".join(failures[:20])
    assert not unjudged, f"cases without a finding of their CWE: {unjudged}"
    misses: list[str] = []
    for scope, s in [*families.items(), *overall.items()]:
        if scope in families and s["cases"] < MIN_FAMILY:
            continue
        if s["recall"] is not None and s["recall"] < MIN_RECALL:
            misses.append(f"{scope}: recall {s['recall']} < {MIN_RECALL}")
        if s["fp_removed"] is not None and s["fp_removed"] < MIN_FP_REMOVED:
            misses.append(f"{scope}: FP removed {s['fp_removed']} < {MIN_FP_REMOVED}")
    assert not misses, "targets missed (details in test-output/corpus-metrics.json):\n" + "\n".join(misses)


if __name__ == "__main__":  # pragma: no cover - convenience: print the table without pytest
    pytest.main([__file__, "-q", "-s", "-k", "targets"])
