"""Benchmark the fix loop: how many findings get a fix at each verification level, and how many of
those fixes a reviewer reading the diff accepts.

Two sets, both with the offline proposer and full verification in shadow copies (never the inputs):

- ``corpus``: every finding that bandit, flawfinder or cppcheck reports in a case of the labelled
  corpus that is a real vulnerability (tests/corpus/expected.csv, findings in tests/corpus/findings/).
  These cases have no tests, so a fix is at most ``scanner-clean``.
- ``project``: the example files of tests/fixtures/fix/python with their own behaviour tests
  (bench/fix_project/test_fixtures.py) run as the test command, so a fix is ``tested`` only when
  those tests ran and passed with it (a fix that breaks them is no fix).

Every verified diff is written to ``--out`` (one file per finding). The reviewer's judgements are
data, ``bench/fix_review.csv`` (set, path, rule, patch hash, accept|reject, reason): a judgement
holds for exactly the diff that was read (its content hash); a diff nobody has read is counted as
not reviewed, never as accepted.

    .venv/bin/python bench/fix.py [--sets corpus,project] [--rules B602,FF1001,...] [--limit N]
                                  [--out out/bench-fix] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import shlex
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ("bandit.json", "flawfinder.sarif", "cppcheck.xml")
REVIEW = ROOT / "bench" / "fix_review.csv"
LEVELS = ("tested", "scanner-clean", "")


@dataclass
class Row:
    set: str
    tool: str
    rule: str
    path: str
    level: str  # tested | scanner-clean | "" (no verified fix)
    not_fixable: bool
    attempts: int
    seconds: float
    patch_hash: str
    migration: str
    stop_reason: str
    diff: str


def real_cases(corpus: Path) -> set[str]:
    out = set()
    with (corpus / "expected.csv").open() as fh:
        for row in csv.reader(line for line in fh if not line.startswith("#")):
            if len(row) >= 3 and row[2].strip() == "true":
                out.add(row[0].strip())
    return out


def reviews() -> dict[tuple[str, str, str, str], tuple[str, str]]:
    out: dict[tuple[str, str, str, str], tuple[str, str]] = {}
    if REVIEW.exists():
        with REVIEW.open() as fh:
            for r in csv.DictReader(line for line in fh if not line.startswith("#")):
                out[(r["set"], r["path"], r["rule"], r["patch_hash"])] = (r["verdict"], r["reason"])
    return out


async def fix_all(name: str, findings: list[Any], root: Path, config: Any) -> list[Row]:
    from sastls.graph.fix_loop import afix

    rows = []
    for f in findings:
        fix = await afix(f, root, config)
        win = fix.attempts[-1] if fix.verified else None
        rows.append(
            Row(
                name,
                f.tool,
                f.rule_id,
                f.path,
                fix.level if fix.verified else "",
                fix.stop_reason.startswith("not auto-fixable"),
                len(fix.attempts),
                fix.seconds,
                win.patch_hash if win else "",
                fix.migration,
                fix.stop_reason,
                fix.diff if fix.verified else "",
            )
        )
    return rows


async def corpus_set(args: argparse.Namespace) -> list[Row]:
    from sastls.analyzers.config import Config
    from sastls.analyzers.findings.load import load_findings

    cases = args.corpus / "cases"
    real = real_cases(args.corpus)
    loaded = load_findings([args.corpus / "findings" / r for r in REPORTS], cases)
    findings = [f for f in loaded.findings if Path(f.path).stem in real]
    return await fix_all("corpus", select(findings, args), cases, Config())


async def project_set(args: argparse.Namespace) -> list[Row]:
    from sastls.analyzers.config import Config, FixConfig
    from sastls.analyzers.scanners import run_scanner

    with tempfile.TemporaryDirectory(prefix="sastls-bench-fix-") as tmp:
        root = Path(tmp)
        shutil.copytree(ROOT / "tests" / "fixtures" / "fix" / "python", root / "python")
        (root / "tests").mkdir()
        shutil.copy(ROOT / "bench" / "fix_project" / "test_fixtures.py", root / "tests" / "test_fixtures.py")
        scanned = run_scanner("bandit", ["python"], root)
        if not scanned.ok:
            raise SystemExit(f"bandit failed on the project: {scanned.errors}")
        test = f"{shlex.quote(sys.executable)} -m pytest -q -p no:cacheprovider tests"
        config = replace(Config(), fix=FixConfig(test_command=test, test_timeout=120.0))
        findings = [f for f in scanned.findings if f.rule_id not in ("B404", "B603", "B607")]
        return await fix_all("project", select(findings, args), root, config)


def select(findings: list[Any], args: argparse.Namespace) -> list[Any]:
    if args.rules:
        wanted = set(args.rules.split(","))
        findings = [f for f in findings if f.rule_id in wanted or (f.rule_name or "") in wanted]
    return findings[: args.limit] if args.limit else findings


def write_diffs(rows: list[Row], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    from dataclasses import asdict

    old = json.loads((out / "rows.json").read_text()) if (out / "rows.json").exists() else []
    mine = {r.set for r in rows}  # a run of one set keeps the other set's rows
    all_rows = [r for r in old if r["set"] not in mine] + [asdict(r) for r in rows]
    (out / "rows.json").write_text(json.dumps(all_rows, indent=1))
    for r in rows:
        if r.diff:
            name = f"{r.set}__{r.path.replace('/', '_')}__{r.rule.replace('/', '_')}__{r.patch_hash[:8]}.diff"
            (out / name).write_text(
                f"# set={r.set} path={r.path} rule={r.rule} level={r.level} patch_hash={r.patch_hash}\n"
                + (f"# NEEDS A MIGRATION: {r.migration}\n" if r.migration else "")
                + r.diff
            )


def summarize(rows: list[Row]) -> dict[str, Any]:
    judged = reviews()
    out: dict[str, Any] = {}
    for name in sorted({r.set for r in rows}):
        mine = [r for r in rows if r.set == name]
        levels: dict[str, Any] = {}
        for level in LEVELS:
            these = [r for r in mine if r.level == level]
            verdicts = [judged.get((r.set, r.path, r.rule, r.patch_hash)) if level else None for r in these]
            levels[level or "no fix"] = {
                "findings": len(these),
                "reviewed": sum(1 for v in verdicts if v is not None),
                "accepted": sum(1 for v in verdicts if v is not None and v[0] == "accept"),
                "needs_migration": sum(1 for r in these if r.migration),
                "rejected": sorted(
                    f"{r.path} {r.rule}: {v[1]}"
                    for r, v in zip(these, verdicts, strict=True)
                    if v is not None and v[0] != "accept"
                ),
                "unreviewed": sorted(
                    f"{r.path} {r.rule} {r.patch_hash}"
                    for r, v in zip(these, verdicts, strict=True)
                    if v is None and level
                ),
            }
        fixed = [r for r in mine if r.level]
        out[name] = {
            "findings": len(mine),
            "not_auto_fixable": sum(1 for r in mine if r.not_fixable),
            "levels": levels,
            "attempts_per_fix": statistics.mean(r.attempts for r in fixed) if fixed else None,
            "seconds_per_finding": statistics.mean(r.seconds for r in mine) if mine else None,
            "unverified": sorted(
                f"{r.path} {r.rule}: {r.stop_reason[:160]}" for r in mine if not r.level and not r.not_fixable
            ),
        }
    return out


def by_rule(rows: list[Row]) -> list[str]:
    lines = []
    groups: dict[tuple[str, str, str], list[Row]] = defaultdict(list)
    for r in rows:
        groups[(r.set, r.tool, r.rule)].append(r)
    lines.append(f"{'set':<8} {'tool':<10} {'rule':<24} {'n':>4} {'tested':>6} {'clean':>6} {'n/a':>4}")
    for (name, tool, rule), rs in sorted(groups.items()):
        tested = sum(1 for r in rs if r.level == "tested")
        clean = sum(1 for r in rs if r.level == "scanner-clean")
        na = sum(1 for r in rs if r.not_fixable)
        lines.append(f"{name:<8} {tool:<10} {rule[:24]:<24} {len(rs):>4} {tested:>6} {clean:>6} {na:>4}")
    return lines


async def main() -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--corpus", type=Path, default=ROOT / "tests" / "corpus")
    p.add_argument("--sets", default="corpus,project", help="corpus, project, or both (comma-separated)")
    p.add_argument("--rules", help="only these rule ids or names (comma-separated)")
    p.add_argument("--limit", type=int, help="at most N findings per set")
    p.add_argument("--out", type=Path, default=ROOT / "out" / "bench-fix", help="where the diffs are written")
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--summary-only",
        action="store_true",
        help="count again from --out/rows.json (after adding judgements) without running the loop",
    )
    args = p.parse_args()

    t0 = time.monotonic()
    rows: list[Row] = []
    sets = args.sets.split(",")
    if args.summary_only:
        rows = [Row(**r) for r in json.loads((args.out / "rows.json").read_text()) if r["set"] in sets]
    else:
        if "corpus" in sets:
            rows += await corpus_set(args)
        if "project" in sets:
            rows += await project_set(args)
        write_diffs(rows, args.out)
    total = time.monotonic() - t0
    summary = summarize(rows)
    command = " ".join([".venv/bin/python", "bench/fix.py", *map(shlex.quote, sys.argv[1:])])
    if args.json:
        print(json.dumps({"sets": summary, "seconds": total, "command": command}, indent=2))
        return 0
    print("\n".join(by_rule(rows)))
    for name, s in summary.items():
        print(f"\n[{name}] {s['findings']} findings, {s['not_auto_fixable']} not auto-fixable")
        print(f"  {'level':<14} {'fixed':>5} {'reviewed':>8} {'accepted':>8} {'migration':>9}")
        for level, v in s["levels"].items():
            if level == "no fix":
                print(f"  {'no fix':<14} {v['findings']:>5}")
                continue
            counts = f"{v['findings']:>5} {v['reviewed']:>8} {v['accepted']:>8} {v['needs_migration']:>9}"
            print(f"  {level:<14} {counts}")
            for r in v["rejected"]:
                print(f"      rejected: {r}")
            for r in v["unreviewed"]:
                print(f"      not reviewed: {r}")
        for r in s["unverified"]:
            print(f"  no verified fix: {r}")
        if s["seconds_per_finding"] is not None:
            print(f"  {s['seconds_per_finding']:.2f}s per finding")
    print(f"\ndiffs: {args.out} ; judgements: {REVIEW.relative_to(ROOT)} ; {total:.1f}s total")
    print(f"command: {command}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
