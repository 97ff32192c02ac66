"""The held-out corpus: its integrity, and the offline analyst's figures measured on it.

This corpus is written independently of tests/corpus/ and is never used to develop the analyst:
it measures whether the analyst generalises. Layout and scoring are those of the main corpus
(the scoring helpers are imported from tests/corpus/test_corpus.py). The only target asserted
here is the safety floor: overall recall >= 0.95. Everything else is reported, not asserted.
"""

from __future__ import annotations

import ast
import csv
import importlib.util
import json
import re
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
FINDINGS = HERE / "findings"
EXPECTED = HERE / "expected.csv"
SINKS = HERE / "sinks.csv"
REPO = HERE.parents[1]
METRICS_OUT = REPO / "test-output" / "holdout-metrics.json"

CASE_NAME = re.compile(r"^(HoPy|HoC)\d{5}$")
MIN_RECALL = 0.95
MIN_PYTHON_CASES = 100
MIN_C_CASES = 30


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader, path
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)  # dataclasses look their module up while it executes
    spec.loader.exec_module(module)
    return module


# Category -> accepted CWEs, label words, and the scoring helpers are the main corpus's, so both
# corpora are counted the same way.
_MAIN = _load("holdout_main_corpus_rules", REPO / "tests" / "corpus" / "test_corpus.py")
CATEGORY_CWES: dict[str, frozenset[int]] = _MAIN.CATEGORY_CWES
PYTHON_CATEGORIES: frozenset[str] = _MAIN.PYTHON_CATEGORIES
C_CATEGORIES: frozenset[str] = _MAIN.C_CATEGORIES
HELD_OUT_C = frozenset({"fmtstr", "bufcopy", "cmdi", "nullderef", "intoverflow"})


@dataclass(frozen=True)
class Case:
    name: str
    category: str
    real: bool
    cwe: int

    @property
    def language(self) -> str:
        return "c" if self.name.startswith("HoC") else "python"

    @property
    def family(self) -> str:
        return f"{self.language}/{self.category}"


def _rows(path: Path) -> list[list[str]]:
    with path.open(newline="") as fh:
        return [[c.strip() for c in row] for row in csv.reader(fh) if row and not row[0].startswith("#")]


def load_cases() -> dict[str, Case]:
    cases: dict[str, Case] = {}
    for name, category, real, cwe in _rows(EXPECTED):
        assert name not in cases, f"duplicate row for {name}"
        cases[name] = Case(name, category, real == "true", int(cwe))
    return cases


def case_files() -> dict[str, Path]:
    files = {p.stem: p for p in (CASES / "python").glob("*.py")}
    files.update({p.stem: p for p in (CASES / "c").glob("*.c")})
    return files


def helper_files() -> list[Path]:
    return sorted((CASES / "python" / "holdlib").glob("*.py")) + sorted((CASES / "c" / "lib").glob("*.[ch]"))


# ---------------------------------------------------------------- integrity


def test_expected_csv_format() -> None:
    assert EXPECTED.read_text().splitlines()[0] == "# test name, category, real vulnerability, cwe"
    for row in _rows(EXPECTED):
        assert len(row) == 4 and row[2] in ("true", "false"), row
    for case in load_cases().values():
        assert CASE_NAME.match(case.name), case.name
        allowed = C_CATEGORIES if case.language == "c" else PYTHON_CATEGORIES
        assert case.category in allowed, f"{case.name}: unknown category {case.category}"
        assert case.cwe in CATEGORY_CWES[case.category], f"{case.name}: CWE {case.cwe} not in {case.category}"


def test_expected_csv_covers_exactly_the_case_files() -> None:
    files, cases = case_files(), load_cases()
    assert sorted(files) == sorted(cases), (
        f"without a label: {sorted(set(files) - set(cases))}; "
        f"without a file: {sorted(set(cases) - set(files))}"
    )
    for name, path in files.items():
        assert CASE_NAME.match(name), f"case file {path.name} is not named like HoPy00001 / HoC00001"
        assert path.suffix == (".c" if name.startswith("HoC") else ".py")


def test_every_category_is_covered_with_both_labels_in_balance() -> None:
    cases = list(load_cases().values())
    python = Counter(c.category for c in cases if c.language == "python")
    c_cases = Counter(c.category for c in cases if c.language == "c")
    assert set(python) == PYTHON_CATEGORIES and sum(python.values()) >= MIN_PYTHON_CASES, python
    # the C families of the main corpus when the held-out one was written (later families, such as
    # the memory-lifetime ones, have no held-out cases yet)
    assert HELD_OUT_C <= set(c_cases) <= C_CATEGORIES and sum(c_cases.values()) >= MIN_C_CASES, c_cases
    by_family: dict[str, Counter[bool]] = {}
    for case in cases:
        by_family.setdefault(case.family, Counter())[case.real] += 1
    for family, counts in sorted(by_family.items()):
        assert counts[True] and counts[False], f"{family} needs real and false cases: {dict(counts)}"
        total = counts[True] + counts[False]
        assert abs(counts[True] - counts[False]) <= max(2, total // 5), f"{family}: {dict(counts)}"


def test_sinks_csv_points_into_each_case() -> None:
    cases = load_cases()
    sinks = {row[0]: (row[1], int(row[2])) for row in _rows(SINKS)}
    assert sorted(sinks) == sorted(cases)
    for name, (rel, line) in sinks.items():
        path = CASES / rel
        assert path.stem == name, f"{name}: sink file {rel} is another case"
        lines = path.read_text().splitlines()
        assert 1 <= line <= len(lines) and lines[line - 1].strip(), f"{name}: sink line {line} empty/outside"


def test_no_case_text_announces_its_label() -> None:
    offenders: list[str] = []
    for path in sorted(case_files().values()) + helper_files():
        text = path.read_text()
        offenders += [f"{path.name}: {p!r}" for p in _MAIN.LABEL_PHRASES if p in text.lower()]
        if path.suffix == ".py":
            for node in ast.walk(ast.parse(text, filename=str(path))):
                defines = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                if defines and _MAIN.LABEL_FUNCTION.search(getattr(node, "name", "")):
                    offenders.append(f"{path.name}: function {getattr(node, 'name', '')}")
        else:
            for match in _MAIN.C_FUNCTION.finditer(text):
                if _MAIN.LABEL_FUNCTION.search(match.group(1)):
                    offenders.append(f"{path.name}: function {match.group(1)}")
    assert not offenders, "label words in case text:\n" + "\n".join(offenders)


def test_python_cases_parse() -> None:
    for path in sorted((CASES / "python").rglob("*.py")):
        ast.parse(path.read_text(), filename=str(path))


def test_neutral_findings_are_current() -> None:
    committed = json.loads((FINDINGS / "neutral.sarif").read_text())
    assert committed == _load("holdout_neutral_findings", HERE / "neutral_findings.py").build(), (
        "run tests/holdout/regenerate.sh"
    )
    assert len(committed["runs"][0]["results"]) == len(load_cases())


def test_scanner_outputs_name_workspace_relative_files() -> None:
    paths: list[str] = []
    for f in sorted(FINDINGS.glob("*.sarif")):
        for run in json.loads(f.read_text())["runs"]:
            for result in run.get("results", []):
                paths += [loc["physicalLocation"]["artifactLocation"]["uri"] for loc in result["locations"]]
    for f in sorted(FINDINGS.glob("*.json")):
        paths += [r.get("filename") or r.get("path") for r in json.loads(f.read_text()).get("results", [])]
    paths += re.findall(r'<location file="([^"]+)"', (FINDINGS / "cppcheck.xml").read_text())
    assert paths
    for p in paths:
        assert not p.startswith(("/", "file:")) and ".." not in p.split("/"), p
        assert (CASES / p).is_file(), p
    expected = {"bandit.json", "bandit.sarif", "semgrep.json", "semgrep.sarif", "cppcheck.xml"}
    assert expected | {"flawfinder.sarif", "neutral.sarif"} <= {f.name for f in FINDINGS.iterdir()}


def test_the_analyst_does_not_name_the_held_out_corpus() -> None:
    """Nothing the analyst ships may refer to these cases: a measure it was tuned to measures nothing."""
    pattern = r"holdout|HoPy[0-9]|HoC[0-9]|holdlib"
    searched = [d for d in ("analyzers", "graph", "server", "prompts", "docs") if (REPO / d).is_dir()]
    found = subprocess.run(
        ["grep", "-rIlE", "--include=*.py", "--include=*.md", "--include=*.json", pattern, *searched],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.returncode in (0, 1), found.stderr
    assert not found.stdout.strip(), f"the held-out corpus is named in: {found.stdout.split()}"


# ---------------------------------------------------------------- the offline analyst's figures


def test_offline_analyst_on_the_held_out_corpus() -> None:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.judge import judge_finding
    from sastls.analyzers.findings.load import load_findings

    cases = load_cases()
    sources = sorted(p for p in FINDINGS.iterdir() if p.suffix in (".sarif", ".json", ".xml"))
    loaded = load_findings(sources, repo=CASES)
    index = WorkspaceIndex(CASES)

    verdicts: dict[str, list[dict[str, Any]]] = {name: [] for name in cases}
    failures: list[str] = []
    started = time.perf_counter()
    for finding in loaded.findings:
        name = Path(finding.path).stem
        case = cases.get(name)
        if case is None or not set(finding.cwe) & CATEGORY_CWES[case.category]:
            continue
        try:
            judgement = judge_finding(finding, index)
            verdict, reason = judgement.verdict, judgement.reason
        except Exception as exc:  # counted as kept, reported below
            failures.append(f"{name} {finding.tool}/{finding.rule_id}: {type(exc).__name__}: {exc}")
            verdict, reason = "NEEDS_REVIEW", "error"
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

    removed = {n for n, v in verdicts.items() if v and all(x["verdict"] == "FALSE_POSITIVE" for x in v)}
    by_family: dict[str, list[Case]] = {}
    for case in cases.values():
        by_family.setdefault(case.family, []).append(case)
    families = {fam: _MAIN._summary(members, removed) for fam, members in by_family.items()}
    overall = {
        "python": _MAIN._summary([c for c in cases.values() if c.language == "python"], removed),
        "c": _MAIN._summary([c for c in cases.values() if c.language == "c"], removed),
        "all": _MAIN._summary(list(cases.values()), removed),
    }
    _MAIN._print_table(families, overall)
    if failures:
        print("judge_finding raised (counted as kept):\n  " + "\n  ".join(failures[:20]))

    METRICS_OUT.parent.mkdir(parents=True, exist_ok=True)
    METRICS_OUT.write_text(
        json.dumps(
            {
                "floor": {"recall": MIN_RECALL},
                "overall": overall,
                "families": dict(sorted(families.items())),
                "findings_judged": sum(len(v) for v in verdicts.values()),
                "judge_seconds": round(seconds, 3),
                "judge_errors": failures,
                "load_errors": [f"{e.file} {e.where}: {e.message}" for e in loaded.errors],
                "unjudged": sorted(n for n, v in verdicts.items() if not v),
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

    recall = overall["all"]["recall"]
    assert recall is not None and recall >= MIN_RECALL, (
        f"overall recall {recall} < {MIN_RECALL}: real cases lost "
        f"(details in test-output/holdout-metrics.json)"
    )
