"""A better analyst may change old verdicts (issue 12 §3b): each verdict records the analyst's version,
the digest of the model files it used and (llm) the model; a stored verdict is reused only on a
match, a person's always; old stores migrate without losing a human verdict; triage says why."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from sastls.analyzers.config import Config
from sastls.graph.provenance import analyst_version, models_digest, stale_reason, stamp
from sastls.graph.store import SCHEMA_VERSION, VerdictStore, connect, migrate
from sastls.graph.verdict import Verdict

ROOT = Path(__file__).resolve().parents[2]
PYAPP = ROOT / "tests" / "fixtures" / "projects" / "pyapp"
MODEL = 'language = "python"\nlibrary = "mine"\n[[sanitizers]]\nfamily = "command"\nnames = ["tidy"]\n'


def _v(analyst: str = "heuristic", **kw: object) -> Verdict:
    return Verdict("fp1", "FALSE_POSITIVE", 0.9, "j", analyst, **kw)  # type: ignore[arg-type]


def test_stamp_records_version_digest_and_model(tmp_path: Path) -> None:
    v = stamp(_v(), tmp_path, Config())
    assert v.analyst_version == analyst_version("heuristic") and "+" in v.analyst_version
    assert v.models_digest == models_digest(tmp_path)
    llm = stamp(_v("llm"), tmp_path, Config(analyst="llm", model="openai/m"))
    assert llm.model == "openai/m" and llm.analyst_version == analyst_version("llm")
    human = replace(_v("human"), human=True)
    assert stamp(human, tmp_path, Config()) is human
    assert analyst_version("heuristic") != analyst_version("llm")


def test_a_stored_verdict_stands_only_on_a_match(tmp_path: Path) -> None:
    cfg = Config()
    v = stamp(_v(), tmp_path, cfg)
    assert stale_reason(v, cfg, tmp_path) is None
    assert stale_reason(replace(v, analyst_version="0.1+old"), cfg, tmp_path) == "analyst upgraded"
    assert stale_reason(replace(v, analyst_version=None), cfg, tmp_path) == "analyst upgraded"
    (tmp_path / ".sastls" / "models").mkdir(parents=True)
    (tmp_path / ".sastls" / "models" / "mine.toml").write_text(MODEL)
    assert stale_reason(v, cfg, tmp_path) == "models changed"
    assert stale_reason(replace(v, human=True, analyst_version=None), cfg, tmp_path) is None
    llm_cfg = Config(analyst="llm", model="openai/a", cascade=False)
    w = stamp(_v("llm"), tmp_path, llm_cfg)
    assert stale_reason(w, llm_cfg, tmp_path) is None
    assert stale_reason(w, replace(llm_cfg, model="openai/b"), tmp_path) == "model changed"
    assert stale_reason(w, cfg, tmp_path) == "another analyst"
    # the cascade takes a conclusive offline verdict, when it is current
    assert stale_reason(stamp(_v(), tmp_path, cfg), replace(llm_cfg, cascade=True), tmp_path) is None


def test_an_old_store_migrates_and_keeps_human_verdicts(tmp_path: Path) -> None:
    path = tmp_path / "v3.db"
    conn = connect(path)
    assert migrate(conn, upto=3) == 3
    for fp, human, analyst in (("a", 0, "heuristic"), ("b", 0, "heuristic"), ("b", 1, "human")):
        v = Verdict(fp, "FALSE_POSITIVE", 0.8, "j", analyst, human=bool(human), content_hash="h")  # type: ignore[arg-type]
        data = {k: val for k, val in v.to_dict().items() if k not in {"analyst_version", "models_digest"}}
        conn.execute(
            """INSERT INTO verdicts (fingerprint, verdict, confidence, analyst, model, decided_at, human,
                   content_hash, data) VALUES (?, ?, ?, ?, NULL, ?, ?, 'h', ?)""",
            (fp, v.verdict, v.confidence, analyst, v.decided_at, human, json.dumps(data)),
        )
    conn.close()
    with VerdictStore(path) as s:
        assert s.schema_version == SCHEMA_VERSION == 6
        a, b = s.get("a"), s.get("b")
        assert a is not None and b is not None
        assert b.human and stale_reason(b, Config(), tmp_path) is None  # a person's verdict stands
        assert a.analyst_version is None and stale_reason(a, Config(), tmp_path) == "analyst upgraded"
        s.put(stamp(replace(a, decided_at="2030-01-01T00:00:00Z"), tmp_path, Config()))
        again = s.get("a")
        assert again is not None and stale_reason(again, Config(), tmp_path) is None
    row = (
        sqlite3.connect(path)
        .execute(
            "SELECT analyst_version, models_digest FROM verdicts WHERE fingerprint = 'a' ORDER BY id DESC"
        )
        .fetchone()
    )
    assert row == (analyst_version("heuristic"), models_digest(tmp_path))


def _triage(ws: Path, store: Path) -> str:
    proc = subprocess.run(
        [sys.executable, "-m", "sastls.server.cli", "triage", "findings/bandit.sarif", "--repo", ".",
         "--store", str(store), "--fail-on", "never", "--no-progress"],
        cwd=ws, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return proc.stdout + proc.stderr


def test_triage_decides_again_when_the_models_change_and_says_why(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    shutil.copytree(PYAPP, ws)
    store = tmp_path / "v.db"
    first = _triage(ws, store)
    assert "decided again" not in first
    second = _triage(ws, store)
    assert "investigated 0," in second and "decided again" not in second
    (ws / ".sastls" / "models").mkdir(parents=True, exist_ok=True)
    (ws / ".sastls" / "models" / "mine.toml").write_text(MODEL)
    third = _triage(ws, store)
    line = next(ln for ln in third.splitlines() if "decided again" in ln)
    n = int(line.split("decided again: ")[1].split()[0])
    assert n > 0 and f"({n} models changed)" in line
    assert "reused 0 verdicts" in third
