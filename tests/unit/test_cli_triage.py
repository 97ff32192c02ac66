"""``sastls triage`` and ``sastls merge`` as a user runs them: real subprocesses, real files.

Exit codes, the CI gate, every output, shards joined by merge, --only-new, and a run
killed with SIGKILL half way and resumed without redoing any finding.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from sastls.server.reports.sarif import schema_available, validate_sarif

SASTLS = [sys.executable, "-m", "sastls.server.cli"]
TAINTED = 'def run_{i}(request):\n    expr = request.args["expr"]\n    return eval(expr)\n'
SAFE = 'def run_{i}():\n    expr = "1 + 2"\n    return eval(expr)\n'


def workspace(root: Path, n: int, *, tainted_every: int = 2, level: str = "error") -> Path:
    """``n`` eval() findings in a bandit-style SARIF: every ``tainted_every``-th reads request.args."""
    (root / "app").mkdir(parents=True)
    results: list[dict[str, Any]] = []
    per_file = 25
    for f in range((n + per_file - 1) // per_file):
        lines: list[str] = []
        for k in range(per_file):
            i = f * per_file + k
            if i >= n:
                break
            body = (TAINTED if i % tainted_every == 0 else SAFE).format(i=i).rstrip("\n").split("\n")
            lines += [*body, ""]
            results.append(
                {
                    "ruleId": "B307",
                    "ruleIndex": 0,
                    "level": level,
                    "message": {
                        "text": "Use of possibly insecure function - consider using safer ast.literal_eval."
                    },
                    "locations": [
                        {
                            "physicalLocation": {
                                "artifactLocation": {"uri": f"app/m{f:03d}.py"},
                                "region": {"startLine": len(lines) - 1, "startColumn": 12},
                            }
                        }
                    ],
                }
            )
        (root / "app" / f"m{f:03d}.py").write_text("\n".join(lines) + "\n")
    doc = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "Bandit",
                        "rules": [
                            {
                                "id": "B307",
                                "name": "blacklist",
                                "properties": {"tags": ["external/cwe/cwe-95"]},
                            }
                        ],
                    }
                },
                "results": results,
            }
        ],
    }
    (root / "bandit.sarif").write_text(json.dumps(doc))
    return root / "bandit.sarif"


def sastls(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*SASTLS, *map(str, args)], capture_output=True, text=True, timeout=300, cwd=cwd, check=False
    )


def verdict_rows(db: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT fingerprint, verdict FROM verdicts WHERE human = 0").fetchall()


def children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture
def small(tmp_path: Path) -> tuple[Path, Path]:
    return tmp_path / "ws", workspace(tmp_path / "ws", 6)


def test_outputs_summary_and_gate(small: tuple[Path, Path], tmp_path: Path) -> None:
    repo, findings = small
    out = tmp_path / "out"
    proc = sastls(
        "triage", findings, "--repo", repo, "--out", out / "t.sarif", "--drop-false-positives",
        "--jsonl", out / "v.jsonl", "--markdown", out / "s.md", "--report", out / "r.html",
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr  # tainted eval() at level error: the gate fails
    for name in ("t.sarif", "t.nofp.sarif", "v.jsonl", "s.md", "r.html"):
        assert str(out / name) in proc.stdout
    assert "TRUE_POSITIVE" in proc.stdout and "Gate: " in proc.stdout
    lines = [json.loads(x) for x in (out / "v.jsonl").read_text().splitlines()]
    assert len(lines) == 6
    labels = {rec["line"]: rec["verdict"] for rec in lines}
    assert "TRUE_POSITIVE" in labels.values()
    doc = json.loads((out / "t.sarif").read_text())
    results = doc["runs"][0]["results"]
    assert len(results) == 6 and all("sastls" in r["properties"] for r in results)
    if schema_available():
        assert validate_sarif(doc) == []
        assert validate_sarif(json.loads((out / "t.nofp.sarif").read_text())) == []
    fps = sum(1 for r in results if r["properties"]["sastls"]["verdict"] == "FALSE_POSITIVE")
    nofp = json.loads((out / "t.nofp.sarif").read_text())["runs"][0]["results"]
    assert len(nofp) == 6 - fps
    assert (out / "r.html").read_text().startswith("<!DOCTYPE html>")
    # the same findings again: every verdict is reused, the gate gives the same answer
    again = sastls("triage", findings, "--repo", repo, "--fail-on", "never")
    assert again.returncode == 0
    assert "investigated 0, reused 6" in again.stdout


def test_fail_on_follows_the_finding_level(tmp_path: Path) -> None:
    findings = workspace(tmp_path / "ws", 2, tainted_every=1, level="warning")
    repo = tmp_path / "ws"
    assert sastls("triage", findings, "--repo", repo, "--fail-on", "error").returncode == 0
    assert sastls("triage", findings, "--repo", repo, "--fail-on", "warning").returncode == 1
    assert sastls("triage", findings, "--repo", repo, "--fail-on", "never").returncode == 0


def test_usage_and_input_errors_exit_2(small: tuple[Path, Path], tmp_path: Path) -> None:
    repo, findings = small
    cases = [
        ["triage", tmp_path / "nope.sarif", "--repo", repo],
        ["triage", findings, "--repo", tmp_path / "no-such-dir"],
        ["triage", findings, "--repo", repo, "--shard", "2/2"],
        ["triage", findings, "--repo", repo, "--jobs", "0"],
        ["triage", findings, "--repo", repo, "--analyst", "llm"],
        ["triage", findings, "--repo", repo, "--fail-on", "sometimes"],
        ["triage", findings, "--repo", repo, "--only-new", tmp_path / "missing-baseline.sarif"],
    ]
    for args in cases:
        proc = sastls(*args)
        assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
        assert "Traceback" not in proc.stderr and "error" in proc.stderr
    garbage = tmp_path / "broken.sarif"
    garbage.write_text('{"version": "2.1.0", "runs": [')
    proc = sastls(
        "triage", findings, garbage, "--repo", repo, "--jsonl", tmp_path / "v.jsonl", "--fail-on", "never"
    )
    assert proc.returncode == 2 and "broken.sarif" in proc.stderr and "Traceback" not in proc.stderr
    assert len((tmp_path / "v.jsonl").read_text().splitlines()) == 6  # the readable input was still triaged


def test_shards_merge_into_the_whole(tmp_path: Path) -> None:
    repo = tmp_path / "ws"
    findings = workspace(repo, 20)
    shards = []
    for i in range(3):
        out = tmp_path / f"shard{i}.sarif"
        proc = sastls(
            "triage", findings, "--repo", repo, "--shard", f"{i}/3", "--out", out,
            "--store", tmp_path / f"store{i}.db", "--fail-on", "never",
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        shards.append(out)
    decided = [
        sum(
            1
            for r in json.loads(s.read_text())["runs"][0]["results"]
            if "verdict" in (r.get("properties") or {}).get("sastls", {})
        )
        for s in shards
    ]
    assert sum(decided) == 20 and all(decided)  # each shard did its part, no finding twice
    merged = tmp_path / "merged.sarif"
    proc = sastls("merge", merged, *shards, "--report", tmp_path / "m.html", "--fail-on", "error")
    assert proc.returncode == 1, proc.stdout + proc.stderr  # tainted eval() findings at level error
    results = json.loads(merged.read_text())["runs"][0]["results"]
    assert len(results) == 20 and all("verdict" in r["properties"]["sastls"] for r in results)
    assert str(merged) in proc.stdout and (tmp_path / "m.html").exists()
    assert sastls("merge", tmp_path / "x.sarif", tmp_path / "none.sarif").returncode == 2


def test_only_new_triages_findings_missing_from_the_baseline(tmp_path: Path) -> None:
    repo = tmp_path / "ws"
    findings = workspace(repo, 10)
    doc = json.loads(findings.read_text())
    old = tmp_path / "old.sarif"
    old_doc = json.loads(json.dumps(doc))
    old_doc["runs"][0]["results"] = doc["runs"][0]["results"][:7]
    old.write_text(json.dumps(old_doc))
    base = tmp_path / "baseline.sarif"
    assert sastls("triage", old, "--repo", repo, "--out", base, "--store", tmp_path / "a.db").returncode in (
        0,
        1,
    )
    out = tmp_path / "new.sarif"
    proc = sastls(
        "triage", findings, "--repo", repo, "--only-new", base, "--out", out, "--store", tmp_path / "b.db",
        "--fail-on", "never",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "investigated 3" in proc.stdout
    states = [r.get("baselineState") for r in json.loads(out.read_text())["runs"][0]["results"]]
    assert states == ["unchanged"] * 7 + ["new"] * 3


def test_kill_9_half_way_then_resume_redoes_nothing(tmp_path: Path) -> None:
    repo = tmp_path / "ws"
    total = 800
    findings = workspace(repo, total)
    db = tmp_path / "verdicts.db"
    args = [
        *SASTLS,
        "triage",
        str(findings),
        "--repo",
        str(repo),
        "--store",
        str(db),
        "--fail-on",
        "never",
        "--jobs",
        "2",
    ]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    done_at_kill = 0
    workers: list[int] = []
    deadline = time.monotonic() + 240
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            if db.exists():
                try:
                    done_at_kill = len(verdict_rows(db))
                except sqlite3.OperationalError:  # schema not created yet
                    done_at_kill = 0
                if done_at_kill >= total // 2:
                    workers = children(proc.pid)
                    os.kill(proc.pid, signal.SIGKILL)
                    break
            time.sleep(0.02)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
    assert proc.returncode == -signal.SIGKILL, "the run ended before it could be killed half way"
    gone_by = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < gone_by:
        time.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)], "worker processes outlived their killed parent"
    before = verdict_rows(db)
    assert total // 2 <= len(before) < total
    resumed = subprocess.run(
        [*args, "--jsonl", str(tmp_path / "v.jsonl")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert resumed.returncode == 0, resumed.stderr
    after = verdict_rows(db)
    counts: dict[str, int] = {}
    for fp, _ in after:
        counts[fp] = counts.get(fp, 0) + 1
    redone = [fp for fp, _ in before if counts[fp] > 1]
    assert redone == []  # no finding decided before the kill was investigated again
    assert len(counts) == total and len(after) == total
    # a worker of the killed run may finish the finding it was on: it is reused, not redone
    m = re.search(r"investigated (\d+), reused (\d+)", resumed.stdout)
    assert m is not None, resumed.stdout
    assert int(m.group(1)) + int(m.group(2)) == total and int(m.group(2)) >= len(before)
    assert len((tmp_path / "v.jsonl").read_text().splitlines()) == total


def test_github_link_base_only_for_the_checked_out_repo(tmp_path: Path) -> None:
    from sastls.server.commands.triage import github_link_base

    env = {
        "GITHUB_SERVER_URL": "https://github.com",
        "GITHUB_REPOSITORY": "o/r",
        "GITHUB_SHA": "abc123",
        "GITHUB_WORKSPACE": str(tmp_path),
    }
    assert github_link_base(tmp_path, env) == "https://github.com/o/r/blob/abc123"
    (tmp_path / "sub").mkdir()
    assert github_link_base(tmp_path / "sub", env) is None  # paths would not match the repository's
    assert github_link_base(tmp_path, {}) is None


def test_ctrl_c_stops_at_once_and_keeps_what_was_decided(tmp_path: Path) -> None:
    repo = tmp_path / "ws"
    total = 800  # enough for worker processes
    findings = workspace(repo, total)
    db = tmp_path / "verdicts.db"

    # what a terminal gives its foreground job: SIGINT not ignored (a background runner may ignore
    # it, and exec keeps that), and a process group of its own to send Ctrl-C to
    command = [*SASTLS, "triage", str(findings), "--repo", str(repo), "--store", str(db), "--jobs", "2"]
    sigint_on = (
        "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
        "os.execv(sys.argv[1], sys.argv[1:])"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", sigint_on, *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        process_group=0,
    )
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if db.exists() and len(verdict_rows(db)) >= total // 4:
                break
        except sqlite3.OperationalError:
            pass
        time.sleep(0.02)
    workers = children(proc.pid)
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C: the whole foreground process group
    started = time.monotonic()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert time.monotonic() - started < 5  # not after the rest of the backlog
    assert "interrupted" in err and "Traceback" not in err
    kept = len(verdict_rows(db))
    assert total // 4 <= kept < total
    gone_by = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < gone_by:
        time.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)]


def test_workers_started_early_for_a_big_file_of_few_findings_end_quietly(tmp_path: Path) -> None:
    """A findings file big enough (over ``EAGER_BYTES``) starts worker processes while it is read;
    holding few findings, the run closes them at once, while they may still be starting. They must
    end without a word on stderr (a worker that read its start-up arguments after the parent let go
    of them printed a multiprocessing FileNotFoundError traceback)."""
    from sastls.server.batch import EAGER_BYTES

    repo = tmp_path / "ws"
    findings = workspace(repo, 20)
    doc = json.loads(findings.read_text())
    doc["runs"][0]["properties"] = {"padding": "x" * (EAGER_BYTES + 1000)}  # big, yet 20 findings
    findings.write_text(json.dumps(doc))
    for _ in range(3):  # the race needs workers still starting when the run closes them
        db = tmp_path / "verdicts.db"
        db.unlink(missing_ok=True)
        done = sastls("triage", findings, "--repo", repo, "--store", db, "--jobs", "2", "--fail-on", "never")
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr
